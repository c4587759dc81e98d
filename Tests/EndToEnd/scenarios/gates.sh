# zapp-shell gates: the report checked against trace for every screen, gates --diff, and the
# lock marks, the stand-in's flow-blocker line and the sign-in toast in the running app.

# write_gates_app DIR [NAVIGATION_TYPE]: an app with a stand-in gate of a real class name
# (PrehookExample.HookManager, a flow blocker by configuration_json), an external hook whose
# answer is the file DIR/answer ("success" or anything else), a local login, a screen that
# nothing leads to, and its root menu as a side menu (default) or a tab bar ("tabs"). The folder
# is trusted (`zapp-shell trust`), so its external hook runs.
write_gates_app() {
    local dir=$1 root=${2:-menu}
    mkdir -p "$dir"
    cat >"$dir/river.json" <<JSON
[{"id": "home", "name": "Home", "home": true,
  "navigations": [{"category": "menu", "navigation_type": "$root", "nav_items": [
    {"id": "i0", "title": "Home", "type": "label", "data": {"target": "home"}},
    {"id": "i1", "title": "Vault", "type": "label", "data": {"target": "vault"}},
    {"id": "i2", "title": "Members", "type": "label", "data": {"target": "members"}}]}],
  "ui_components": [{"component_type": "list", "data": {"title": "Start here",
    "items": [{"title": "Details", "target": "details"}]}}]},
 {"id": "vault", "name": "Vault", "hooks": {"preload_plugins": [
    {"identifier": "parental", "type": "general"}, {"identifier": "ext", "type": "general"}]},
  "ui_components": [{"component_type": "list", "data": {"title": "Vault contents", "items": [{"title": "Gold"}]}}]},
 {"id": "members", "name": "Members", "hooks": {"preload_plugins": [{"identifier": "login", "type": "login"}]},
  "ui_components": [{"component_type": "list", "data": {"title": "Members only", "items": [{"title": "Welcome"}]}}]},
 {"id": "details", "name": "Details"},
 {"id": "hidden", "name": "Hidden", "hooks": {"preload_plugins": [{"identifier": "analytics", "type": "analytics"}]}}]
JSON
    cat >"$dir/plugin_configurations.json" <<'JSON'
[{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}},
 {"plugin": {"identifier": "tabs", "type": "menu", "api": {"class_name": "ZappShell.TabBar"}}},
 {"plugin": {"identifier": "parental", "name": "Parental gate", "type": "general", "preload": true,
             "api": {"class_name": "PrehookExample.HookManager"}},
  "configuration_json": {"is_flow_blocker": "1"}},
 {"plugin": {"identifier": "ext", "type": "general", "api": {"class_name": "ZappShell.ExternalHook"}},
  "configuration_json": {"command": ["./check.sh"]}},
 {"plugin": {"identifier": "login", "type": "login", "api": {"class_name": "ZappShell.LocalLogin"}},
  "configuration_json": {"users": [{"username": "ann", "password": "pw"}]}},
 {"plugin": {"identifier": "analytics", "type": "general", "api": {"class_name": "ZappShell.Analytics"}}}]
JSON
    cat >"$dir/check.sh" <<'SH'
#!/bin/sh
cat >/dev/null
if [ "$(cat "$(dirname "$0")/answer" 2>/dev/null)" = success ]; then
    echo '{"success": true}'
else
    echo '{"success": false, "error": "refused"}'
fi
SH
    chmod +x "$dir/check.sh"
    echo fail >"$dir/answer"
    "$ZAPP_SHELL" trust "$dir" >/dev/null
}

# gates_agree_with_trace APP USER YES NO: for every screen of `gates APP --format json` (and
# its text; APP "-" is the demo app), with USER signed in unless "-": `trace` with every asking
# hook answered success ends in the report's when_accepted, and with none answered (panes
# cancelled) in its when_declined, in trace's text and JSON. External hooks are made to
# succeed for the first run and fail for the second by YES and NO: a shell command run first,
# or `env:NAME=VALUE` for trace's environment.
gates_agree_with_trace() {
    python3 - "$ZAPP_SHELL" "$@" <<'PY'
import json, os, subprocess, sys
shell, app, user, yes, no = sys.argv[1:]
app_args = [app] if app != "-" else []
user_args = ["--signed-in", user] if user != "-" else []
def run(args, env=None):
    return subprocess.run([shell] + args, capture_output=True, text=True, env=env)
def prepare(setup):
    if setup.startswith("env:"):
        name, _, value = setup[4:].partition("=")
        return dict(os.environ, **{name: value})
    subprocess.run(setup, shell=True, check=True)
    return None
report = json.loads(run(["gates"] + app_args + user_args + ["--format", "json"]).stdout)
text = run(["gates"] + app_args + user_args).stdout
problems = 0
for screen in report["screens"]:
    session = report["signed_in"] and screen["signed_in"] or screen["signed_out"]
    asking = [step["identifier"] for step in session["steps"] if step["decision"] == "asks"]
    for branch, setup, answers in (("when_accepted", yes, [f"{a}=success" for a in asking]), ("when_declined", no, [])):
        env = prepare(setup)
        args = ["trace"] + app_args + ["--screen", screen["id"]] + user_args
        for answer in answers: args += ["--answer", answer]
        trace_text = run(args, env).stdout.strip().splitlines()[-1]
        env = prepare(setup)
        trace_json = json.loads(run(args + ["--json"], env).stdout)["result"]["line"]
        want = "result: " + session[branch]
        if trace_text != want or trace_json != want:
            problems += 1
            print(f"{screen['id']} {branch}: gates says {want!r}, trace says {trace_text!r} / {trace_json!r}")
    block = text.split(f"\n{screen['id']} \"", 1)[1].split("\n\n", 1)[0]
    label = f"signed in as {user}: " if user != "-" else "signed out: "
    line = next((l.strip() for l in block.splitlines() if l.strip().startswith(label)), "")
    if session["line"] != line[len(label):]:
        problems += 1
        print(f"{screen['id']}: the text says {line!r}, the JSON {session['line']!r}")
print(f"{len(report['screens'])} screens compared, {problems} problems")
sys.exit(1 if problems or not report["screens"] else 0)
PY
}

scenario_gates() {
    echo "# gates: the report against trace for every screen; html and markdown; errors"
    has_python3 gates || return 0
    local dir="$WORK/gates" rc
    write_gates_app "$dir/app"
    local yes="echo success >'$dir/app/answer'" no="echo fail >'$dir/app/answer'" user
    for user in - demo free; do
        check "gates: the demo app agrees with trace for every screen, signed in as $user (- is signed out)" \
            gates_agree_with_trace - "$user" env:ZAPPTV_PARENTAL_LOCK=0 env:ZAPPTV_PARENTAL_LOCK=1
    done
    for user in - ann; do
        check "gates: the stand-in and external app agrees with trace for every screen, signed in as $user" \
            gates_agree_with_trace "$dir/app" "$user" "$yes" "$no"
    done

    "$ZAPP_SHELL" gates "$dir/app" >"$dir/report.txt"
    check "gates: the stand-in is named with its real class" \
        grep -qF "parental (stand-in, stand-in, manifest class PrehookExample.HookManager): flow blocker (plugin)" "$dir/report.txt"
    check "gates: the external hook asks, with both branches" \
        grep -qF "ext asks (runs the external command; its answer decides) → accepted: presented vault; declined: blocked by parental" "$dir/report.txt"
    check "gates: the unreachable screen is listed" grep -qx "Unreachable (deep link or go-to only): hidden" "$dir/report.txt"

    "$ZAPP_SHELL" gates "$dir/app" --format html >"$dir/report.html"
    check "gates --format html: one page, no external resources" \
        python3 -c '
import sys
from html.parser import HTMLParser
text = open(sys.argv[1]).read()
class Check(HTMLParser):
    void = {"meta", "br", "link", "img", "input", "hr"}
    def __init__(self):
        super().__init__(); self.stack = []; self.bad = []
    def handle_starttag(self, tag, attrs):
        if tag in ("script", "link", "img", "iframe"): self.bad.append(tag)
        if tag not in self.void: self.stack.append(tag)
    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag: self.bad.append("/" + tag)
check = Check(); check.feed(text)
sys.exit(1 if check.bad or check.stack or not text.startswith("<!DOCTYPE html>") or "<style>" not in text else 0)
' "$dir/report.html"
    "$ZAPP_SHELL" gates "$dir/app" --format markdown >"$dir/report.md"
    check "gates --format markdown: one table row per screen" test "$(grep -c '^| `' "$dir/report.md")" = 5

    "$ZAPP_SHELL" gates "$dir/app" --signed-in mallory >/dev/null 2>"$dir/user.err"
    rc=$?
    check "gates --signed-in with an unknown user exits 1" test "$rc" = 1
    check "gates --signed-in: the message lists the users" grep -qF 'the configured users are "ann"' "$dir/user.err"
    "$ZAPP_SHELL" gates "$dir/app" "$dir/app" >/dev/null 2>"$dir/two.err"
    rc=$?
    check "gates with two apps and no --diff is a usage error (64)" test "$rc" = 64
    check "gates with two apps: the message points at --diff" grep -qF "use --diff OLD NEW" "$dir/two.err"
}

scenario_gates_diff() {
    echo "# gates --diff: a removed hook and a hook made a flow blocker"
    has_python3 gates_diff || return 0
    local dir="$WORK/gates-diff" rc
    write_gates_app "$dir/old"
    "$ZAPP_SHELL" gates --diff "$dir/old" "$dir/old" >"$dir/same.txt"
    rc=$?
    check "gates --diff of an app with itself exits 0" test "$rc" = 0
    check "gates --diff: says gating is unchanged" grep -qF "gating unchanged" "$dir/same.txt"

    cp -r "$dir/old" "$dir/removed"
    python3 - "$dir/removed/river.json" <<'PY'
import json, sys
river = json.load(open(sys.argv[1]))
vault = next(s for s in river if s["id"] == "vault")
vault["hooks"]["preload_plugins"] = [h for h in vault["hooks"]["preload_plugins"] if h["identifier"] != "ext"]
json.dump(river, open(sys.argv[1], "w"))
PY
    "$ZAPP_SHELL" gates --diff "$dir/old" "$dir/removed" >"$dir/removed.txt"
    rc=$?
    check "gates --diff after removing a hook exits 1" test "$rc" = 1
    check "gates --diff names the removed hook" grep -qF "vault: pre hook removed: ext (external, ZappShell.ExternalHook)" "$dir/removed.txt"

    cp -r "$dir/old" "$dir/blocking"
    python3 - "$dir/blocking/plugin_configurations.json" <<'PY'
import json, sys
plugins = json.load(open(sys.argv[1]))
next(p for p in plugins if p["plugin"]["identifier"] == "ext")["configuration_json"]["is_flow_blocker"] = True
json.dump(plugins, open(sys.argv[1], "w"))
PY
    "$ZAPP_SHELL" gates --diff "$dir/old" "$dir/blocking" >"$dir/blocking.txt"
    rc=$?
    check "gates --diff after making a hook a flow blocker exits 1" test "$rc" = 1
    check "gates --diff names the new flow blocker" \
        grep -qF "vault: pre hook ext: not a flow blocker → flow blocker (plugin)" "$dir/blocking.txt"
    "$ZAPP_SHELL" gates --diff "$dir/old" "$dir/blocking" --format json >"$dir/blocking.json"
    check "gates --diff --format json: changed, with the flow-blocker change" \
        python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["changed"] and [c["kind"] for c in d["changes"]] == ["flow-blocker"] else 1)' "$dir/blocking.json"
    "$ZAPP_SHELL" gates --diff "$dir/old" "$dir/missing" >/dev/null 2>&1
    rc=$?
    check "gates --diff with a missing app exits 2" test "$rc" = 2
    cp -r "$dir/old" "$dir/broken"
    printf '[{"id": "home", "home": true,' >"$dir/broken/river.json"
    "$ZAPP_SHELL" gates --diff "$dir/old" "$dir/broken" >/dev/null 2>"$dir/broken.err"
    rc=$?
    check "gates --diff with an input that does not parse exits 2, not 1 (changed)" test "$rc" = 2
    check "gates --diff: the message names the input that cannot be used" \
        grep -qF "NEW $dir/broken cannot be used" "$dir/broken.err"
}

scenario_gates_marks() {
    echo "# lock marks in the side menu, the tab bar and go-to; the stand-in's flow-blocker line; the sign-in toast"
    local s=gatesmarks dir="$WORK/gates-marks"
    write_gates_app "$dir/menu"
    write_gates_app "$dir/tabs" tabs
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$dir/state'" --log "'$dir/demo.log'"
    check "marks: the demo app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    open_menu "$s"
    check "marks: Premium carries a lock in the side menu" wait_for "$s" "Premium ◘" || return
    check "marks: Account (a PIN gate, a flow blocker) carries a lock" wait_for "$s" "Account ◘" || return
    check "marks: Movies (analytics only) carries none" not_on_screen "$s" "Movies ◘" || return
    keys "$s" "?"
    check "marks: ? help says what the lock means" wait_for "$s" "gated screen: a pre hook can stop the navigation" || return
    keys "$s" Escape
    keys "$s" g
    check "marks: go-to opens" wait_for "$s" "Go to screen" || return
    check "marks: go-to marks Premium" wait_for "$s" "Premium ◘" || return
    type_text "$s" "premium m"
    keys "$s" Enter
    check "marks: Premium Matches asks to sign in" wait_for "$s" "Sign in to open Premium Matches." || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" demo
    keys "$s" Enter
    check "marks: a sign-in shows Signed in as demo" wait_for "$s" "Signed in as demo" || return
    keys "$s" q
    check "marks: quit" wait_for "$s" "rc=0" || return

    launch "$s" "'$dir/menu'" --ascii --state-dir "'$dir/state'" --log "'$dir/menu.log'"
    check "marks: the stand-in app opens" wait_for "$s" "Start here" 15 || return
    open_menu_ascii "$s" || return
    check "marks: with --ascii the lock is #" wait_for "$s" "Vault #" || return
    keys "$s" g
    type_text "$s" vault
    keys "$s" Enter
    check "marks: the stand-in pane names the real class" wait_for "$s" "PrehookExample.HookManager" || return
    check "marks: the stand-in pane says it is a flow blocker" \
        wait_for_wrapped "$s" "Flow blocker: stops the navigation when it fails." || return
    keys "$s" Escape
    keys "$s" q
    check "marks: quit the stand-in app" wait_for "$s" "rc=0" || return

    launch "$s" "'$dir/tabs'" --state-dir "'$dir/state'" --log "'$dir/tabs.log'"
    check "marks: the tab-bar app opens" wait_for "$s" "Start here" 15 || return
    check "marks: the tab bar marks Vault" wait_for "$s" "Vault ◘" || return
    check "marks: the tab bar marks Members" wait_for "$s" "Members ◘" || return
    keys "$s" q
    check "marks: quit the tab-bar app" wait_for "$s" "rc=0" || return
    tm kill-session -t "$s"
}

# wait_for_wrapped SESSION TEXT: until TEXT is on the screen, maybe wrapped over lines inside a
# box (borders and runs of spaces are read as one space).
wait_for_wrapped() {
    local session=$1 text=$2
    local deadline=$(($(now_ms) + 10000))
    while :; do
        if screen_of "$session" | tr -d '|│' | tr -s ' \n' '  ' | grep -qF -- "$text"; then return 0; fi
        if (($(now_ms) > deadline)); then
            LAST_SCREEN="waited 10s for (wrapped): $text"$'\n'"$(screen_of "$session")"
            return 1
        fi
        sleep 0.05
    done
}

# open_menu_ascii SESSION: opens the side menu of an app without the demo's section headers.
open_menu_ascii() {
    keys "$1" m
    wait_for "$1" "Members #"
}

more_scenarios+=(gates gates_diff gates_marks)
