# Signals and job control (issue 13, point 2): a termination signal keeps the session; a closed
# stdout ends `render`/`validate`/`trace`/`schema` quietly; Ctrl-Z over a modal pane and under
# --watch; a resize storm leaves a frame laid out for the final size.

# sign_in SESSION: types the demo user into the open Sign in pane and submits it.
sign_in() {
    type_text "$1" demo
    keys "$1" Tab
    type_text "$1" demo
    keys "$1" Enter
}

# column_of SESSION ROW TEXT: the 0-based column where TEXT starts on screen row ROW (1-based),
# in characters; empty when it is not there.
column_of() {
    local line prefix
    line=$(screen_of "$1" | sed -n "$2p")
    case "$line" in *"$3"*) ;; *) return ;; esac
    prefix=${line%%"$3"*}
    echo "${#prefix}"
}

# at_column SESSION ROW TEXT COLUMN: TEXT starts at COLUMN on row ROW.
at_column() {
    local found
    found=$(column_of "$1" "$2" "$3")
    if [ "$found" != "$4" ]; then
        LAST_SCREEN="row $2: \"$3\" at column ${found:-none}, want $4"$'\n'"$(screen_of "$1")"
        return 1
    fi
}

# frame_fits SESSION COLUMNS ROWS: within 10 seconds, the demo home screen is laid out for
# COLUMNS x ROWS: the pane has that size, the bar's right-aligned buttons end one column before
# the right edge (row 2), and the status line is the last row with its bar state (or, when the
# app has warnings, its warnings count: an edited copy of the demo is no longer trusted) ending there too.
frame_fits() {
    local deadline=$(($(now_ms) + 10000))
    until frame_fits_now "$@"; do
        (($(now_ms) > deadline)) && return 1
        sleep 0.05
    done
    LAST_SCREEN=""
}

frame_fits_now() {
    local s=$1 columns=$2 rows=$3 size
    size=$(tm display -p -t "$s" '#{pane_width}x#{pane_height}')
    if [ "$size" != "${columns}x${rows}" ]; then
        LAST_SCREEN="the pane is $size, want ${columns}x${rows}"
        return 1
    fi
    at_column "$s" 2 "Search  Live  Cast" $((columns - 19)) &&
        at_column "$s" "$rows" "Tab focus" 1 &&
        { at_column "$s" "$rows" "left·logo·on_top" $((columns - 17)) ||
            at_column "$s" "$rows" "(w)" $((columns - 4)); }
}

# signal_keeps_session SIGNAL STATUS: signs in, is sent SIGNAL (exit STATUS, terminal restored),
# and a restart with the same --state-dir is still signed in.
signal_keeps_session() {
    local signal=$1 status=$2 s="session-${1,,}" state="$WORK/signal-session-${1,,}" pid
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$state'" --log "'$state.log'" --open zapp://screen/premium
    check "SIG$signal session: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." 15 || return
    sign_in "$s"
    check "SIG$signal session: signed in, Premium opens" wait_for "$s" "Members' premieres" || return
    pid=$(app_pid "$s")
    check "SIG$signal session: the app's process is found" test -n "$pid" || return
    kill "-$signal" "$pid"
    check "SIG$signal session: the app exits (status $status)" wait_for "$s" "rc=$status" || return
    check "SIG$signal session: the terminal is restored" terminal_restored "$s" || return
    check "SIG$signal session: the session file is there, mode 0600, no temporary file left" \
        test "$(find "$state" -name '*.session.json' -perm 600 | wc -l) $(find "$state" -name '*.tmp' | wc -l)" = "1 0"
    run_line "$s" clear
    launch "$s" --state-dir "'$state'" --log "'$state.log'" --open zapp://screen/premium
    check "SIG$signal session: after a restart Premium opens at once (still signed in)" \
        wait_for "$s" "Members' premieres" 15 || return
    check "SIG$signal session: no Sign in pane" not_on_screen "$s" "Sign in to open Premium." || return
    keys "$s" g
    type_text "$s" settings
    keys "$s" Enter
    check "SIG$signal session: Settings names the signed-in user" wait_for "$s" "Signed in     demo" || return
    keys "$s" q
    check "SIG$signal session: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_signal_session() {
    echo "# SIGHUP, SIGTERM, SIGINT and SIGQUIT restore the terminal and keep the session"
    signal_keeps_session HUP 129
    signal_keeps_session TERM 143
    signal_keeps_session INT 130
    signal_keeps_session QUIT 131

    echo "# a signal while the Sign in pane is open: nothing half-typed is saved or logged"
    local s=session-pane state="$WORK/signal-session-pane" pid
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$state'" --log "'$state.log'" --open zapp://screen/premium
    check "pane + SIGTERM: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." 15 || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" s3cret-typed
    check "pane + SIGTERM: the password is masked" wait_for "$s" "Password  ************_" || return
    pid=$(app_pid "$s")
    kill -TERM "$pid"
    check "pane + SIGTERM: the app exits (status 143)" wait_for "$s" "rc=143" || return
    check "pane + SIGTERM: the terminal is restored" terminal_restored "$s" || return
    check "pane + SIGTERM: no session was saved" test -z "$(find "$state" -name '*.session.json' 2>/dev/null)"
    check "pane + SIGTERM: the typed password is not in the log" bash -c "! grep -qF s3cret-typed '$state.log'"
    tm kill-session -t "$s"
}

# pipe_quietly NAME COMMAND...: COMMAND's stdout goes into `head -c 10`, which closes the pipe
# long before COMMAND is done; COMMAND ends by SIGPIPE (141) or on its own (its status) with
# nothing on stderr. Run in a tmux shell, as a user would; prints "pipe NAME: <statuses>".
pipe_quietly() {
    local s=$1 name=$2 allowed=$3
    shift 3
    local err="$WORK/pipe-$name.err"
    # The command line holds `=""[`, so only the printed result matches `NAME=[`.
    run_line "$s" "set -o pipefail; $* 2>'$err' | head -c 10 >/dev/null; echo \"$name=\"\"[\${PIPESTATUS[*]}]\""
    check "SIGPIPE $name: the command ends" wait_for "$s" "$name=[" 20 || return
    local statuses
    statuses=$(screen_of "$s" | grep -E "^$name=\[" | tail -n 1 | sed -E "s/^$name=\[(.*)\]$/\1/")
    check "SIGPIPE $name: status [$statuses] is one of $allowed, head 0" grep -qxE "($allowed) 0" <<<"$statuses"
    check "SIGPIPE $name: nothing on stderr (no crash, no backtrace)" test ! -s "$err" ||
        sed 's/^/     | /' "$err" | head -n 20
    run_line "$s" clear
}

scenario_sigpipe() {
    echo "# a closed stdout ends render, validate, trace and schema quietly"
    local app="$WORK/pipe-app" i
    mkdir -p "$app"
    # 2,000 analytics pre-hooks (trace prints six lines each) and 2,000 dangling targets (validate
    # prints a line each): output far larger than a pipe's buffer.
    {
        printf '[{"id":"home","name":"Home","type":"general_content","home":true,"hooks":{"preload_plugins":['
        for ((i = 1; i <= 2000; i++)); do
            ((i > 1)) && printf ','
            printf '{"identifier":"stats","type":"general"}'
        done
        printf ']},"ui_components":[{"id":"c1","component_type":"list","data":{"items":['
        for ((i = 1; i <= 2000; i++)); do
            ((i > 1)) && printf ','
            printf '{"title":"Item %d","target":"nowhere-%d"}' "$i" "$i"
        done
        printf ']}}]}]\n'
    } >"$app/river.json"
    echo '[{"plugin":{"identifier":"stats","type":"general","name":"Stats","api":{"class_name":"ZappShell.Analytics"}},"configuration_json":{}}]' \
        >"$app/plugin_configurations.json"
    local s=pipes z="'$ZAPP_SHELL'" a="'$app'"
    check "$s: a shell starts in tmux" new_shell "$s" 200 30 || return
    check "SIGPIPE: the big app's validate output is larger than a pipe buffer (64 KiB)" \
        test "$("$ZAPP_SHELL" validate "$app" | wc -c)" -gt 65536
    check "SIGPIPE: its trace output too" test "$("$ZAPP_SHELL" trace "$app" --screen home | wc -c)" -gt 65536
    pipe_quietly "$s" render "141|0" "$z render $a --screen home --size 1000x1000"
    pipe_quietly "$s" render-color "141|0" "$z render $a --screen home --size 1000x1000 --color"
    pipe_quietly "$s" validate "141|1" "$z validate $a"
    pipe_quietly "$s" validate-json "141|1" "$z validate $a --json"
    pipe_quietly "$s" trace "141|0" "$z trace $a --screen home"
    pipe_quietly "$s" trace-json "141|0" "$z trace $a --screen home --json"
    pipe_quietly "$s" schema "141|0" "$z schema river"
    # A parent that ignores SIGPIPE (some service managers and language runtimes start children
    # so): writes fail with EPIPE instead, and the commands still end with their own status.
    pipe_quietly "$s" ignored-render "0" "(trap '' PIPE; exec $z render $a --screen home --size 1000x1000)"
    pipe_quietly "$s" ignored-validate "1" "(trap '' PIPE; exec $z validate $a)"
    pipe_quietly "$s" ignored-trace "0" "(trap '' PIPE; exec $z trace $a --screen home --json)"
    check "SIGPIPE: the shell is still usable" terminal_restored "$s"
    tm kill-session -t "$s"
}

scenario_suspend_pane() {
    echo "# Ctrl-Z over the Sign in pane; fg draws it again, half-typed, at the new size"
    local s=suspend-pane
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "'$ZAPP_SHELL' --state-dir '$WORK/suspend-pane-state' --log '$WORK/suspend-pane.log' --open zapp://screen/premium"
    check "Ctrl-Z pane: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." 15 || return
    type_text "$s" demo
    check "Ctrl-Z pane: the username is typed" wait_for "$s" "Username  demo" || return
    keys "$s" C-z
    check "Ctrl-Z pane: the shell reports the job stopped" wait_for "$s" "Stopped" || return
    check "Ctrl-Z pane: the pane is gone from the terminal" not_on_screen "$s" "Sign in to open Premium." || return
    check "Ctrl-Z pane: the terminal is the shell's again" terminal_restored "$s" || return
    tm resize-window -t "$s" -x 90 -y 28
    run_line "$s" fg
    check "fg pane: the Sign in pane is drawn again" wait_for "$s" "Sign in to open Premium." || return
    check "fg pane: with what was typed" wait_for "$s" "Username  demo" || return
    check "fg pane: over a frame laid out for 90 columns" wait_for "$s" "Search  Live  Cast" &&
        at_column "$s" 2 "Search  Live  Cast" 71 || return
    check "fg pane: the pane's key hints are on the last row" at_column "$s" 28 "Tab next" 1 || return
    keys "$s" Tab
    type_text "$s" demo
    keys "$s" Enter
    check "fg pane: the pane still takes keys: signing in opens Premium" wait_for "$s" "Members' premieres" || return
    keys "$s" q
    run_line "$s" 'echo "rc=$?"'
    check "fg pane: q quits (status 0)" wait_for "$s" "rc=0" || return
    check "fg pane: the terminal is restored" terminal_restored "$s"
    tm kill-session -t "$s"
}

scenario_suspend_watch() {
    echo "# Ctrl-Z under --watch: an edit made while stopped shows after fg"
    local s=suspend-watch app="$WORK/suspend-watch-app"
    "$ZAPP_SHELL" init "$app" >/dev/null || { check "Ctrl-Z watch: init writes an app" false; return; }
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "'$ZAPP_SHELL' '$app' --watch --state-dir '$WORK/suspend-watch-state' --log '$WORK/suspend-watch.log'"
    check "Ctrl-Z watch: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    keys "$s" C-z
    check "Ctrl-Z watch: the shell reports the job stopped" wait_for "$s" "Stopped" || return
    check "Ctrl-Z watch: the terminal is the shell's again" terminal_restored "$s" || return
    sed -i 's/Tonight on ZappTV/Edited while stopped/' "$app/river.json"
    check "Ctrl-Z watch: a stopped app draws nothing" not_on_screen "$s" "Edited while stopped" || return
    run_line "$s" fg
    check "fg watch: the edit made while stopped is shown" wait_for "$s" "Edited while stopped" || return
    check "fg watch: laid out for the window" frame_fits "$s" 100 30 || return
    sed -i 's/Edited while stopped/Edited after fg/' "$app/river.json"
    check "fg watch: the watch goes on after fg" wait_for "$s" "Edited after fg" || return
    keys "$s" q
    run_line "$s" 'echo "rc=$?"'
    check "fg watch: q quits (status 0)" wait_for "$s" "rc=0" || return
    check "fg watch: the terminal is restored" terminal_restored "$s"
    tm kill-session -t "$s"
}

# process_state PID: the one-letter state /proc gives (T stopped, S sleeping, R running).
process_state() { sed -E 's/^[0-9]+ \(.*\) ([A-Za-z]).*/\1/' "/proc/$1/stat" 2>/dev/null; }

# wait_stopped PID: within 5 seconds the process is stopped (job control).
wait_stopped() {
    local deadline=$(($(now_ms) + 5000))
    until [ "$(process_state "$1")" = T ]; do
        if (($(now_ms) > deadline)); then
            LAST_SCREEN="process $1 is in state $(process_state "$1"), not stopped (T)"
            return 1
        fi
        sleep 0.05
    done
}

# shell_untouched SESSION MARKER: the shell's terminal is as the shell left it: main screen,
# cursor, no mouse reporting, and a command typed now is echoed once, after the prompt (an
# app that reset the modes under readline makes the terminal echo it a second time).
shell_untouched() {
    local s=$1 marker=$2 lines
    test "$(tm display -p -t "$s" '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')" = "0 1 0" || {
        LAST_SCREEN="alternate/cursor/mouse = $(tm display -p -t "$s" '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')"
        return 1
    }
    run_line "$s" "echo $marker-done"
    wait_for "$s" "$marker-done" || return 1
    wait_for "$s" "e2e$ echo $marker-done" || return 1
    lines=$(screen_of "$s" | grep -c "echo $marker-done")
    if [ "$lines" != 1 ]; then
        LAST_SCREEN="the command is on the screen $lines times"$'\n'"$(screen_of "$s")"
        return 1
    fi
}

scenario_background() {
    echo "# a suspended app continued in the background (bg, kill %1) leaves the shell's terminal alone"
    local s=background pid
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "'$ZAPP_SHELL' --state-dir '$WORK/background-state' --log '$WORK/background.log'"
    check "bg: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    pid=$(app_pid "$s")
    keys "$s" C-z
    check "bg: Ctrl-Z stops the app" wait_for "$s" "Stopped" || return
    run_line "$s" "clear; bg"
    check "bg: continued in the background, the app stops again before drawing" wait_stopped "$pid" || return
    check "bg: the app drew nothing over the shell" not_on_screen "$s" "Tonight on ZappTV" || return
    check "bg: the shell's terminal is untouched" shell_untouched "$s" bg || return
    run_line "$s" fg
    check "fg after bg: the app draws its screen again" wait_for "$s" "Tonight on ZappTV" || return
    check "fg after bg: laid out for the window" frame_fits "$s" 100 30 || return
    keys "$s" C-z
    check "kill %1: Ctrl-Z stops the app again" wait_for "$s" "Stopped" || return
    run_line "$s" "clear; kill %1"
    local deadline=$(($(now_ms) + 5000))
    while kill -0 "$pid" 2>/dev/null && (($(now_ms) < deadline)); do sleep 0.05; done
    check "kill %1: the app ends (SIGTERM, then the SIGCONT bash sends)" bash -c "! kill -0 $pid 2>/dev/null" || return
    check "kill %1: with status 143" grep -q "exit status 143" "$WORK/background.log" || return
    check "kill %1: the shell's terminal is untouched" shell_untouched "$s" kill || return

    # SIGTSTP from outside (not the Ctrl-Z key, which raw mode reads as a key): ncurses' own
    # handler gives the terminal back and takes it again on fg.
    run_line "$s" "clear; '$ZAPP_SHELL' --state-dir '$WORK/background-state' --log '$WORK/background.log'"
    check "SIGTSTP: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    pid=$(app_pid "$s")
    kill -TSTP "$pid"
    check "SIGTSTP: the shell reports the job stopped" wait_for "$s" "Stopped" || return
    check "SIGTSTP: the terminal is the shell's again" terminal_restored "$s" || return
    run_line "$s" fg
    check "fg after SIGTSTP: the app draws its screen again" wait_for "$s" "Tonight on ZappTV" || return
    check "fg after SIGTSTP: mouse reporting is back" \
        test "$(tm display -p -t "$s" '#{alternate_on} #{mouse_any_flag}')" = "1 1" || return
    keys "$s" q
    run_line "$s" 'echo "rc=$?"'
    check "fg after SIGTSTP: q quits (status 0)" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

more_scenarios+=(signal_session sigpipe suspend_pane suspend_watch background)
