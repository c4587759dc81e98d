# Reload keeps everything that is not the app (issue 23): `r` and `run --watch` on a local app,
# and `r` on an app served over HTTP. What a reload must not lose: $BROWSER for web links, the
# load warnings (recomputed for the new app), an open Sign-in pane, a failed reload's message
# (kept in `w` and the log); and nothing may be printed over the UI.

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

scenario_reload() {
    echo "# reload keeps everything that is not the app (r, --watch, an app over HTTP)"
    local s=reload app="$WORK/reload-app"
    has_python3 reload || return 0
    "$ZAPP_SHELL" init "$app" >/dev/null || { check "reload: init writes an app" false; return; }
    printf '#!/bin/sh\necho "$@" >>"%s"\n' "$WORK/reload-browser.out" >"$WORK/reload-browser.sh"
    chmod +x "$WORK/reload-browser.sh"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "export BROWSER='$WORK/reload-browser.sh'"
    launch "$s" "'$app'" --watch --state-dir "'$WORK/reload-state'" --log "'$WORK/reload.log'"
    check "reload: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return

    keys "$s" r
    check "r: the app reloads" wait_for "$s" "Reloaded reload-app" || return
    choose_menu_item "$s" 10
    check "r: a web link still runs \$BROWSER" wait_for "$s" 'Opening https://zapptv.example/help with $BROWSER' || return
    check "r: no \"Set \$BROWSER\" pane" not_on_screen "$s" "Set \$BROWSER" || return

    add_dangling_hook "$app"
    check "--watch: the edited app reloads with its warning counted" wait_for "$s" "1 warning (w)" || return
    keys "$s" w
    check "--watch: w lists the recomputed warning" wait_for "$s" 'names no plugin' || return
    keys "$s" Escape
    check "--watch: the warnings pane closes" wait_gone "$s" "Esc closes" || return

    choose_menu_item "$s" 6
    check "--watch: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return
    sed -i 's/"name": "Movies"/"name": "Films"/' "$app/river.json"
    check "--watch: a reload while the Sign-in pane is open" wait_for "$s" "Reloaded reload-app" || return
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
    check "signed in: the stale \"Blocked by\" message is gone" not_on_screen "$s" "Blocked by" || return

    cp "$app/river.json" "$WORK/reload-river.good"
    printf '[{"id": "home", "home": true,\n  "name": ]' >"$app/river.json"
    check "--watch: a failed reload is reported" wait_for "$s" "Reload failed" || return
    keys "$s" w
    check "--watch: w lists the failed reload first" wait_for "$s" "• Reload failed, still showing the last good app:" || return
    check "--watch: with its whole message" wait_for "$s" "error: unexpected ']'" || return
    keys "$s" Escape
    check "--watch: the log keeps it too" grep -q "river.json:2:11: error: unexpected" "$WORK/reload.log"
    cp "$WORK/reload-river.good" "$app/river.json"
    check "--watch: the fixed file reloads" wait_for "$s" "Reloaded reload-app" || return
    keys "$s" q
    check "reload: q quits (status 0)" wait_for "$s" "rc=0"

    # An app served over HTTP: named after its host, and its reload prints nothing over the UI.
    local served="$WORK/reload-served"
    cp -r "$app" "$served"
    serve_loopback "$served" reload-http || return
    local server=$SERVER_PID base=$SERVER_BASE
    run_line "$s" "clear"
    launch "$s" "'$base/'" --state-dir "'$WORK/reload-state'" --log "'$WORK/reload-http.log'"
    check "http: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || { kill "$server"; return; }
    keys "$s" r
    check "http: r reloads it, named after its host" wait_for "$s" "Reloaded 127.0.0.1:" || { kill "$server"; return; }
    check "http: the reload's fetches are not printed over the UI" not_on_screen "$s" "Fetching"
    check "http: they are logged" grep -q "Fetching $base/river.json" "$WORK/reload-http.log"
    check "http: it is not named \"/\"" not_on_screen "$s" "Reloaded / "
    printf 'STRAY OUTPUT' >"$(tm display -p -t "$s" '#{pane_tty}')"
    check "Ctrl-L: stray output is on the screen" wait_for "$s" "STRAY OUTPUT"
    keys "$s" C-l
    check "Ctrl-L: the frame is drawn anew" wait_gone "$s" "STRAY OUTPUT"
    keys "$s" q
    check "http: q quits (status 0)" wait_for "$s" "rc=0"
    kill "$server"
    tm kill-session -t "$s"
}
more_scenarios+=(reload)
