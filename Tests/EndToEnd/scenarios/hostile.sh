# Hostile text (issue 13, point 3): escape sequences (CSI, OSC title, OSC 52 clipboard), C1
# controls, bidi overrides and isolates, NUL, a stack of 50 combining marks, zero-width
# characters and a 10,000-character string in screen names, menu titles, a local feed, an
# external hook's answer, a gate's text, the session file's user name and a deep link. Each is shown as visible pictures (␛ ␇ ␀ �), the
# pane title and tmux's clipboard stay untouched, the layout stays whole, and `render` (text
# and --color) and `validate` print no control bytes.

write_hostile_app() {
    local app=$1
    mkdir -p "$app/feeds" "$app/hooks"
    local zalgo="Zalgo" i
    for ((i = 0; i < 50; i++)); do zalgo+='\u0301'; done
    local long
    long=$(printf 'L%.0s' $(seq 1 10000))
    # name|JSON text (JSON escapes)
    HOSTILE_CLASSES=(
        'csi|A\u001b[2J\u001b[31mB'
        'osc-title|T\u001b]0;pwned\u0007'
        'osc52|C\u001b]52;c;cHduZWQ=\u0007'
        'c1-csi|D\u009b2J'
        'c1-osc|E\u009d0;pwned\u009c'
        'bidi|F\u202eevil\u2066iso\u2069'
        'nul|G\u0000H'
        "zalgo|$zalgo"
        'zero-width|W\u200bX\u2060Y'
        "long|$long"
    )
    local items="" screens="" entries="" entry name text n=0
    for entry in "${HOSTILE_CLASSES[@]}"; do
        name=${entry%%|*}
        text=${entry#*|}
        n=$((n + 1))
        items+="{\"id\": \"m-$name\", \"title\": \"m$n $text\", \"type\": \"label\", \"data\": {\"target\": \"$name\"}},"
        screens+=",{\"id\": \"$name\", \"name\": \"$text\", \"type\": \"general_content\"}"
        entries+="{\"id\": \"e$n\", \"title\": \"f$n $text\", \"summary\": \"s$n $text\"},"
    done
    cat >"$app/feeds/hostile.json" <<EOF
{"id": "hostile", "title": "Hostile \u001b]0;pwned\u0007", "entry": [${entries%,}]}
EOF
    cat >"$app/hooks/hostile.sh" <<'EOF'
#!/bin/sh
cat >/dev/null
printf '{"success": false, "error": "hook says \\u001b]0;pwned\\u0007 \\u202ebidi \\u009b2J end"}\n'
EOF
    chmod +x "$app/hooks/hostile.sh"
    cat >"$app/plugin_configurations.json" <<'EOF'
[{"plugin": {"identifier": "side_menu", "type": "menu", "name": "Side Menu", "api": {"class_name": "ZappShell.SideMenu"}}, "configuration_json": {}},
 {"plugin": {"identifier": "bar", "type": "nav_bar", "name": "Bar", "api": {"class_name": "ZappShell.NavigationBar"}}, "configuration_json": {}},
 {"plugin": {"identifier": "hostile_hook", "type": "general", "name": "Hook \u001b[31m", "api": {"class_name": "ZappShell.ExternalHook"}},
  "configuration_json": {"command": ["hooks/hostile.sh"], "timeout_seconds": 5, "is_flow_blocker": true}},
 {"plugin": {"identifier": "hostile_gate", "type": "general", "name": "Gate", "api": {"class_name": "ZappShell.Gate"}},
  "configuration_json": {"kind": "terms", "title": "Gate \u001b]0;pwned\u0007 \u202etitle", "message": "Terms \u001b]52;c;cHduZWQ=\u0007 \u009b2J \u0000 end"}},
 {"plugin": {"identifier": "login", "type": "login", "name": "Login", "api": {"class_name": "ZappShell.LocalLogin"}},
  "configuration_json": {"users": [{"username": "demo", "password": "demo"}]}}]
EOF
    cat >"$app/river.json" <<EOF
[{"id": "home", "name": "Home", "type": "general_content", "home": true,
  "navigations": [{"id": "menu", "category": "menu", "navigation_type": "side_menu", "nav_items": [${items}
    {"id": "m-hook", "title": "Hooked", "type": "label", "data": {"target": "hooked"}},
    {"id": "m-gate", "title": "Gated", "type": "label", "data": {"target": "gated"}},
    {"id": "m-members", "title": "Members", "type": "label", "data": {"target": "members"}}]},
   {"id": "nav", "category": "nav_bar", "navigation_type": "bar", "nav_items": [{"id": "b1", "title": "Help", "type": "button", "data": {"target": "home"}}]}],
  "ui_components": [{"id": "feed", "component_type": "list", "data": {"title": "Feed", "source": "feeds/hostile.json"}}]}
 $screens
 ,{"id": "hooked", "name": "Hooked", "type": "general_content", "hooks": {"preload_plugins": [{"identifier": "hostile_hook", "type": "general"}]}}
 ,{"id": "gated", "name": "Gated", "type": "general_content", "hooks": {"preload_plugins": [{"identifier": "hostile_gate", "type": "general"}]}}
 ,{"id": "members", "name": "Members", "type": "general_content", "hooks": {"preload_plugins": [{"identifier": "login", "type": "login"}]}}
]
EOF
}

# What the screen shows for each class of HOSTILE_CLASSES (same order).
HOSTILE_SHOWN=('A␛[2J␛[31mB' 'T␛]0;pwned␇' 'C␛]52;c;cHduZWQ=␇' 'D�2J' 'E�0;pwned�' 'F�evil�iso�' 'G␀H' 'Zalg' 'WXY' 'LLLLLLLLLL…')

# control_bytes: prints the offending bytes when stdin holds C0 controls other than tab and
# line feed (NUL included), DEL, C1 controls (UTF-8 C2 80–C2 9F), bidi marks, embeddings,
# overrides or isolates, or an ESC that does not start an SGR sequence; nothing when clean.
control_bytes() {
    sed 's/\x1b\[[0-9;:]*m//g' |
        LC_ALL=C grep -aoP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]' |
        od -An -tx1 | head -n 3
}

# no_controls LABEL TEXT: a check step's body.
no_controls() {
    local found
    found=$(printf '%s' "$2" | control_bytes)
    if [ -n "$found" ]; then
        LAST_SCREEN="$1 holds control bytes: $found"
        return 1
    fi
}

# output_clean LABEL COMMAND...: COMMAND's stdout and stderr, piped as bytes, hold no control.
output_clean() {
    local label=$1 found
    shift
    found=$("$@" 2>&1 | control_bytes)
    if [ -n "$found" ]; then
        LAST_SCREEN="$label printed control bytes: $found"
        return 1
    fi
}

# pane_intact SESSION: the pane title is still "keep", tmux got no clipboard buffer, the
# captured pane (with colours) holds no escape but SGR, the bar is the first row, the key
# hints the last, and no row is wider than the pane.
pane_intact() {
    local session=$1 title buffers capture plain widest
    title=$(tm display -p -t "$session" '#{pane_title}')
    if [ "$title" != keep ]; then
        LAST_SCREEN="pane title is now: $title"
        return 1
    fi
    buffers=$(tm list-buffers 2>/dev/null)
    if [ -n "$buffers" ]; then
        LAST_SCREEN="tmux clipboard buffers appeared: $buffers"
        return 1
    fi
    capture=$(tm capture-pane -p -e -t "$session")
    no_controls "capture-pane -e" "$capture" || return 1
    plain=$(screen_of "$session")
    if ! head -n 1 <<<"$plain" | grep -qE '^ (≡|‹) .*Help$'; then
        LAST_SCREEN="the bar is not the first row"$'\n'"$plain"
        return 1
    fi
    if [ "$(wc -l <<<"$plain")" != 24 ] || ! tail -n 1 <<<"$plain" | grep -qE '^ Tab (focus|next) '; then
        LAST_SCREEN="the key hints are not the last of 24 rows"$'\n'"$plain"
        return 1
    fi
    widest=$(wc -L <<<"$plain")
    if [ "$widest" -gt 80 ]; then
        LAST_SCREEN="a row is $widest columns wide"$'\n'"$plain"
        return 1
    fi
}

# wait_first_row SESSION PREFIX TEXT: until the first row starts with PREFIX and holds TEXT.
wait_first_row() {
    local session=$1 prefix=$2 text=$3 deadline=$(($(now_ms) + 10000)) row
    while :; do
        row=$(screen_of "$session" | head -n 1)
        if [[ "$row" == "$prefix"* && "$row" == *"$text"* ]]; then return 0; fi
        if (($(now_ms) > deadline)); then
            LAST_SCREEN="waited 10s for a first row \"$prefix…$text…\""$'\n'"$(screen_of "$session")"
            return 1
        fi
        sleep 0.05
    done
}

# open_hostile_item SESSION INDEX: the INDEX-th item of the side menu.
open_hostile_item() {
    local session=$1 index=$2 i
    if ! screen_of "$session" | grep -qF ' m1 A'; then keys "$session" m; fi
    wait_for "$session" ' m1 A' || return 1
    keys "$session" Home
    for ((i = 0; i < index; i++)); do keys "$session" Down; done
    keys "$session" Enter
}

scenario_hostile_text() {
    echo "# hostile text: controls, bidi, marks and long strings are shown, never acted on"
    local s=hostile app="$WORK/hostile-app" i name shown output
    write_hostile_app "$app"
    # Trusted, so the external hook runs and its answer is shown.
    "$ZAPP_SHELL" trust "$app" >/dev/null
    check "hostile: the byte check catches OSC, NUL, C1 and U+202E (so a clean result means something)" \
        test "$(printf 'a\e]0;x\a \0 \xc2\x9b \xe2\x80\xae \e[1m' | control_bytes | tr -s ' \n' ' ')" = " 1b 0a 07 0a 00 0a c2 9b 0a e2 80 ae 0a "
    check "hostile: the app validates" "$ZAPP_SHELL" validate "$app" >/dev/null || return

    for i in "${!HOSTILE_CLASSES[@]}"; do
        name=${HOSTILE_CLASSES[$i]%%|*}
        check "hostile render text ($name): no control bytes" \
            output_clean render "$ZAPP_SHELL" render "$app" --screen "$name" --as pushed --size 80x12
        check "hostile render --color ($name): only SGR" \
            output_clean "render --color" "$ZAPP_SHELL" render "$app" --screen "$name" --as pushed --size 80x12 --color
    done
    check "hostile render (feed of every class): no control bytes" \
        output_clean render "$ZAPP_SHELL" render "$app" --screen home --size 100x16
    check "hostile render --color (feed of every class): only SGR" \
        output_clean "render --color" "$ZAPP_SHELL" render "$app" --screen home --size 100x16 --color
    output=$("$ZAPP_SHELL" render "$app" --screen home --size 100x16 2>&1)
    check "hostile render: the feed shows the pictures" grep -qF 'f2 T␛]0;pwned␇' <<<"$output"
    check "hostile trace: the hook's answer is escaped" output_clean trace "$ZAPP_SHELL" trace "$app" --screen hooked
    check "hostile trace --json: escaped" output_clean "trace --json" "$ZAPP_SHELL" trace "$app" --screen hooked --json

    mkdir -p "$WORK/hostile-ids"
    printf '%s\n' '[{"id": "home", "name": "Home", "home": true}, {"id": "s\u001b]0;pwned\u0007", "name": "a"}, {"id": "s\u001b]0;pwned\u0007", "name": "\u202eb"}]' >"$WORK/hostile-ids/river.json"
    echo '[]' >"$WORK/hostile-ids/plugin_configurations.json"
    output=$("$ZAPP_SHELL" validate "$WORK/hostile-ids" 2>&1)
    check "hostile validate: a screen id with ESC is named escaped" grep -qF 's\u{1B}]0;pwned\u{7}' <<<"$output"
    check "hostile validate: no control bytes" output_clean validate "$ZAPP_SHELL" validate "$WORK/hostile-ids"
    check "hostile validate --json: no control bytes" output_clean "validate --json" "$ZAPP_SHELL" validate --json "$WORK/hostile-ids"
    check "hostile render: an unknown screen with ESC is refused escaped" \
        output_clean "render refusal" "$ZAPP_SHELL" render "$WORK/hostile-ids" --screen $'x\e]0;pwned\a'
    check "hostile render: a usage error echoes the argument escaped" \
        output_clean "usage error" "$ZAPP_SHELL" render "$WORK/hostile-ids" --screen home --state $'x\e]0;pwned\a'

    check "$s: a shell starts in tmux" new_shell "$s" 80 24 || return
    tm set -g set-clipboard on
    tm select-pane -t "$s" -T keep
    launch "$s" "'$app'" --state-dir "'$WORK/hostile-state'" --log "'$WORK/hostile.log'"
    check "hostile: the feed loads" wait_for "$s" "f10 LLLL" 15 || return
    for i in "${!HOSTILE_CLASSES[@]}"; do
        name=${HOSTILE_CLASSES[$i]%%|*}
        shown=${HOSTILE_SHOWN[$i]}
        check "hostile feed ($name): the entry shows $shown" wait_for "$s" "f$((i + 1)) ${shown%…}" &&
            check "hostile feed ($name): title, clipboard and layout intact" pane_intact "$s"
    done
    keys "$s" m
    for i in "${!HOSTILE_CLASSES[@]}"; do
        name=${HOSTILE_CLASSES[$i]%%|*}
        shown=${HOSTILE_SHOWN[$i]}
        check "hostile menu ($name): the item shows" wait_for "$s" "m$((i + 1)) ${shown:0:3}"
    done
    check "hostile menu: title, clipboard and layout intact" pane_intact "$s"
    for i in "${!HOSTILE_CLASSES[@]}"; do
        name=${HOSTILE_CLASSES[$i]%%|*}
        shown=${HOSTILE_SHOWN[$i]}
        open_hostile_item "$s" "$i"
        check "hostile bar title ($name): the first row shows $shown" wait_first_row "$s" " ≡  " "$shown" &&
            check "hostile bar title ($name): title, clipboard and layout intact" pane_intact "$s"
    done
    open_hostile_item "$s" 10
    check "hostile hook: the answer is shown with pictures" wait_for "$s" "(hostile_hook): hook says ␛]0;pwned␇ �bidi �2J end" &&
        check "hostile hook: title, clipboard and layout intact" pane_intact "$s"
    open_hostile_item "$s" 11
    check "hostile gate: the pane's title and text show pictures" wait_for "$s" "Gate ␛]0;pwned␇ �title" &&
        wait_for "$s" "Terms ␛]52;c;cHduZWQ=␇ �2J ␀ end" &&
        check "hostile gate: title, clipboard and layout intact" pane_intact "$s"
    keys "$s" Escape
    check "hostile gate: Esc closes the pane" wait_gone "$s" "Gate ␛]0;pwned␇"
    open_hostile_item "$s" 12
    check "hostile login: the sign-in pane opens" wait_for "$s" "Password" || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" demo
    keys "$s" Enter
    check "hostile login: signed in" wait_first_row "$s" " ≡  " "Members"
    keys "$s" q
    check "hostile: quit" wait_for "$s" "rc=0" &&
        check "hostile: the pane title is still ours after exit" test "$(tm display -p -t "$s" '#{pane_title}')" = keep

    # The session file and a deep link are text from outside too.
    local session_file
    session_file=$(find "$WORK/hostile-state" -name '*.session.json' | head -n 1)
    check "hostile session: the session file is there" test -n "$session_file" || return
    sed -i 's/"username" : "demo"/"username" : "u\\u001b]0;pwned\\u0007 \\u202eend"/' "$session_file"
    run_line "$s" clear
    launch "$s" "'$app'" --state-dir "'$WORK/hostile-state'" --log "'$WORK/hostile.log'" --open "\$'zapp://screen/x\\e]0;pwned\\a'"
    check "hostile deep link: the refusal shows the link escaped" wait_for "$s" 'Cannot open the link' &&
        wait_for "$s" 'x\u{1B}]0;pwned' &&
        check "hostile deep link: title, clipboard and layout intact" pane_intact "$s"
    keys "$s" g
    type_text "$s" settings
    keys "$s" Enter
    check "hostile session: Settings shows the user name with pictures" wait_for "$s" "Signed in     u␛]0;pwned␇ �end" &&
        check "hostile session: title, clipboard and layout intact" pane_intact "$s"
    keys "$s" q
    check "hostile: quit again" wait_for "$s" "rc=0" &&
        check "hostile: the pane title is still ours" test "$(tm display -p -t "$s" '#{pane_title}')" = keep
    check "hostile: the log file holds no control bytes" output_clean log cat "$WORK/hostile.log"
    tm set -g set-clipboard external
    tm kill-session -t "$s"
}

more_scenarios+=(hostile_text)
