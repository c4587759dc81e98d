# An idle app wakes for nothing (issue 12): its tasks and sleeps run on zapp-shell's own executor
# (ARCHITECTURE.md, "The loop"), so libdispatch's thread-pool monitor, a timer that wakes the
# process every second once a worker of libdispatch's default pool has started, never starts.
# Checked at once after each kind of work, with no waiting: no thread of that pool is there and
# no timer descriptor is armed. (The seconds-long count of system calls is `make bench`'s.)

# no_pool_monitor SESSION: the app in SESSION has no libdispatch default-pool thread (their names
# end in "-qos"; the overcommit pool's, which has no monitor, in ".overcommit") and no armed timerfd.
no_pool_monitor() {
    local pid task fd name
    pid=$(app_pid "$1")
    if [ -z "$pid" ]; then
        LAST_SCREEN="no zapp-shell process in $1"
        return 1
    fi
    for task in /proc/"$pid"/task/*; do
        name=$(cat "$task/comm" 2>/dev/null)
        case "$name" in *-qos)
            LAST_SCREEN="thread ${task##*/} is libdispatch's default pool: $name"
            return 1
            ;;
        esac
    done
    for fd in /proc/"$pid"/fd/*; do
        [ "$(readlink "$fd" 2>/dev/null)" = "anon_inode:[timerfd]" ] || continue
        if ! grep -q '^it_value: (0, 0)' "/proc/$pid/fdinfo/${fd##*/}"; then
            LAST_SCREEN="timerfd ${fd##*/} is armed: $(tr '\n' ' ' <"/proc/$pid/fdinfo/${fd##*/}")"
            return 1
        fi
    done
}

scenario_idle_wakeups() {
    echo "# an idle app: no libdispatch pool monitor after any kind of work"
    local s=idle
    if [ ! -d /proc/self/task ]; then
        echo "SKIPPED: idle_wakeups reads /proc (Linux only)"
        return
    fi
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/idle-state'" --log "'$WORK/idle.log'"
    check "idle: the app opens on Home" wait_for "$s" "Tonight on ZappTV" 15 || return
    check "idle: no pool monitor once home is drawn" no_pool_monitor "$s"
    open_menu "$s"
    check "idle: no pool monitor with the side menu open" no_pool_monitor "$s"
    keys "$s" Escape
    keys "$s" g
    type_text "$s" "what's on"
    keys "$s" Enter
    check "idle: What's on draws its feed" wait_for "$s" "Behind the scenes of Glass Harbor" || return
    check "idle: no pool monitor after a feed loaded" no_pool_monitor "$s"
    choose_menu_item "$s" 6
    check "idle: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return
    keys "$s" Escape
    check "idle: the sign-in pane is dismissed" wait_gone "$s" "Sign in to open Premium." || return
    check "idle: no pool monitor after a login pane" no_pool_monitor "$s"
    choose_menu_item "$s" 5
    choose_menu_item "$s" 8
    check "idle: Late Night opens once its external hook allows it" wait_for "$s" "After hours (18+)" || return
    check "idle: no pool monitor after an external hook" no_pool_monitor "$s"
    keys "$s" r
    check "idle: r reloads the app" wait_for "$s" "Reloaded" || return
    check "idle: its message expires (a timer on the executor)" wait_gone "$s" "Reloaded" || return
    check "idle: no pool monitor after a reload" no_pool_monitor "$s"
    keys "$s" q
    check "idle: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}
more_scenarios+=(idle_wakeups)
