# An app run from a URL, shaped like a real one: a tab-bar root (a real Applicaster class) with a
# live_drawer item the menu does not show and a WEB_URL item, a paged feed given as a path on the
# server, and content types that open its entries. Sourced by ../run.sh (helpers, feed server).

scenario_remote_app() {
    echo "# an app from a URL: content types and path feeds fetched from its server, root-menu types warned about"
    local s=remote served="$WORK/remote-served"
    has_python3 remote_app || return 0
    local app="$served/apps/tv"
    mkdir -p "$app/feeds"
    serve_loopback "$served" "remote app" || return
    local server=$SERVER_PID base=$SERVER_BASE/apps/tv
    cat >"$app/plugin_configurations.json" <<'JSON'
[{"plugin": {"identifier": "tabs", "type": "menu", "name": "Tab Bar", "api": {"class_name": "ZappRoot.ZPNativeTabBarController"}}, "configuration_json": {}}]
JSON
    cat >"$app/river.json" <<'JSON'
[
 {"id": "home-1", "name": "Home", "type": "general_content", "home": true,
  "navigations": [{"id": "m", "category": "menu", "navigation_type": "tabs", "nav_items": [
    {"id": "tab-home", "title": "Home", "type": "label", "data": {"target": "home-1"}},
    {"id": "tab-live", "title": "Live", "type": "live_drawer", "data": {}},
    {"id": "tab-help", "title": "Help", "type": "WEB_URL", "data": {"source": "https://example.com/help"}}]}],
  "ui_components": [{"id": "shows", "component_type": "list", "data": {"title": "Tonight", "source": "feeds/shows.json"}}]},
 {"id": "player-1", "name": "Player", "type": "general_content"}
]
JSON
    cat >"$app/content_types.json" <<'JSON'
{"video": {"screen_id": "player-1"}}
JSON
    cat >"$app/feeds/shows.json" <<'JSON'
{"id": "shows", "title": "Shows", "next": "shows-2.json", "entry": [{"id": "s1", "title": "Night Shift", "summary": "Season 2 is out.", "type": {"value": "video"}}]}
JSON
    cat >"$app/feeds/shows-2.json" <<'JSON'
{"id": "shows", "title": "Shows", "next": "shows.json", "entry": [{"id": "s2", "title": "Quiet Hills", "summary": "A slow mystery.", "type": {"value": "video"}}]}
JSON
    "$ZAPP_SHELL" validate "$base/" >"$WORK/remote-validate.out" 2>&1
    check "remote app: validate fetches content_types.json" grep -q "$base/content_types.json: ok" "$WORK/remote-validate.out"
    check "remote app: the live_drawer tab is a warning naming the types the menu shows" \
        grep -q 'root menu item "tab-live" has type "live_drawer", which zapp-shell does not show.*WEB_URL' "$WORK/remote-validate.out"
    "$ZAPP_SHELL" validate "$app/content_types.json" >"$WORK/remote-types.out" 2>&1
    check "validate: a content_types.json alone is recognised and checked" grep -q "content_types.json: ok" "$WORK/remote-types.out"

    check "$s: a shell starts in tmux" new_shell "$s" || { kill "$server"; return; }
    launch "$s" "'$base/'" --state-dir "'$WORK/remote-state'" --log "'$WORK/remote.log'"
    check "remote app: the feed given as a path is fetched from the app's server" wait_for "$s" "Night Shift" 15 || { kill "$server"; return; }
    check "remote app: the WEB_URL item is a tab" wait_for "$s" "Help"
    check "remote app: the live_drawer item is left out of the tab bar" not_on_screen "$s" "Live"
    check "remote app: the warning is counted on the status line" wait_for "$s" "warnings (w)"
    keys "$s" Enter
    check "remote app: content types open the entry's screen" wait_for "$s" "Player"
    keys "$s" Escape
    check "remote app: back home" wait_for "$s" "Night Shift"
    check "remote app: the feed's next page is offered" wait_for "$s" "More entries"
    keys "$s" End Enter
    check "remote app: More entries loads the next page (its path relative to the feed's)" wait_for "$s" "Quiet Hills" 15
    check "remote app: a next page that leads back to the first ends the feed" wait_gone "$s" "More entries"
    keys "$s" q
    check "remote app: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
    kill "$server"
}
more_scenarios+=(remote_app)
