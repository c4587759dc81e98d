# Frames (issue 12): CursesTerminal writes frames itself (FrameEncoder, ARCHITECTURE.md "The
# terminal layer"). Whatever sequences a terminal's entry allows (xterm-256color: ECH, REP, bce;
# tmux-256color: none of them; xterm: 8 colours) the screen shows the same text; a resume after
# Ctrl-Z clears what the shell wrote meanwhile, also where the app draws nothing (no colours);
# and the app leaves the shell's pen as it found it.

# frames_tour SESSION: home, side menu, Down and Enter (Movies), Tab; saves each screen's
# text as $WORK/SESSION.N.
frames_tour() {
    local s=$1
    check "$s: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return 1
    screen_of "$s" >"$WORK/$s.1"
    open_menu "$s" || return 1
    screen_of "$s" >"$WORK/$s.2"
    keys "$s" Down Enter
    check "$s: Down and Enter open Movies" wait_for "$s" "A harbour town keeps one secret" || return 1
    screen_of "$s" >"$WORK/$s.3"
    keys "$s" Tab
    check "$s: Tab moves the focus off the hero" wait_gone "$s" "▸Glass Harbor" || return 1
    screen_of "$s" >"$WORK/$s.4"
}

scenario_frames() {
    echo "# frames: the same text under every TERM, nothing of the shell left after fg, the pen given back"
    local term s first=""
    for term in tmux-256color xterm-256color xterm; do
        s="frames-${term//[^a-z0-9]/-}"
        check "$s: a shell starts in tmux" new_shell "$s" || return
        run_line "$s" "TERM=$term '$ZAPP_SHELL' --state-dir '$WORK/$s-state' ; echo rc=\$?"
        frames_tour "$s" || return
        keys "$s" q
        check "$s: quit" wait_for "$s" "rc=0" || return
        local ansi
        ansi=$(tm capture-pane -p -e -t "$s" | grep -F 'rc=0')
        LAST_SCREEN=$ansi
        check "$s: the shell's line after the app has no colour left over" not_in_text "$ansi" $'\e[38' $'\e[48' $'\e[7m' $'\e[1m'
        tm kill-session -t "$s"
        if [ -z "$first" ]; then
            first=$s
            continue
        fi
        local n
        for n in 1 2 3 4; do
            check "$term shows the same text as tmux-256color (screen $n)" \
                diff -u "$WORK/$first.$n" "$WORK/$s.$n"
        done
    done

    s=frames-no-color
    check "$s: a shell starts in tmux" new_shell "$s" 80 24 || return
    run_line "$s" "NO_COLOR=1 TERM=tmux-256color '$ZAPP_SHELL' --state-dir '$WORK/$s-state' ; echo rc=\$?"
    check "no colours: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    keys "$s" C-z
    check "no colours: Ctrl-Z stops it" wait_for "$s" "Stopped" || return
    run_line "$s" "for i in \$(seq 1 30); do echo LEFTOVER-\$i-LEFTOVER-LEFTOVER-LEFTOVER-LEFTOVER-LEFTOVER-LEFTOVER; done"
    wait_for "$s" "LEFTOVER-30-"
    run_line "$s" "fg"
    check "no colours: fg draws the app again" wait_for "$s" "Tonight on ZappTV" || return
    check "no colours: nothing the shell wrote is left on the screen" not_on_screen "$s" "LEFTOVER"
    keys "$s" q
    check "no colours: quit (the shell's prompt after fg)" wait_gone "$s" "Tonight on ZappTV"
    tm kill-session -t "$s"
}
more_scenarios+=(frames)
