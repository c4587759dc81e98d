# Reload keeps everything that is not the app (issue 23): `r` and `run --watch` on a local app,
# and `r` on an app served over HTTP. What a reload must not lose: $BROWSER for web links, the
# load warnings (recomputed for the new app), an open Sign-in pane, a failed reload's message
# (kept in `w` and the log); and nothing may be printed over the UI. One scenario per bug, each
# on a fresh copy of the demo app.

# add_dangling_hook APP: the last screen of APP's river gets a pre hook naming no plugin (one
# warning in `validate`).
add_dangling_hook() {
    python3 - "$1/river.json" <<'EOF'
import json, sys
path = sys.argv[1]
river = json.load(open(path))
river[-1].setdefault("hooks", {}).setdefault("preload_plugins", []).append({"identifier": "ghost-plugin", "type": "general"})
json.dump(river, open(path, "w"), indent=1)
EOF
}

# start_reload_app SESSION NAME [OPTIONS...]: a fresh copy of the demo app in $WORK/NAME, run with
# $BROWSER set (it appends its arguments to $WORK/NAME-browser.out) in a new tmux session.
start_reload_app() {
    local s=$1 name=$2
    shift 2
    has_python3 "$name" || return 1
    rm -rf "$WORK/$name"
    "$ZAPP_SHELL" init "$WORK/$name" >/dev/null || { check "$name: init writes an app" false; return 1; }
    printf '#!/bin/sh\necho "$@" >>"%s"\n' "$WORK/$name-browser.out" >"$WORK/$name-browser.sh"
    chmod +x "$WORK/$name-browser.sh"
    check "$name: a shell starts in tmux" new_shell "$s" || return 1
    run_line "$s" "export BROWSER='$WORK/$name-browser.sh'"
    launch "$s" "'$WORK/$name'" "$@" --state-dir "'$WORK/$name-state'" --log "'$WORK/$name.log'"
    check "$name: the app opens" wait_for "$s" "Tonight on ZappTV" 15
}

# quit_reload_app SESSION NAME: q ends the app with status 0.
quit_reload_app() {
    keys "$1" q
    check "$2: q quits (status 0)" wait_for "$1" "rc=0"
    tm kill-session -t "$1"
}

scenario_reload_browser() {
    echo "# after r, web links still run \$BROWSER"
    local s=rbrowser
    start_reload_app "$s" reload-browser || return
    keys "$s" r
    check "r: the app reloads" wait_for "$s" "Reloaded reload-browser" || return
    choose_menu_item "$s" 10
    check "r: a web link still runs \$BROWSER" wait_for "$s" 'Opening https://zapptv.example/help with $BROWSER' || return
    check "r: no \"Set \$BROWSER\" pane" not_on_screen "$s" "Set \$BROWSER" || return
    quit_reload_app "$s" reload-browser
}

scenario_reload_warnings() {
    echo "# a --watch reload recomputes the load warnings"
    local s=rwarnings app="$WORK/reload-warnings"
    start_reload_app "$s" reload-warnings --watch || return
    add_dangling_hook "$app"
    # Two: the dangling hook, and the edited folder's commands no longer trusted (issue 34).
    check "--watch: the edited app reloads with its warnings counted" wait_for "$s" "2 warnings (w)" || return
    keys "$s" w
    check "--watch: w lists the recomputed warning" wait_for "$s" 'names no plugin' || return
    keys "$s" Escape
    check "--watch: the warnings pane closes" wait_gone "$s" "Esc closes" || return
    quit_reload_app "$s" reload-warnings
}

scenario_reload_pane() {
    echo "# a --watch reload keeps an open Sign-in pane open; a sign-in that then succeeds clears \"Blocked by\""
    local s=rpane app="$WORK/reload-pane"
    start_reload_app "$s" reload-pane --watch || return
    choose_menu_item "$s" 6
    check "--watch: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return
    sed -i 's/"name": "Movies"/"name": "Films"/' "$app/river.json"
    check "--watch: a reload while the Sign-in pane is open" wait_for "$s" "Reloaded reload-pane" || return
    check "--watch: the Sign-in pane stays open" wait_for "$s" "Sign in to open Premium." || return
    check "--watch: its navigation was not cancelled" not_on_screen "$s" "Blocked by" || return
    keys "$s" Escape
    check "a cancelled sign-in blocks Premium" wait_for "$s" "Blocked by" || return
    choose_menu_item "$s" 6
    check "sign in again" wait_for "$s" "Sign in to open Premium." || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" demo
    keys "$s" Enter
    check "signed in: Premium opens" wait_gone "$s" "Sign in to open Premium." || return
    check "signed in: the stale \"Blocked by\" message is gone" wait_gone "$s" "Blocked by" || return
    quit_reload_app "$s" reload-pane
}

scenario_reload_pane_gone() {
    echo "# a --watch reload that removes the open pane's plugin closes it with a message; the hook's outcome reaches the trace panel and the tape"
    local s=rgone app="$WORK/reload-gone"
    start_reload_app "$s" reload-gone --watch --record "'$WORK/reload-gone.tape'" || return
    choose_menu_item "$s" 6
    check "--watch: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return
    python3 - "$app/plugin_configurations.json" <<'EOF2'
import json, sys
path = sys.argv[1]
plugins = [p for p in json.load(open(path)) if p["plugin"]["identifier"] != "zapptv_login"]
json.dump(plugins, open(path, "w"), indent=1)
EOF2
    check "--watch: the pane closes with a message" wait_for "$s" "Closed the pane of zapptv_login: the reloaded app no longer has that plugin" || return
    check "--watch: the pane is gone" wait_gone "$s" "Sign in to open Premium." || return
    keys "$s" '`'
    check "the trace panel shows the hook's outcome" wait_for "$s" "pre zapptv_login: failed: User has closed hook execution" || return
    keys "$s" '`'
    quit_reload_app "$s" reload-gone
    check "the tape has the hook's outcome" grep -qx "hook pre zapptv_login: failed: User has closed hook execution" "$WORK/reload-gone.tape"
    check "the tape has the navigation blocked" grep -qx "blocked by zapptv_login: User has closed hook execution" "$WORK/reload-gone.tape"
}

scenario_reload_failure() {
    echo "# a failed --watch reload is kept whole in w and the log"
    local s=rfailure app="$WORK/reload-failure"
    start_reload_app "$s" reload-failure --watch || return
    cp "$app/river.json" "$WORK/reload-failure-river.good"
    printf '[{"id": "home", "home": true,\n  "name": ]' >"$app/river.json"
    check "--watch: a failed reload is reported" wait_for "$s" "Reload failed" || return
    keys "$s" w
    check "--watch: w lists the failed reload first" wait_for "$s" "• Reload failed, still showing the last good app:" || return
    check "--watch: with its whole message" wait_for "$s" "error: unexpected ']'" || return
    keys "$s" Escape
    check "--watch: the log keeps it too" grep -q "river.json:2:11: error: unexpected" "$WORK/reload-failure.log"
    cp "$WORK/reload-failure-river.good" "$app/river.json"
    check "--watch: the fixed file reloads" wait_for "$s" "Reloaded reload-failure" || return
    quit_reload_app "$s" reload-failure
}

scenario_reload_http() {
    echo "# an app over HTTP: named after its host; its reload prints nothing over the UI; Ctrl-L repaints"
    local s=rhttp served="$WORK/reload-served"
    has_python3 reload_http || return 0
    rm -rf "$served"
    "$ZAPP_SHELL" init "$served" >/dev/null || { check "reload_http: init writes an app" false; return; }
    serve_loopback "$served" reload-http || return
    local server=$SERVER_PID base=$SERVER_BASE
    check "$s: a shell starts in tmux" new_shell "$s" || { kill "$server"; return; }
    launch "$s" "'$base/'" --state-dir "'$WORK/reload-http-state'" --log "'$WORK/reload-http.log'"
    check "http: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || { kill "$server"; return; }
    keys "$s" r
    check "http: r reloads it, named after its host" wait_for "$s" "Reloaded 127.0.0.1:" || { kill "$server"; return; }
    check "http: the reload's fetches are not printed over the UI" not_on_screen "$s" "Fetching"
    check "http: they are logged" grep -q "Fetching $base/river.json" "$WORK/reload-http.log"
    printf 'STRAY OUTPUT' >"$(tm display -p -t "$s" '#{pane_tty}')"
    check "Ctrl-L: stray output is on the screen" wait_for "$s" "STRAY OUTPUT"
    keys "$s" C-l
    check "Ctrl-L: the frame is drawn anew" wait_gone "$s" "STRAY OUTPUT"
    kill "$server"
    quit_reload_app "$s" reload-http
}
more_scenarios+=(reload_browser reload_warnings reload_pane reload_pane_gone reload_failure reload_http)
