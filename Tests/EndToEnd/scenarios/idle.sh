# An idle app does no polling (issue 12, issue 23): once a piece of work is over, nothing of the
# app's own wakes it. It runs on the Swift runtime's executors, whose libdispatch thread pool has a
# monitor that wakes the process about once a second; that is all an idle app may do. Checked
# after each kind of work, once libdispatch's idle worker threads have ended (each waits 5 s for
# more work, then exits; work of the app's own would keep them): three threads are left, the main
# thread parked by dispatch_main, libdispatch's manager and the input watcher's (asleep in poll
# until a key), and at most 15 system calls in 3 s
# (`strace -c -f`, as `make bench` counts them: the monitor's 4 a second and strace's attach; a
# spinner or a timer left running makes hundreds).

# threads_settled PID: the process has its three resting threads only.
threads_settled() {
    local count
    count=$(ls /proc/"$1"/task 2>/dev/null | wc -l)
    [ "$count" -le 3 ]
}

# quiet SESSION: once its idle workers have ended, the app in SESSION makes at most 15 system
# calls in 3 s.
quiet() {
    local pid calls deadline
    pid=$(app_pid "$1")
    if [ -z "$pid" ]; then
        LAST_SCREEN="no zapp-shell process in $1"
        return 1
    fi
    deadline=$(($(now_ms) + 20000))
    until threads_settled "$pid"; do
        if (($(now_ms) > deadline)); then
            LAST_SCREEN="threads still running after 20 s:"$'\n'"$(cat /proc/"$pid"/task/*/comm)"
            return 1
        fi
        sleep 0.1
    done
    timeout -s INT 3 strace -c -f -p "$pid" -o "$WORK/idle.strace" 2>/dev/null
    calls=$(awk '$NF == "total" { print $4 }' "$WORK/idle.strace")
    calls=${calls:-0}
    if [ "$calls" -gt 15 ]; then
        LAST_SCREEN="$calls system calls in 3 s idle:"$'\n'"$(cat "$WORK/idle.strace")"
        return 1
    fi
}

scenario_idle_wakeups() {
    echo "# an idle app: at most 15 system calls in 3 s after any kind of work"
    local s=idle
    if ! command -v strace >/dev/null 2>&1; then
        echo "SKIPPED: idle_wakeups counts system calls with strace (make test-deps installs it)"
        return
    fi
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/idle-state'" --log "'$WORK/idle.log'"
    check "idle: the app opens on Home" wait_for "$s" "Tonight on ZappTV" 15 || return
    check "idle: quiet once home is drawn" quiet "$s"
    open_menu "$s"
    keys "$s" Escape
    keys "$s" g
    type_text "$s" "what's on"
    keys "$s" Enter
    check "idle: What's on draws its feed" wait_for "$s" "Behind the scenes of Glass Harbor" || return
    choose_menu_item "$s" 6
    check "idle: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return
    keys "$s" Escape
    check "idle: the sign-in pane is dismissed" wait_gone "$s" "Sign in to open Premium." || return
    choose_menu_item "$s" 5
    choose_menu_item "$s" 8
    check "idle: Late Night opens once its external hook allows it" wait_for "$s" "After hours (18+)" || return
    check "idle: quiet after a feed, a login pane and an external hook" quiet "$s"
    keys "$s" r
    check "idle: r reloads the app" wait_for "$s" "Reloaded" || return
    check "idle: its message expires (the tick timer)" wait_gone "$s" "Reloaded" || return
    check "idle: quiet after a reload" quiet "$s"
    keys "$s" q
    check "idle: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}
more_scenarios+=(idle_wakeups)
