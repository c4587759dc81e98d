# Large apps (issue 12): `run` draws home before the river's cross-reference checks have run;
# their warnings reach the status line when they end. The generated app has one dangling
# nav-bar target per screen, and is over 1 MB, so it is decoded on several threads.

LARGE_APPS_GENERATOR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/Benchmarks/Scripts/generate-app.py"

scenario_large_app_warnings() {
    echo "# a large app with a dangling target per screen: home first, then every warning"
    has_python3 large_app_warnings || return 0
    local app="$WORK/large-dangling"
    python3 "$LARGE_APPS_GENERATOR" --screens 400 --dangling "$app" 2>/dev/null
    check "the generated app exists" test -s "$app/river.json" || return
    "$ZAPP_SHELL" validate "$app" >"$WORK/large-validate.out" 2>&1
    check "validate: one error per screen" grep -q '^400 errors' "$WORK/large-validate.out"
    local s=large
    check "$s: a shell starts in tmux" new_shell "$s" || return
    # --images off: the generated bars name https://example.com/logo.png, which cannot be fetched
    # here and would add its own warning to the count this scenario checks.
    launch "$s" "'$app'" --state-dir "'$WORK/large-state'" --log "'$WORK/large.log'" --images off
    check "home is drawn (its status line names the bar)" wait_for "$s" "on_top" 30 || return
    check "the deferred checks' warnings reach the status line" wait_for "$s" "400 warnings (w)" 30 || return
    keys "$s" w
    check "warnings pane: a dangling target with its suggestion" wait_for "$s" 'did you mean'
    keys "$s" Escape q
    check "the app quits" wait_for "$s" "rc=0"
    tm kill-session -t "$s" 2>/dev/null
}

more_scenarios+=(large_app_warnings)
