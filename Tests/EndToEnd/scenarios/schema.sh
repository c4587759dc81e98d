# Schemas (`zapp-shell schema`), theme diagnostics, and the size and remote-loading messages.

# has_jsonschema: python3 can import jsonschema (make test-deps installs python3-jsonschema).
has_jsonschema() { python3 -c 'import jsonschema' >/dev/null 2>&1; }

# schema_validates SCHEMA INSTANCE: python's jsonschema accepts INSTANCE under SCHEMA (a 2020-12 schema).
schema_validates() {
    python3 - "$1" "$2" <<'PY'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
errors = list(Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
for error in errors[:5]:
    print(f"{sys.argv[2]}: {error.json_path}: {error.message}")
sys.exit(1 if errors else 0)
PY
}

# schema_refuses SCHEMA INSTANCE: python's jsonschema refuses INSTANCE.
schema_refuses() { ! schema_validates "$1" "$2" >/dev/null; }

scenario_schema() {
    echo "# schema: the five JSON Schemas, unknown names, --output"
    local name rc dir="$WORK/schemas"
    mkdir -p "$dir"
    for name in river plugins content-types theme gates; do
        "$ZAPP_SHELL" schema "$name" >"$dir/$name.schema.json" 2>"$dir/$name.err"
        rc=$?
        check "schema $name: exit 0" test "$rc" = 0
        check "schema $name: a 2020-12 schema with its \$id" \
            grep -q "\"\$id\": \"https://zapp-shell.example/schemas/$name.schema.json\"" "$dir/$name.schema.json"
    done
    "$ZAPP_SHELL" schema rivers >/dev/null 2>"$dir/unknown.err"
    rc=$?
    check "schema rivers: an unknown name exits 64" test "$rc" = 64
    check "schema rivers: the message lists the five names" \
        grep -q "'river', 'plugins', 'content-types', 'theme' or 'gates'" "$dir/unknown.err"
    "$ZAPP_SHELL" schema theme --output "$dir/out.json"
    check "schema --output FILE writes what stdout shows" cmp -s "$dir/out.json" "$dir/theme.schema.json"
    "$ZAPP_SHELL" schema theme --output "$dir/no-such-folder/out.json" 2>"$dir/write.err"
    rc=$?
    check "schema --output into a missing folder exits 1" test "$rc" = 1
    check "schema --output: the message names the file" grep -q "cannot write $dir/no-such-folder/out.json" "$dir/write.err"

    if has_jsonschema; then
        "$ZAPP_SHELL" init "$dir/app" >/dev/null
        check "schema river: the demo app written by init validates" schema_validates "$dir/river.schema.json" "$dir/app/river.json"
        check "schema plugins: its plugin_configurations.json validates" \
            schema_validates "$dir/plugins.schema.json" "$dir/app/plugin_configurations.json"
        check "schema content-types: its content_types.json validates" \
            schema_validates "$dir/content-types.schema.json" "$dir/app/content_types.json"
        "$ZAPP_SHELL" gates --format json >"$dir/gates.json"
        check "schema gates: gates --format json of the demo app validates" schema_validates "$dir/gates.schema.json" "$dir/gates.json"
        "$ZAPP_SHELL" gates --format json --signed-in demo >"$dir/gates-signed-in.json"
        check "schema gates: gates --format json --signed-in demo validates" \
            schema_validates "$dir/gates.schema.json" "$dir/gates-signed-in.json"
        printf '{"app": "x"}\n' >"$dir/bad-gates.json"
        check "schema gates: a report without screens is refused" schema_refuses "$dir/gates.schema.json" "$dir/bad-gates.json"
        printf '[{"id": "home", "navigations": [{"category": "nav_bar", "styles": {"state": "ontop"}}]}]\n' >"$dir/bad-river.json"
        check "schema river: a bad state is refused by the schema" schema_refuses "$dir/river.schema.json" "$dir/bad-river.json"
    else
        echo "SKIP schema validation with python3 jsonschema (missing; make test-deps installs python3-jsonschema)"
    fi
}

scenario_theme_diagnostics() {
    echo "# themes: the project's parser and diagnostics"
    local dir="$WORK/bad-themes" rc
    mkdir -p "$dir"
    printf '{\n  "name": "comma",\n  "glyphs": "ascii",\n}\n' >"$dir/comma.json"
    printf '{"roles": {"base": {"fg": "red"}}}\n' >"$dir/colour.json"
    "$ZAPP_SHELL" render --screen home --theme "$dir/comma.json" >/dev/null 2>"$dir/comma.err"
    rc=$?
    check "theme with a trailing comma: render exits 1" test "$rc" = 1
    check "theme with a trailing comma: file:line:column of the comma" grep -qF "$dir/comma.json:3:20: error: trailing comma" "$dir/comma.err"
    "$ZAPP_SHELL" render --screen home --theme "$dir/colour.json" >/dev/null 2>"$dir/colour.err"
    check "theme with a colour name: file and JSON path" \
        grep -qF "$dir/colour.json: \$.roles.base.fg: error: expected a colour" "$dir/colour.err"
}

scenario_size_and_remote_messages() {
    echo "# too small, and remote loading"
    local rc
    "$ZAPP_SHELL" render --screen home --size 10x3 >/dev/null 2>"$WORK/small.err"
    rc=$?
    check "render --size 10x3 exits 2" test "$rc" = 2
    check "render --size 10x3 names the minimum" grep -q "below the minimum of 20x6" "$WORK/small.err"

    local s=tiny
    check "$s: a 15x5 shell starts in tmux" new_shell "$s" 15 5 || return
    launch "$s" --state-dir "'$WORK/tiny-state'"
    check "run in a 15x5 terminal says it is too small" wait_for "$s" "Too small" 15
    check "run in a 15x5 terminal names the minimum" wait_for "$s" "min 20x6"
    keys "$s" q
    check "run in a 15x5 terminal: q quits" wait_for "$s" "rc=0"
    tm kill-session -t "$s"

    # A server that accepts connections and never answers.
    python3 -c '
import socket, sys, time
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(8)
print(server.getsockname()[1], flush=True)
time.sleep(120)
' >"$WORK/silent.port" &
    local silent=$!
    wait_file "$WORK/silent.port" || { kill "$silent"; return 1; }
    local port
    port=$(head -1 "$WORK/silent.port")
    s=remote
    check "$s: a shell starts in tmux" new_shell "$s" || { kill "$silent"; return; }
    launch "$s" "http://127.0.0.1:$port/app/"
    check "run URL: says what it fetches and the timeout" \
        wait_for "$s" "Fetching http://127.0.0.1:$port/app/river.json (timeout 20 s)"
    keys "$s" C-c
    check "run URL: Ctrl-C while fetching ends it" wait_for "$s" "rc="
    tm kill-session -t "$s"
    kill "$silent" 2>/dev/null
    wait "$silent" 2>/dev/null
}

more_scenarios+=(schema theme_diagnostics size_and_remote_messages)
