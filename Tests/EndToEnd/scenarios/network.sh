# A failing network in the running app (issue 13.4) and secrets that never leak (13.5).
# Sourced by ../run.sh, which provides the helpers; the loopback server is run.sh's
# write_feed_server.

scenario_network() {
    echo "# feeds on a failing network: each fault explained in place, the UI responsive, timeouts and size caps honoured, retry"
    local s=network app="$WORK/net-app" served="$WORK/net-served"
    has_python3 network || return 0
    mkdir -p "$app" "$served"
    serve_loopback "$served" network || return
    local server=$SERVER_PID base=$SERVER_BASE
    cat >"$served/shows.json" <<'JSON'
{"id": "shows", "title": "Shows", "entry": [{"id": "s1", "title": "Night Shift", "summary": "Season 2 is out."}]}
JSON
    head -c $((50 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >"$served/huge.json"
    printf '{"id": "x", "title": "Caf\xe9 \xff", "entry": []}' >"$served/latin1.json"
    python3 -c 'import json, sys; json.dump({"id": "big", "entry": [{"id": "b%d" % n, "title": "Big %d" % n} for n in range(12000)]}, open(sys.argv[1], "w"))' \
        "$served/big.json"
    # A feed address with a password and a token (issue 34): both are redacted on screen.
    local secret_feed="http://ann:Pw-Net-5d2@${base#http://}/missing.json?token=Tok-Net-77"
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
    {"id": "stall", "component_type": "list", "data": {"title": "Stalled", "source": "$base/stall.json"}}]},
 {"id": "big-1", "name": "Big", "type": "general_content", "ui_components": [
    {"id": "big", "component_type": "list", "data": {"title": "Big", "source": "$base/big.json"}}]},
 {"id": "secret-1", "name": "Secret", "type": "general_content", "ui_components": [
    {"id": "secret", "component_type": "list", "data": {"title": "Secret", "source": "$secret_feed"}}]}
]
JSON
    if command -v ldd >/dev/null 2>&1; then
        check "network: the binary loads neither libcurl nor FoundationNetworking at start (HTTP opens libcurl on the first request)" \
            bash -c "! ldd '$ZAPP_SHELL' | grep -qi 'libcurl\|FoundationNetworking'"
    fi
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

    # Issue 34: a feed over the entry cap says so in the running app; credentials are not shown.
    goto_screen big
    check "network: a feed of 12,000 entries shows its first" wait_for "$s" "Big 0" 15
    # The other warning is the load's: the side menu's class is the SDK's, not a ZappShell one.
    check "network: the cap's warning is counted in the status line" wait_for "$s" "2 warnings (w)" 15
    keys "$s" w
    check "network: w names the feed and the count kept" wait_for "$s" "feed $base/big.json: 12000 entries listed; the first 10000 are kept"
    keys "$s" Escape
    goto_screen secret
    check "network: a failed feed's address is shown with its credentials redacted" \
        wait_for "$s" "Could not load http://ann:***@${base#http://}/missing.json?token=***" 15
    check "network: the feed's password and token are nowhere on screen" not_on_screen "$s" "Pw-Net-5d2"
    check "network: nor its token" not_on_screen "$s" "Tok-Net-77"
    keys "$s" q
    check "network: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
    kill "$server"
}
more_scenarios+=(network)

# write_login_server DIR: a loopback ZappShell.HTTPLogin endpoint that accepts `demo` with
# the password given as argv[2] and answers with the token argv[3].
write_login_server() {
    cat >"$1/login.py" <<'PY'
import http.server, json, os, sys
password, token = sys.argv[2], sys.argv[3]
class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get('Content-Length', 0))) or b'{}')
        ok = body.get('username') == 'demo' and body.get('password') == password
        answer = {'token': token, 'entitlements': ['premium']} if ok else {'error': 'Wrong username or password'}
        data = json.dumps(answer).encode()
        self.send_response(200 if ok else 401)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
with open(sys.argv[1] + '.tmp', 'w') as f: f.write(str(server.server_address[1]))
os.rename(sys.argv[1] + '.tmp', sys.argv[1])
server.serve_forever()
PY
}

# sign_in_session NAME PLUGINS PASSWORD: runs the demo app with PLUGINS, signs in as demo on
# Premium (a wrong password first), capturing the screen after every step into
# $WORK/NAME.screens; the log goes to $WORK/NAME.log and the state to $WORK/NAME-state.
sign_in_session() {
    local s=$1 plugins=$2 password=$3 screens="$WORK/$1.screens"
    capture() { { tm capture-pane -p -t "$s"; tm capture-pane -p -e -t "$s"; } >>"$screens" 2>/dev/null; }
    check "$s: a shell starts in tmux" new_shell "$s" || return 1
    launch "$s" --plugins "'$plugins'" --state-dir "'$WORK/$s-state'" --log "'$WORK/$s.log'"
    check "$s: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return 1
    choose_menu_item "$s" 6
    check "$s: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return 1
    type_text "$s" demo; keys "$s" Tab; type_text "$s" "${password}x"; capture; keys "$s" Enter
    check "$s: a wrong password is refused" wait_for "$s" "Wrong username or password" || return 1
    capture
    keys "$s" BSpace
    capture
    keys "$s" Enter
    check "$s: the right password opens Premium" wait_for "$s" "Members' premieres" 15 || return 1
    capture
    keys "$s" g; type_text "$s" settings; keys "$s" Enter
    check "$s: Settings shows who is signed in" wait_for "$s" "Signed in     demo" || return 1
    capture
    keys "$s" q
    check "$s: quit" wait_for "$s" "rc=0" || return 1
    tm capture-pane -p -S - -t "$s" >>"$screens"
    tm kill-session -t "$s"
}

# no_leak SECRET FILE...: succeeds when no FILE contains SECRET (and names those that do).
no_leak() {
    local secret=$1
    shift
    ! grep -l -F -- "$secret" "$@"
}

scenario_secrets() {
    echo "# secrets: a sign-in session's password and token reach no log, trace, screen or message; the session file is 0600 and holds only the token"
    has_python3 secrets || return 0
    local password="Pw-Leak-7c1e" token="Tok-Leak-93af" demo_plugins
    demo_plugins="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/Sources/zapp-shell/DemoApp/plugin_configurations.json"
    local local_plugins="$WORK/secret-local.json" http_plugins="$WORK/secret-http.json"
    mkdir -p "$WORK/login-served"
    write_login_server "$WORK/login-served"
    python3 "$WORK/login-served/login.py" "$WORK/login-port" "$password" "$token" >/dev/null 2>&1 &
    local server=$!
    check "secrets: the loopback login server starts" wait_file "$WORK/login-port" || { kill "$server"; return; }
    local endpoint
    endpoint="http://127.0.0.1:$(cat "$WORK/login-port")/login"
    python3 - "$demo_plugins" "$local_plugins" "$http_plugins" "$password" "$endpoint" <<'PY'
import json, sys
source, local_out, http_out, password, endpoint = sys.argv[1:]
plugins = json.load(open(source))
login = next(p for p in plugins if p['plugin']['api']['class_name'] == 'ZappShell.LocalLogin')
for user in login['configuration_json']['users']:
    if user['username'] == 'demo': user['password'] = password
json.dump(plugins, open(local_out, 'w'))
login['plugin']['api']['class_name'] = 'ZappShell.HTTPLogin'
login['configuration_json'] = {'endpoint': endpoint, 'timeout_seconds': 5}
json.dump(plugins, open(http_out, 'w'))
PY
    check "secrets: plugin lists with a known password (LocalLogin) and the loopback endpoint (HTTPLogin)" \
        test -s "$local_plugins" -a -s "$http_plugins" || { kill "$server"; return; }
    sign_in_session secretlocal "$local_plugins" "$password" || { kill "$server"; return; }
    sign_in_session secrethttp "$http_plugins" "$password" || { kill "$server"; return; }
    kill "$server"

    local outputs="$WORK/secret-outputs"
    mkdir -p "$outputs"
    for plugins in "$local_plugins" "$http_plugins"; do
        local name
        name=$(basename "$plugins" .json)
        "$ZAPP_SHELL" trace --plugins "$plugins" --screen premium --signed-in demo >"$outputs/$name.trace.txt" 2>&1
        "$ZAPP_SHELL" trace --plugins "$plugins" --screen premium --signed-in demo --json >"$outputs/$name.trace.json" 2>&1
        "$ZAPP_SHELL" trace --plugins "$plugins" --screen premium --answer zapptv_login=success >"$outputs/$name.answer.txt" 2>&1
        "$ZAPP_SHELL" trace --plugins "$plugins" --screen premium --answer zapptv_login=failure --json >"$outputs/$name.answer.json" 2>&1
        "$ZAPP_SHELL" validate --plugins "$plugins" >"$outputs/$name.validate.txt" 2>&1
    done
    check "secrets: trace --signed-in opens Premium" grep -q "premium" "$outputs/secret-local.trace.txt"

    local every=("$WORK"/secretlocal.log "$WORK"/secrethttp.log "$WORK"/secretlocal.screens "$WORK"/secrethttp.screens "$outputs"/*)
    local file missing=""
    for file in "${every[@]}"; do [ -s "$file" ] || missing="$missing $file"; done
    check "secrets: every output was written (logs, screens, traces)" test -z "$missing"
    check "secrets: the search finds the password where it belongs (the plugin list)" grep -q -F -- "$password" "$local_plugins"
    check "secrets: the password is in no log, trace (text and JSON), validate output or screen" no_leak "$password" "${every[@]}"
    check "secrets: the token is in no log, trace or screen" no_leak "$token" "${every[@]}"

    local http_session local_session
    http_session=$(find "$WORK/secrethttp-state" -name '*.session.json' | head -n 1)
    local_session=$(find "$WORK/secretlocal-state" -name '*.session.json' | head -n 1)
    check "secrets: the HTTP session file holds the token" grep -q -F "$token" "$http_session"
    check "secrets: session files are mode 0600" test "$(stat -c %a "$http_session" "$local_session" | sort -u)" = 600
    check "secrets: session files hold no password" no_leak "$password" "$http_session" "$local_session"
    check "secrets: session files hold only username, token, entitlements, expiry and provider" python3 - "$http_session" "$local_session" <<'PY'
import json, sys
allowed = {'username', 'token', 'entitlements', 'expires_at', 'provider'}
sys.exit(0 if all(set(json.load(open(path))) <= allowed for path in sys.argv[1:]) else 1)
PY
    check "secrets: no temporary session files are left beside them" \
        test -z "$(find "$WORK/secrethttp-state" "$WORK/secretlocal-state" -name '*.tmp')"
}
more_scenarios+=(secrets)
