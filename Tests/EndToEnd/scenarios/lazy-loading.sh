# Lazy loading (issue 12): `run` scans a large river and decodes a screen when it is first read.
# The go-to list shows a screen far down the river as its decoding reads it; the decoding's warnings (a type
# error, a duplicate key) reach the status line with the checks', in `validate`'s order; a
# syntax error anywhere still refuses the app before the terminal starts, with its line:column.

LAZY_LOADING_GENERATOR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/Benchmarks/Scripts/generate-app.py"

scenario_lazy_loading() {
    echo "# a large app loaded lazily: decoding warnings arrive, a far screen is read, a syntax error refuses it"
    has_python3 lazy_loading || return 0
    local app="$WORK/lazy-app"
    python3 "$LAZY_LOADING_GENERATOR" --screens 3000 "$app" 2>/dev/null
    check "the generated app exists" test -s "$app/river.json" || return
    # Screen 2990's name becomes a number (a type warning) and is written twice (a duplicate key).
    python3 - "$app/river.json" <<'PY'
import json, sys
path = sys.argv[1]
screens = json.load(open(path))
text = json.dumps(screens, indent=1)
name = screens[2990]["name"]
text = text.replace('"id": "screen-02990",\n  "name": "%s"' % name,
                    '"id": "screen-02990",\n  "name": "%s",\n  "name": 2990' % name, 1)
open(path, "w").write(text)
open(path + ".name", "w").write(name)
PY
    local far
    far=$(cat "$app/river.json.name")
    "$ZAPP_SHELL" validate "$app" >"$WORK/lazy-validate.out" 2>&1
    check "validate: the duplicate key and the type warning" grep -q '^0 errors, 2 warnings' "$WORK/lazy-validate.out"
    local s=lazy
    check "$s: a shell starts in tmux" new_shell "$s" || return
    # --images off: the generated bars name https://example.com/logo.png, which cannot be fetched
    # here and would add its own warning to the count this scenario checks.
    launch "$s" "'$app'" --state-dir "'$WORK/lazy-state'" --log "'$WORK/lazy.log'" --images off
    check "home is drawn" wait_for "$s" "on_top" 30 || return
    check "the decoding's warnings reach the status line" wait_for "$s" "2 warnings (w)" 30 || return
    keys "$s" g
    check "go to screen opens" wait_for "$s" "Go to screen"
    type_text "$s" "screen-02990"
    check "the far screen is listed under its number, read when decoded" wait_for "$s" "2990  screen-02990"
    keys "$s" Escape
    check "go to closes" wait_gone "$s" "Go to screen"
    keys "$s" w
    check "warnings pane: the type warning with its JSON path" wait_for "$s" '$[2990].name'
    keys "$s" Escape q
    check "the app quits" wait_for "$s" "rc=0"

    mkdir -p "$WORK/lazy-bad"
    printf '[\n {"id": "a", "home": true},\n {"id": "b" "name": "x"}\n]\n' >"$WORK/lazy-bad/river.json"
    launch "$s" "'$WORK/lazy-bad'" --state-dir "'$WORK/lazy-state'"
    check "a syntax error refuses the app with its line:column" wait_for "$s" "river.json:3:13: error: missing ','"
    check "and exits 1" wait_for "$s" "rc=1"
    tm kill-session -t "$s" 2>/dev/null
}

more_scenarios+=(lazy_loading)
