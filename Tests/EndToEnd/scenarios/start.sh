# The start path (ARCHITECTURE.md, "Start"): the demo app found without SwiftPM's resource
# bundle, from any folder; the browser started with posix_spawn, arguments as written, no
# shell; the external hook of the demo still answering through posix_spawn.

scenario_start() {
    echo "# the start: the demo app from any folder, \$BROWSER through posix_spawn"
    local s=start
    local opened="$WORK/browser-opened"
    cat >"$WORK/browser.sh" <<'SCRIPT'
#!/bin/sh
# Writes its arguments, one a line, and the folder it runs in, for the check below.
for argument in "$@"; do printf '%s\n' "$argument"; done >"$OPENED.tmp"
mv "$OPENED.tmp" "$OPENED"
SCRIPT
    chmod +x "$WORK/browser.sh"
    rm -f "$opened"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "cd / && export OPENED='$opened' BROWSER='$WORK/browser.sh --new-window %s'"
    launch "$s" --state-dir "'$WORK/start-state'" --log "'$WORK/start.log'"
    check "start: the demo app opens from / (no resource bundle beside the binary)" \
        wait_for "$s" "Tonight on ZappTV" 15 || return
    choose_menu_item "$s" 5
    check "start: More to explore expands" wait_for "$s" "Late Night" || return
    choose_menu_item "$s" 8
    check "start: the external hook (posix_spawn) lets Late Night open" wait_for "$s" "After hours (18+)" || return
    choose_menu_item "$s" 14
    check "start: the web link goes to \$BROWSER" wait_for_file "$opened" || return
    check "start: the browser got its words and the URL in place of %s, no shell" \
        test "$(cat "$opened")" = $'--new-window\nhttps://zapptv.example/help'
    keys "$s" q
    check "start: quit" wait_for "$s" "rc=0"
    check "start: the log names the colour count, not a Swift enum case" \
        grep -qE 'terminal [^,]+, colours [0-9]+, UTF-8' "$WORK/start.log"
}

# wait_for_file PATH: up to 10 s for PATH to exist.
wait_for_file() {
    local i
    for ((i = 0; i < 100; i++)); do
        [ -e "$1" ] && return 0
        sleep 0.1
    done
    LAST_SCREEN="$1 never appeared"
    return 1
}

more_scenarios+=(start)
