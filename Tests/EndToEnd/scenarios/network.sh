# A failing network in the running app (issue 13.4) and secrets that never leak (13.5).
# Sourced by ../run.sh, which provides the helpers; the loopback server is run.sh's
# write_feed_server.

# start_feed_server DIR PORTFILE: serves DIR on 127.0.0.1; prints the server's pid.
start_feed_server() {
    write_feed_server "$1"
    python3 "$1/server.py" "$2" >/dev/null 2>&1 &
    echo $!
}

scenario_network() {
    echo "# feeds on a failing network: each fault explained in place, the UI responsive, timeouts and size caps honoured, retry"
    local s=network app="$WORK/net-app" served="$WORK/net-served"
    if ! command -v python3 >/dev/null 2>&1; then
        echo "skip network: python3 is not installed"
        return
    fi
    mkdir -p "$app" "$served"
    local server
    server=$(start_feed_server "$served" "$WORK/net-port")
    check "network: the loopback server starts" wait_file "$WORK/net-port" || { kill "$server"; return; }
    local base
    base="http://127.0.0.1:$(cat "$WORK/net-port")"
    cat >"$served/shows.json" <<'JSON'
{"id": "shows", "title": "Shows", "entry": [{"id": "s1", "title": "Night Shift", "summary": "Season 2 is out."}]}
JSON
    head -c $((50 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >"$served/huge.json"
    printf '{"id": "x", "title": "Caf\xe9 \xff", "entry": []}' >"$served/latin1.json"
    echo '[{"plugin": {"identifier": "side_menu", "type": "menu", "name": "Side Menu", "api": {"class_name": "ZappRoot.ZPSideMenuViewController"}}, "configuration_json": {}}]' \
        >"$app/plugin_configurations.json"
    cat >"$app/river.json" <<JSON
[
 {"id": "home-1", "name": "Home", "type": "general_content", "home": true,
  "ui_components": [{"id": "ok", "component_type": "list", "data": {"title": "Fine", "source": "$base/shows.json"}}]},
 {"id": "cut-1", "name": "Cut", "type": "general_content", "ui_components": [
    {"id": "drop", "component_type": "list", "data": {"title": "Dropped", "source": "$base/drop"}},
    {"id": "huge", "component_type": "list", "data": {"title": "Huge", "source": "$base/huge.json"}}]},
 {"id": "odd-1", "name": "Odd", "type": "general_content", "ui_components": [
    {"id": "bytes", "component_type": "list", "data": {"title": "Bytes", "source": "$base/latin1.json"}},
    {"id": "loop", "component_type": "list", "data": {"title": "Loop", "source": "$base/loop"}}]},
 {"id": "status-1", "name": "Status", "type": "general_content", "ui_components": [
    {"id": "e500", "component_type": "list", "data": {"title": "Error", "source": "$base/status/500"}},
    {"id": "e401", "component_type": "list", "data": {"title": "Unauthorized", "source": "$base/status/401"}}]},
 {"id": "flaky-1", "name": "Flaky", "type": "general_content", "ui_components": [
    {"id": "flaky", "component_type": "list", "data": {"title": "Flaky", "source": "$base/flaky.json"}}]},
 {"id": "stall-1", "name": "Stall", "type": "general_content", "ui_components": [
    {"id": "stall", "component_type": "list", "data": {"title": "Stalled", "source": "$base/stall.json"}}]}
]
JSON
    check "network: the app validates" "$ZAPP_SHELL" validate "$app" || { kill "$server"; return; }
    check "$s: a shell starts in tmux" new_shell "$s" 120 40 || { kill "$server"; return; }
    launch "$s" "'$app'" --state-dir "'$WORK/net-state'" --log "'$WORK/network.log'"
    check "network: a working feed loads" wait_for "$s" "Night Shift" 15 || { kill "$server"; return; }

    goto_screen() { keys "$s" g; type_text "$s" "$1"; keys "$s" Enter; }
    goto_screen stall
    check "network: a stalled feed shows its spinner" wait_for "$s" "Loading $base/stall.json"
    keys "$s" "?"
    check "network: the UI answers keys while the feed waits" wait_for "$s" "Keys"
    keys "$s" Escape
    check "network: the feed's timeout is honoured and named in place" \
        wait_for "$s" "Could not load $base/stall.json: did not answer within 10 s" 20

    goto_screen cut
    check "network: a body cut short is explained in place" wait_for "$s" "Could not load $base/drop: the connection closed before the whole" 15
    check "network: 50 MB stop at the size cap" wait_for "$s" "Could not load $base/huge.json: the answer is larger than the 16 MiB limit" 15
    goto_screen odd
    check "network: invalid UTF-8 is named with its place" wait_for "$s" "UTF-8" 15
    check "network: a redirect loop is named" wait_for "$s" "Could not load $base/loop: redirected more than 5 times" 15
    goto_screen status
    check "network: a 500 names status and URL" wait_for "$s" "Could not load $base/status/500: HTTP 500 Internal Server Error from" 15
    check "network: a 401 names status and URL" wait_for "$s" "Could not load $base/status/401: HTTP 401 Unauthorized from" 15

    goto_screen flaky
    check "network: a failing feed offers a retry" wait_for "$s" "Could not load $base/flaky.json: HTTP 503 Service Unavailable from" 15 &&
        wait_for "$s" "Retry (r)"
    touch "$served/flaky.ok"
    keys "$s" Home r
    check "network: the retry loads it once the server behaves" wait_for "$s" "Night Shift" 15 &&
        wait_gone "$s" "HTTP 503"
    keys "$s" q
    check "network: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
    kill "$server"
}
more_scenarios+=(network)
