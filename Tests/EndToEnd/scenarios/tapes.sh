# Recorded runs and feed maps (issue 24, parts 4 and 5): a run recorded in tmux with --record,
# replayed headless (exit 0), replayed against changed apps (exit 1, the step named), a
# hand-written tape with a typo (exit 2, its line), and --feeds turning the UI Builder example's
# APPLICASTER_COLLECTION ids into local feeds. Sourced by ../run.sh, which provides the helpers.

TAPES_EXAMPLES="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../examples" && pwd)"

scenario_tapes() {
    echo "# record a run in tmux, replay it headless, against changed apps, and a tape with a typo"
    local s=tapes app="$WORK/tape-app" tape="$WORK/tapes/sign-in.tape" rc
    mkdir -p "$WORK/tapes"
    cp -r "$TAPES_EXAMPLES/ui-builder" "$app"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" "'$app'" --feeds "'$app/feeds.json'" --state-dir "'$WORK/tape-state'" --log "'$WORK/tape.log'" --record "'$tape'"
    check "record: the app opens with its mapped feeds" wait_for "$s" "Harbour Lights" 15 || return
    keys "$s" Tab
    check "record: Tab focuses the tab bar" wait_for "$s" "[Home" || return
    keys "$s" Right Enter
    check "record: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return
    type_text "$s" qa
    keys "$s" Tab
    type_text "$s" qa-secret
    keys "$s" Enter
    check "record: signed in, Premium shows its mapped collection" wait_for "$s" "Director's cut: Harbour Lights" || return
    keys "$s" Tab Tab
    check "record: the tab bar has focus again" wait_for "$s" "[Premium" || return
    keys "$s" Right Enter
    check "record: Extras shows the stand-in pane" wait_for "$s" "Stand-in: Prehook Example" || return
    keys "$s" Right Enter
    check "record: answering Fail to a hook that is no flow blocker still opens Extras" wait_for "$s" "Behind the scenes" || return
    keys "$s" q
    check "record: quit (exit 0)" wait_for "$s" "rc=0" || return
    tm kill-session -t "$s"

    check "record: the tape names the app relative to itself" grep -qx 'app ../tape-app' "$tape"
    check "record: the tape has the sign-in answered as qa" grep -qx 'answer "Sign in" as qa' "$tape"
    check "record: the tape has the screens reached" grep -qx 'screen premium' "$tape"
    check "record: the tape has the hook outcome" grep -qx 'hook pre PrehookExample: not a flow blocker (plugin): going on' "$tape"

    "$ZAPP_SHELL" replay "$tape" >"$WORK/replay.out" 2>&1
    rc=$?
    check "replay: the same app replays as recorded (exit 0)" test "$rc" = 0
    check "replay: it says so" grep -q 'steps replayed as recorded' "$WORK/replay.out"

    # The stand-in hook becomes a flow blocker: answering Fail now keeps the user on Premium.
    cp -r "$app" "$WORK/tape-blocker"
    sed -i 's/"is_flow_blocker": "0"/"is_flow_blocker": "1"/' "$WORK/tape-blocker/plugin_configurations.json"
    "$ZAPP_SHELL" replay "$tape" "$WORK/tape-blocker" >"$WORK/replay-blocker.out" 2>&1
    rc=$?
    local line
    line=$(grep -n 'not a flow blocker' "$tape" | cut -d: -f1)
    check "replay: a hook made a flow blocker diverges (exit 1)" test "$rc" = 1
    check "replay: the divergence names the step's line, what was expected and what happened" \
        grep -qF "sign-in.tape:$line: expected \`hook pre PrehookExample: not a flow blocker (plugin): going on\`, got \`hook pre PrehookExample: flow blocker (plugin): blocked by Prehook Example (PrehookExample); extras is not presented\`" "$WORK/replay-blocker.out"

    # Premium is removed: its tab and screen are gone.
    cp -r "$app" "$WORK/tape-removed"
    python3 - "$WORK/tape-removed/river.json" <<'PY' || sed -i 's/"target": "premium"/"target": "gone"/' "$WORK/tape-removed/river.json"
import json, sys
path = sys.argv[1]
river = json.load(open(path))
river = [screen for screen in river if screen["id"] != "premium"]
json.dump(river, open(path, "w"), indent=1)
PY
    "$ZAPP_SHELL" replay "$tape" "$WORK/tape-removed" >"$WORK/replay-removed.out" 2>&1
    rc=$?
    check "replay: a removed screen diverges (exit 1)" test "$rc" = 1
    check "replay: the divergence names the step where the sign-in pane was expected" \
        grep -qF "sign-in.tape:$(grep -n '^pane "Sign in"' "$tape" | cut -d: -f1): expected \`pane \"Sign in\" (APHotSsoClient)\`" "$WORK/replay-removed.out"

    # A hand-written tape with a typo in a key name.
    cat >"$WORK/tapes/typo.tape" <<'TAPE'
zapp-shell tape 1
app ../tape-app
feeds ../tape-app/feeds.json

screen 65878854-9119-4e26-83f1-8f02c9769ca2
key Tab
key Rigth
TAPE
    "$ZAPP_SHELL" replay "$WORK/tapes/typo.tape" >"$WORK/replay-typo.out" 2>&1
    rc=$?
    check "replay: a tape with a typo is refused (exit 2)" test "$rc" = 2
    check "replay: the refusal names the line and the reason" grep -qF 'typo.tape:7: unknown key "Rigth"' "$WORK/replay-typo.out"
    printf 'zapp-shell tape 1\napp ../no-such-app\n' >"$WORK/tapes/missing.tape"
    "$ZAPP_SHELL" replay "$WORK/tapes/missing.tape" >"$WORK/replay-missing.out" 2>&1
    rc=$?
    check "replay: a tape naming a missing app is refused (exit 2) with its line" \
        bash -c "test $rc = 2 && grep -qF 'missing.tape:2: app ../no-such-app: no such file or folder' '$WORK/replay-missing.out'"

    "$ZAPP_SHELL" replay "$TAPES_EXAMPLES/tapes/sign-in.tape" >"$WORK/replay-example.out" 2>&1
    rc=$?
    check "replay: the example tape in examples/tapes replays as recorded" test "$rc" = 0
}

scenario_feed_maps() {
    echo "# --feeds: the UI Builder example's collection ids as local feeds; an unmapped id says what it is"
    local s=feedmap app="$TAPES_EXAMPLES/ui-builder" rc
    check "$s: a shell starts in tmux" new_shell "$s" 100 40 || return
    launch "$s" "'$app'" --state-dir "'$WORK/feedmap-state'" --log "'$WORK/feedmap.log'"
    check "no map: a collection id says what it is in the component's space" \
        wait_for "$s" "APPLICASTER_COLLECTION 3126: an Applicaster collection id; map it with --feeds" 15 || return
    keys "$s" q
    check "no map: quit" wait_for "$s" "rc=0" || return
    run_line "$s" clear
    launch "$s" "'$app'" --feeds "'$app/feeds.json'" --state-dir "'$WORK/feedmap-state'" --log "'$WORK/feedmap.log'"
    check "map: collection 3126 shows its local feed" wait_for "$s" "Harbour Lights  Drama · Season 1" 15 || return
    check "map: collection 3139 (a grid) shows its local feed" wait_for "$s" "Quiz Night" || return
    check "map: the unmapped 3127 says what it is" wait_for "$s" "APPLICASTER_COLLECTION 3127: an Applicaster collection id; map it with --feeds" || return
    check "map: no id is read as a file" not_on_screen "$s" "no such file: 3126" || return
    keys "$s" w
    check "map: w lists the unmapped id with where it is written" \
        wait_for "$s" "ui_components[5].data.source: warning: APPLICASTER_COLLECTION 3127" || return
    keys "$s" Escape g
    type_text "$s" extras
    keys "$s" Enter
    check "map: the stand-in pane on the way to Extras" wait_for "$s" "Stand-in: Prehook Example" || return
    keys "$s" Enter
    check "map: a jw:// prefix maps to its file" wait_for "$s" "Behind the scenes" || return
    check "map: an unmapped mpx:// address says what it is" \
        wait_for "$s" "mpx://feed/news: a data source provider address (mpx://); map it with --feeds" || return
    keys "$s" q
    check "map: quit" wait_for "$s" "rc=0" || return
    tm kill-session -t "$s"

    "$ZAPP_SHELL" render "$app" --screen Home --feeds "$app/feeds.json" --size 100x40 >"$WORK/feedmap-render.out" 2>&1
    check "render --feeds: the mapped feeds are drawn" grep -q "Tonight: Harbour Lights" "$WORK/feedmap-render.out"
    printf '{\n  "3126": "feeds/featured.json",\n  "3119": 42\n}\n' >"$WORK/bad-feeds.json"
    "$ZAPP_SHELL" render "$app" --screen Home --feeds "$WORK/bad-feeds.json" >"$WORK/feedmap-bad.out" 2>&1
    rc=$?
    check "a bad feed map is refused (exit 2) naming its file and line" \
        bash -c "test $rc = 2 && grep -qF 'bad-feeds.json:3: \"3119\": expected a file path or an http(s) URL (a string), got a number' '$WORK/feedmap-bad.out'"
}

scenario_long_tape() {
    echo "# a generated tape of 10,001 steps (2,000 round trips through a hook: far more trace steps than the 2,000 the trace keeps) replays exactly; a late hook line changed or missing fails at its line"
    local dir="$WORK/long-tape" rc line
    has_python3 long-tape || return
    mkdir -p "$dir/app"
    cat >"$dir/app/river.json" <<'JSON'
[{"id": "home", "name": "Home", "home": true, "type": "general_content",
  "ui_components": [{"id": "list", "component_type": "list", "position": 0,
    "data": {"title": "Picks", "items": [{"id": "i", "title": "Gated", "target": "gated"}]}}]},
 {"id": "gated", "name": "Gated", "type": "general_content",
  "hooks": {"preload_plugins": [{"identifier": "ghost-plugin", "type": "general"}]}}]
JSON
    echo '[]' >"$dir/app/plugin_configurations.json"
    python3 - "$dir" <<'PY'
import sys
folder = sys.argv[1]
lines = ["zapp-shell tape 1", "app app", "size 80x24", "", "screen home"]
for _ in range(2000):
    lines += ["key Enter", "hook pre ghost-plugin: skipped", "pushed gated", "key Esc", "screen home"]
open(folder + "/long.tape", "w").write("\n".join(lines) + "\n")
last = max(i for i, line in enumerate(lines) if line.startswith("hook "))
changed = list(lines)
changed[last] = "hook pre ghost-plugin: failed: no network"
open(folder + "/changed.tape", "w").write("\n".join(changed) + "\n")
open(folder + "/missing.tape", "w").write("\n".join(lines[:last] + lines[last + 1:]) + "\n")
PY
    line=$(grep -n '^hook ' "$dir/long.tape" | tail -1 | cut -d: -f1)
    "$ZAPP_SHELL" replay "$dir/long.tape" >"$WORK/long-tape.out" 2>&1
    rc=$?
    check "long tape: every hook line replays (exit 0)" bash -c "test $rc = 0 && grep -qF '10001 steps replayed as recorded' '$WORK/long-tape.out'"
    "$ZAPP_SHELL" replay "$dir/changed.tape" >"$WORK/long-tape-changed.out" 2>&1
    rc=$?
    check "long tape: a late hook line changed fails at its line (exit 1)" bash -c "test $rc = 1 && grep -qF 'changed.tape:$line: expected \`hook pre ghost-plugin: failed: no network\`, got \`hook pre ghost-plugin: skipped\`' '$WORK/long-tape-changed.out'"
    "$ZAPP_SHELL" replay "$dir/missing.tape" >"$WORK/long-tape-missing.out" 2>&1
    rc=$?
    check "long tape: a late hook line left out fails there (exit 1)" bash -c "test $rc = 1 && grep -qF 'missing.tape:$line: expected \`pushed gated\`, got \`hook pre ghost-plugin: skipped\`' '$WORK/long-tape-missing.out'"
}

more_scenarios+=(tapes feed_maps long_tape)
