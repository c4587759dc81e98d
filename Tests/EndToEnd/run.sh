#!/usr/bin/env bash
# End-to-end tests of the interactive shell, driven through tmux (which provides the terminal,
# so this runs in CI without one). Run by `make test` with $ZAPP_SHELL set to the built binary.
#
# Every step waits for text on the screen (polling `tmux capture-pane` every 50 ms) instead of
# sleeping. Each scenario runs in its own tmux session on a private tmux server, so nothing
# here touches the user's tmux. Ends with a line "N passed, N failed"; exits non-zero on any
# failure.
set -u
export LC_ALL=C.UTF-8

if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIPPED: end-to-end tests need tmux, which is not installed (make deps installs it)."
    exit 0
fi
ZAPP_SHELL=${ZAPP_SHELL:-}
if [ -z "$ZAPP_SHELL" ] || [ ! -x "$ZAPP_SHELL" ]; then
    echo "end-to-end: set ZAPP_SHELL to the built zapp-shell binary (got '${ZAPP_SHELL}')" >&2
    exit 2
fi
ZAPP_SHELL=$(cd "$(dirname "$ZAPP_SHELL")" && pwd)/$(basename "$ZAPP_SHELL")

WORK=$(mktemp -d "${TMPDIR:-/tmp}/zapp-shell-e2e.XXXXXX")
SOCKET="zapp-shell-e2e-$$"
passed=0
failed=0
LAST_SCREEN=""

cleanup() {
    tmux -L "$SOCKET" kill-server >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A tmux configuration of our own: a 256-colour terminal and no Esc delay.
TERMINAL_TYPE=tmux-256color
infocmp "$TERMINAL_TYPE" >/dev/null 2>&1 || TERMINAL_TYPE=screen
cat >"$WORK/tmux.conf" <<EOF
set -g default-terminal "$TERMINAL_TYPE"
set -g escape-time 10
set -g history-limit 500
set -g status off
EOF
cat >"$WORK/bashrc" <<'EOF'
PS1='e2e$ '
unset PROMPT_COMMAND
EOF

tm() { tmux -L "$SOCKET" -f "$WORK/tmux.conf" "$@"; }

# --- helpers ---------------------------------------------------------------------------------

now_ms() { echo $(($(date +%s%N) / 1000000)); }

screen_of() { tm capture-pane -p -t "$1" 2>/dev/null; }

# wait_for SESSION TEXT [TIMEOUT_SECONDS]: until TEXT is on the screen.
wait_for() {
    local session=$1 text=$2 timeout=${3:-10}
    local deadline=$(($(now_ms) + timeout * 1000))
    while :; do
        if screen_of "$session" | grep -qF -- "$text"; then return 0; fi
        if (($(now_ms) > deadline)); then
            LAST_SCREEN="waited ${timeout}s for: $text"$'\n'"$(screen_of "$session")"
            return 1
        fi
        sleep 0.05
    done
}

# wait_gone SESSION TEXT [TIMEOUT_SECONDS]: until TEXT is no longer on the screen.
wait_gone() {
    local session=$1 text=$2 timeout=${3:-10}
    local deadline=$(($(now_ms) + timeout * 1000))
    while screen_of "$session" | grep -qF -- "$text"; do
        if (($(now_ms) > deadline)); then
            LAST_SCREEN="waited ${timeout}s for this to go: $text"$'\n'"$(screen_of "$session")"
            return 1
        fi
        sleep 0.05
    done
}

# not_on_screen SESSION TEXT: TEXT is not on the screen now.
not_on_screen() {
    if screen_of "$1" | grep -qF -- "$2"; then
        LAST_SCREEN="unexpected: $2"$'\n'"$(screen_of "$1")"
        return 1
    fi
}

# check DESCRIPTION COMMAND...: one counted step.
check() {
    local description=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "ok   $description"
        return 0
    fi
    failed=$((failed + 1))
    echo "FAIL $description"
    [ -n "$LAST_SCREEN" ] && printf '%s\n' "$LAST_SCREEN" | sed 's/^/     | /'
    LAST_SCREEN=""
    return 1
}

keys() {
    local session=$1
    shift
    tm send-keys -t "$session" "$@"
}

type_text() { tm send-keys -t "$1" -l -- "$2"; }

# new_shell NAME [COLUMNS ROWS]: a session running an interactive bash with prompt "e2e$ ".
new_shell() {
    tm new-session -d -s "$1" -x "${2:-100}" -y "${3:-30}" \
        "env -u NO_COLOR -u COLORTERM -u BROWSER LANG=C.UTF-8 LC_ALL=C.UTF-8 bash --rcfile '$WORK/bashrc' -i"
    wait_for "$1" 'e2e$'
}

# run_line SESSION COMMAND: types a command line into the session's shell.
run_line() {
    type_text "$1" "$2"
    keys "$1" Enter
}

# launch SESSION ARGS...: starts zapp-shell in the session's shell; prints rc=N when it exits.
launch() {
    local session=$1
    shift
    run_line "$session" "'$ZAPP_SHELL' $* ; echo rc=\$?"
}

# app_pid SESSION: the zapp-shell process started by the session's shell (pgrep, or /proc
# where procps is not installed).
app_pid() {
    local parent pid comm state ppid rest stat
    parent=$(tm display -p -t "$1" '#{pane_pid}')
    if command -v pgrep >/dev/null 2>&1; then
        pgrep -P "$parent" -x zapp-shell
        return
    fi
    for stat in /proc/[0-9]*/stat; do
        read -r pid comm state ppid rest <"$stat" 2>/dev/null || continue
        if [ "$ppid" = "$parent" ] && [ "$comm" = "(zapp-shell)" ]; then echo "$pid"; fi
    done
}

# terminal_restored SESSION: main screen, cursor visible, mouse reporting off, and the shell
# line discipline back (echo and canonical mode, shown by stty and by the echoed command).
terminal_restored() {
    local session=$1
    local state
    state=$(tm display -p -t "$session" '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')
    if [ "$state" != "0 1 0" ]; then
        LAST_SCREEN="alternate/cursor/mouse = $state (want 0 1 0)"$'\n'"$(screen_of "$session")"
        return 1
    fi
    run_line "$session" 'echo "modes=$(stty -a | tr " ;" "\n\n" | grep -cx -e echo -e icanon)"'
    wait_for "$session" 'echo "modes=$(stty' && wait_for "$session" "modes=2"
}

# The side menu is open when its section headers show.
open_menu() {
    local session=$1
    if ! screen_of "$session" | grep -qF "MEMBERS"; then keys "$session" m; fi
    wait_for "$session" "MEMBERS"
}

# choose_menu_item SESSION INDEX: the INDEX-th selectable row of the side menu, then Enter.
choose_menu_item() {
    local session=$1 index=$2
    open_menu "$session" || return 1
    keys "$session" Home
    local i
    for ((i = 0; i < index; i++)); do keys "$session" Down; done
    keys "$session" Enter
}

# click SESSION TEXT: a mouse press and release (X10 encoding, as terminfo's kmous=\E[M says)
# on the first character of TEXT on the screen.
click() {
    local session=$1 text=$2 screen row line prefix column
    screen=$(screen_of "$session")
    row=$(printf '%s\n' "$screen" | grep -nF -- "$text" | head -n 1 | cut -d: -f1)
    if [ -z "$row" ]; then
        LAST_SCREEN="nothing to click: $text"$'\n'"$screen"
        return 1
    fi
    line=$(printf '%s\n' "$screen" | sed -n "${row}p")
    prefix=${line%%"$text"*}
    column=${#prefix}
    local x y
    printf -v x "\\$(printf '%03o' $((33 + column)))"
    printf -v y "\\$(printf '%03o' $((32 + row)))"
    tm send-keys -t "$session" -l -- $'\e[M '"$x$y"$'\e[M#'"$x$y"
}

# click_then_wait SESSION TEXT EXPECTED: clicks TEXT, then waits for EXPECTED.
click_then_wait() { click "$1" "$2" && wait_for "$1" "$3"; }

# --- scenarios -------------------------------------------------------------------------------

scenario_validate_and_refusals() {
    echo "# validate exit codes and refusals before the terminal"
    mkdir -p "$WORK/broken"
    printf '[{"id": "home", "name": "Home", "home": true,}]\n' >"$WORK/broken/river.json"
    printf '[]\n' >"$WORK/broken/plugin_configurations.json"

    check "validate: the demo app is valid (exit 0)" "$ZAPP_SHELL" validate >/dev/null 2>&1
    local rc
    "$ZAPP_SHELL" validate "$WORK/broken" >"$WORK/validate.out" 2>&1
    rc=$?
    check "validate: a syntax error exits 1" test "$rc" = 1
    check "validate: the message names the file, line and column" grep -q 'river.json:1:' "$WORK/validate.out"
    "$ZAPP_SHELL" validate "$WORK/does-not-exist" >/dev/null 2>&1
    rc=$?
    check "validate: an unreadable app exits 2" test "$rc" = 2

    TERM=dumb "$ZAPP_SHELL" </dev/null >"$WORK/dumb.out" 2>&1
    rc=$?
    check "run: TERM=dumb is refused (exit 1)" test "$rc" = 1
    check "run: the refusal says why" grep -q 'TERM=dumb' "$WORK/dumb.out"
    TERM=xterm "$ZAPP_SHELL" </dev/null >"$WORK/notty.out" 2>&1
    rc=$?
    check "run: no terminal on stdin is refused (exit 1)" test "$rc" = 1
    check "run: the refusal names the stream" grep -q 'is not a terminal' "$WORK/notty.out"

    local s=refuse
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" "'$WORK/broken'"
    check "run: an invalid app is refused with the validate message (exit 1)" wait_for "$s" "rc=1"
    check "run: the message names river.json" wait_for "$s" "river.json:1:"
    check "run: the terminal was left alone" terminal_restored "$s"
    tm kill-session -t "$s"
}

scenario_menu_tour() {
    echo "# the demo app: every root menu item"
    local s=tour
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/tour-state'" --log "'$WORK/tour.log'"
    check "launch: the demo app opens on Home" wait_for "$s" "Tonight on ZappTV" 15 || return
    check "launch: the nav bar shows its buttons" wait_for "$s" "Search"

    choose_menu_item "$s" 1; check "menu: Movies" wait_for "$s" "New releases" || return
    choose_menu_item "$s" 2; check "menu: Series (bar over the content)" wait_for "$s" "Signal Lost  1 season" || return
    choose_menu_item "$s" 3; check "menu: Live TV (bar over the content)" wait_for "$s" "ZappTV News 24  Evening bulletin" || return
    choose_menu_item "$s" 4; check "menu: Sports (screen picker, first tab)" wait_for "$s" "Today's scores" || return
    choose_menu_item "$s" 5; check "menu: More to explore expands" wait_for "$s" "Late Night" || return
    choose_menu_item "$s" 6; check "menu: News" wait_for "$s" "Headlines" || return
    choose_menu_item "$s" 7; check "menu: Kids (bar over the content)" wait_for "$s" "Robo Pals" || return
    choose_menu_item "$s" 8; check "menu: Late Night (external hook allows it)" wait_for "$s" "After hours (18+)" || return
    choose_menu_item "$s" 9; check "menu: Community shows its House rules gate" wait_for "$s" "House rules" || return
    keys "$s" Escape
    check "menu: declining the non-blocking gate still opens Community" wait_for "$s" "Popular threads" || return
    choose_menu_item "$s" 10; check "menu: Premium asks to sign in" wait_for "$s" "Sign in to open Premium." || return
    keys "$s" Escape
    check "menu: cancelling sign-in blocks Premium" wait_for "$s" "Blocked by zapptv_login" || return
    choose_menu_item "$s" 11; check "menu: Account asks for the parental PIN" wait_for "$s" "Parental PIN" || return
    keys "$s" Escape
    check "menu: cancelling the PIN blocks Account" wait_for "$s" "Blocked by zapptv_parental_pin" || return
    choose_menu_item "$s" 12; check "menu: TV Guide" wait_for "$s" "EPG · Today" || return
    choose_menu_item "$s" 13; check "menu: Settings" wait_for "$s" "Signed in" || return
    choose_menu_item "$s" 14; check "menu: Help centre is a web link, shown without \$BROWSER" wait_for "$s" "https://zapptv.example/help" || return
    keys "$s" Escape
    check "menu: Esc closes the web link" wait_gone "$s" "Web link (Esc closes)" || return
    choose_menu_item "$s" 0; check "menu: back to Home" wait_for "$s" "Tonight on ZappTV" || return

    echo "# nav-bar states"
    check "bar: Home is left · logo · on_top" wait_for "$s" "left·logo·on_top" || return
    keys "$s" S
    check "bar: S switches Home's bar to overlay" wait_for "$s" "left·logo·overlay" || return
    keys "$s" S
    check "bar: S switches it to hidden" wait_for "$s" "left·logo·hidden" || return
    keys "$s" S
    check "bar: S switches it back to on_top" wait_for "$s" "left·logo·on_top" || return
    keys "$s" s
    check "bar: s switches the style to center" wait_for "$s" "center·logo·on_top" || return
    keys "$s" p
    check "bar: p switches the presentation to title" wait_for "$s" "center·title·on_top" || return
    choose_menu_item "$s" 2; check "bar: Series is configured as overlay" wait_for "$s" "left·title·overlay" || return
    choose_menu_item "$s" 8; check "bar: Late Night is configured as hidden" wait_for "$s" "left·logo·hidden" || return
    choose_menu_item "$s" 3; check "bar: Live TV is configured centre · logo · overlay" wait_for "$s" "center·logo·overlay" || return

    keys "$s" q
    check "quit: q exits with status 0" wait_for "$s" "rc=0" || return
    check "quit: the terminal is restored" terminal_restored "$s"
    tm kill-session -t "$s"
}

scenario_login_gating() {
    echo "# login gating end to end"
    local s=login state="$WORK/login-state"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$state'" --log "'$WORK/login.log'"
    check "login: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return

    choose_menu_item "$s" 6; check "login: opening Premium shows the Sign in pane" wait_for "$s" "Sign in to open Premium." || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" wrong
    keys "$s" Enter
    check "login: a wrong password shows the reason" wait_for "$s" "Wrong username or password" || return
    check "login: the pane stays open" wait_for "$s" "Sign in to open Premium." || return
    keys "$s" Escape
    check "login: Esc closes the pane" wait_gone "$s" "Sign in to open Premium." || return
    check "login: the user stays on Home" wait_for "$s" "Tonight on ZappTV" || return
    # The menu selection went back to Home: Enter now stays on Home (no pane), and the help
    # overlay opening afterwards proves the Enter was handled.
    keys "$s" Enter
    keys "$s" "?"
    check "login: the menu selection reverted to Home" wait_for "$s" "Keys" || return
    check "login: no pane came back" not_on_screen "$s" "Sign in to open Premium." || return
    keys "$s" Escape

    choose_menu_item "$s" 6
    check "login: the pane opens again" wait_for "$s" "Sign in to open Premium." || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" demo
    keys "$s" Enter
    check "login: the right password opens Premium" wait_for "$s" "Members' premieres" || return
    choose_menu_item "$s" 0
    check "login: back to Home" wait_for "$s" "Tonight on ZappTV" || return
    choose_menu_item "$s" 6
    check "login: the next visit shows Premium at once" wait_for "$s" "Members' premieres" || return
    check "login: with no pane" not_on_screen "$s" "Sign in to open Premium." || return

    keys "$s" g
    check "login: g opens go to screen" wait_for "$s" "Go to screen" || return
    type_text "$s" settings
    keys "$s" Enter
    check "login: Settings offers Sign out" wait_for "$s" "Sign out" || return
    check "login: Settings shows who is signed in" wait_for "$s" "Signed in     demo" || return
    keys "$s" Down Enter
    check "login: Sign out signs out" wait_for "$s" "not signed in" || return
    choose_menu_item "$s" 6; check "login: Premium is gated again" wait_for "$s" "Sign in to open Premium." || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" demo
    keys "$s" Enter
    check "login: signed in again" wait_for "$s" "Members' premieres" || return
    keys "$s" q
    check "login: quit" wait_for "$s" "rc=0" || return

    local session_file
    session_file=$(find "$state" -name '*.session.json' | head -n 1)
    check "login: the session is saved with mode 0600" test -n "$session_file" -a "$(stat -c %a "$session_file" 2>/dev/null)" = 600
    check "login: no password in the log" bash -c "! grep -q 'demo:demo\\|password=demo' '$WORK/login.log'"

    run_line "$s" clear
    launch "$s" --state-dir "'$state'" --log "'$WORK/login.log'"
    check "restart: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    choose_menu_item "$s" 6
    check "restart: the session is kept (Premium opens without a pane)" wait_for "$s" "Members' premieres" || return
    check "restart: no pane" not_on_screen "$s" "Sign in to open Premium." || return
    keys "$s" q
    wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_screen_picker() {
    echo "# screen-picker tabs go through the hooks and revert when blocked"
    local s=picker
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/picker-state'" --log "'$WORK/picker.log'"
    check "picker: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    keys "$s" g
    type_text "$s" sports
    keys "$s" Enter
    check "picker: Sports shows its first tab" wait_for "$s" "Today's scores" || return
    keys "$s" Right
    keys "$s" Enter
    check "picker: the Highlights tab opens" wait_for "$s" "Goal of the week" || return
    keys "$s" Right
    keys "$s" Enter
    check "picker: the gated tab asks to sign in" wait_for "$s" "Sign in to open Premium Matches." || return
    keys "$s" Escape
    check "picker: cancelling blocks the tab" wait_for "$s" "Blocked by zapptv_login" || return
    check "picker: the tab reverted to Highlights" wait_for "$s" "Goal of the week" || return
    keys "$s" Enter
    check "picker: the gated tab asks again" wait_for "$s" "Sign in to open Premium Matches." || return
    type_text "$s" demo
    keys "$s" Tab
    type_text "$s" demo
    keys "$s" Enter
    check "picker: signing in switches to the gated tab" wait_for "$s" "Live in full, members only" || return
    keys "$s" q
    check "picker: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_slow_hook() {
    echo "# a slow hook shows a spinner and Esc cancels it"
    local s=slow app="$WORK/slow-app"
    "$ZAPP_SHELL" init "$app" >/dev/null 2>&1
    check "slow: the demo app is written out" test -f "$app/hooks/age-check.sh" || return
    # The external age-check hook now takes 5 seconds to answer.
    sed -i 's/^input=\$(cat)$/input=$(cat); sleep 5/' "$app/hooks/age-check.sh"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" "'$app'" --state-dir "'$WORK/slow-state'" --log "'$WORK/slow.log'"
    check "slow: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    keys "$s" g
    type_text "$s" "late night"
    keys "$s" Enter
    check "slow: a spinner says what is running" wait_for "$s" "Opening Late Night… (Esc cancels)" || return
    keys "$s" "?"
    check "slow: keys still work while the hook runs" wait_for "$s" "Keys" || return
    keys "$s" Escape Escape
    check "slow: Esc cancels the hook (a failure: the blocker stops the navigation)" \
        wait_for "$s" "Blocked by zapptv_age_check: cancelled" 3 || return
    check "slow: the user stays on Home" wait_for "$s" "Tonight on ZappTV" || return
    keys "$s" q
    check "slow: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_deep_link() {
    echo "# --open deep link"
    local s=deeplink
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/link-state'" --log "'$WORK/link.log'" --open zapp://screen/movies
    check "deep link: zapp://screen/movies opens Movies" wait_for "$s" "New releases" 15 || return
    keys "$s" q
    check "deep link: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_mouse() {
    echo "# mouse clicks"
    local s=mouse
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/mouse-state'" --log "'$WORK/mouse.log'"
    check "mouse: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    check "mouse: a click on the menu button opens the side menu" click_then_wait "$s" "≡" "MEMBERS" || return
    check "mouse: a click on a menu item opens it" click_then_wait "$s" "Live TV" "ZappTV News 24  Evening bulletin" || return
    choose_menu_item "$s" 0
    check "mouse: back to Home" wait_for "$s" "Tonight on ZappTV" || return
    check "mouse: a click on a card opens its screen" click_then_wait "$s" "New every Friday" "New releases" || return
    keys "$s" q
    check "mouse: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_resize_storm() {
    echo "# resize storm"
    local s=resize
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/resize-state'" --log "'$WORK/resize.log'"
    check "resize: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    local i
    for ((i = 0; i < 50; i++)); do
        if ((i % 2 == 0)); then
            tm resize-window -t "$s" -x 20 -y 6
        else
            tm resize-window -t "$s" -x $((60 + (i * 29) % 141)) -y $((10 + (i * 7) % 51))
        fi
    done
    tm resize-window -t "$s" -x 200 -y 60
    check "resize: the app survives 50 resizes between 20x6 and 200x60" test -n "$(app_pid "$s")" || return
    check "resize: the frame fits the new size" wait_for "$s" "Tonight on ZappTV" || return
    keys "$s" "?"
    check "resize: keys still work afterwards" wait_for "$s" "Keys" || return
    keys "$s" Escape
    tm resize-window -t "$s" -x 19 -y 5
    check "resize: below 20x6 says the terminal is too small" wait_for "$s" "Too small" || return
    tm resize-window -t "$s" -x 100 -y 30
    check "resize: back to 100x30" wait_for "$s" "Tonight on ZappTV" || return
    keys "$s" q
    check "resize: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_exit_paths() {
    echo "# Ctrl-C and SIGTERM restore the terminal"
    local s=exits
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/exit-state'" --log "'$WORK/exit.log'"
    check "Ctrl-C: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    keys "$s" C-c
    check "Ctrl-C: the app exits (status 130)" wait_for "$s" "rc=130" || return
    check "Ctrl-C: the terminal is restored" terminal_restored "$s" || return

    run_line "$s" clear
    launch "$s" --state-dir "'$WORK/exit-state'" --log "'$WORK/exit.log'"
    check "SIGTERM: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    local pid
    pid=$(app_pid "$s")
    check "SIGTERM: the app's process is found" test -n "$pid" || return
    kill -TERM "$pid"
    check "SIGTERM: the app exits (status 143)" wait_for "$s" "rc=143" || return
    check "SIGTERM: the terminal is restored" terminal_restored "$s" || return

    run_line "$s" clear
    launch "$s" --state-dir "'$WORK/exit-state'" --log "'$WORK/exit.log'"
    check "SIGHUP: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    pid=$(app_pid "$s")
    kill -HUP "$pid"
    check "SIGHUP: the app exits (status 129)" wait_for "$s" "rc=129" || return
    check "SIGHUP: the terminal is restored" terminal_restored "$s"
    tm kill-session -t "$s"
}

# A real app's layout: real plugin class names (a native tab bar, the Kan bar, the prehook
# example as a flow-blocking gate, an analytics class), dangling targets, a hook naming no
# plugin, unknown enum values and a numeric id. Written by write_real_app DIR.
write_real_app() {
    mkdir -p "$1"
    cat >"$1/river.json" <<'JSON'
[{"id": "home", "name": "Home", "type": "general_content", "home": true, "navigations": [{"id": "menu", "category": "menu", "navigation_type": "NativeTabBar-iOS", "nav_items": [{"id": "t-home", "title": "Home", "type": "label", "data": {"target": "home"}}, {"id": "t-premium", "title": "Premium", "type": "label", "data": {"target": "premium"}}, {"id": "t-gone", "title": "Gone", "type": "label", "data": {"target": "no-such-screen"}}]}, {"id": "bar", "category": "nav_bar", "navigation_type": "kan_nav_bar", "styles": {"style": "leftish", "presentation_style": "banner", "state": "floating"}, "nav_items": [{"id": "web", "title": "Site", "type": "button", "data": {"target": null, "source": "https://example.com/help", "type": "WEB_URL"}}, {"id": "dangling", "title": "Lost", "type": "button", "data": {"target": "missing-screen"}}]}], "ui_components": [{"id": "c1", "component_type": "list", "data": {"items": [{"title": "Open Premium", "target": "premium"}, {"title": "Nowhere", "target": "nowhere"}]}}]}, {"id": "premium", "name": "Premium", "type": "general_content", "hooks": {"preload_plugins": [{"identifier": "hook", "type": "general", "screen_id": "hook_screen"}, {"identifier": "ghost-plugin", "type": "general"}]}, "navigations": [{"id": "bar2", "category": "nav_bar", "navigation_type": "kan_nav_bar", "styles": {"state": "floating"}}]}, {"id": "hook_screen", "name": "Prehook screen", "type": "hook_screen", "general": {"is_flow_blocker": true}}, {"id": 17, "name": "Numbered", "type": "general_content"}]
JSON
    cat >"$1/plugin_configurations.json" <<'JSON'
[{"plugin": {"identifier": "NativeTabBar-iOS", "name": "NativeTabBar", "type": "menu", "api": {"class_name": "ZappRoot.ZPNativeTabBarController"}}, "configuration_json": {}}, {"plugin": {"identifier": "kan_nav_bar", "name": "Kan Navigation Bar", "type": "nav_bar", "api": {"class_name": "KanNavigationBarAdapter"}}, "configuration_json": {}}, {"plugin": {"api": {"require_startup_execution": false, "class_name": "PrehookExample.HookManager", "modules": []}, "name": "Prehook Example", "description": "Example prehook plugin", "type": "general", "identifier": "hook", "preload": true, "custom_configuration_fields": [{"type": "checkbox", "key": "is_flow_blocker", "tooltip_text": "Define if hook will block flow in case cancelation", "default": 0}]}, "configuration_json": {"is_flow_blocker": "1"}}, {"plugin": {"identifier": "test_analytics", "name": "Test analytics", "type": "analytics", "api": {"class_name": "ZappAnalyticsPluginExample_iOS.TestAnalyticsProvider"}}, "configuration_json": {}}]
JSON
}

scenario_real_app() {
    echo "# a real app with flaws runs: warnings, tab-bar root, stand-in gate, WEB_URL, deep link"
    local app="$WORK/real-app" rc
    write_real_app "$app"
    "$ZAPP_SHELL" validate "$app" >"$WORK/real-validate.out" 2>&1
    rc=$?
    check "validate: the flawed real app still reports errors (exit 1)" test "$rc" = 1
    check "validate: the unknown enum value is reported" grep -q 'got "leftish"' "$WORK/real-validate.out"
    "$ZAPP_SHELL" trace "$app" --screen premium --answer hook=failure >"$WORK/real-trace.out" 2>&1
    check "trace: the stand-in gate answered failure blocks" grep -q 'result: blocked by hook' "$WORK/real-trace.out"
    "$ZAPP_SHELL" trace "$app" --screen premium --answer hook=success >"$WORK/real-trace.out" 2>&1
    check "trace: the stand-in gate answered success presents" grep -q 'result: presented premium' "$WORK/real-trace.out"
    check "trace: the hook naming no plugin is skipped" grep -q 'pre ghost-plugin: skipped' "$WORK/real-trace.out"
    mkdir -p "$WORK/published"
    cp "$app/river.json" "$WORK/published/rivers.json"
    "$ZAPP_SHELL" trace "$WORK/published" --plugins "$app/plugin_configurations.json" --screen premium \
        --answer hook=success >"$WORK/published.out" 2>&1
    check "rivers.json with --plugins: the stand-in gate is found" grep -q 'result: presented premium' "$WORK/published.out"

    printf '#!/bin/sh\necho "$@" >"%s"\n' "$WORK/browser.out" >"$WORK/browser.sh"
    chmod +x "$WORK/browser.sh"
    local s=realapp
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "export BROWSER='$WORK/browser.sh'"
    launch "$s" "'$app'" --state-dir "'$WORK/real-state'" --log "'$WORK/real.log'"
    check "dangling references: the app runs with a warnings count" wait_for "$s" "13 warnings (w)" 15 || return
    check "tab-bar root: ZappRoot.ZPNativeTabBarController shows tabs, no menu key" not_on_screen "$s" "m menu"
    keys "$s" w
    check "warnings pane: lists the hook naming no plugin" wait_for "$s" 'hook "ghost-plugin" names no plugin'
    keys "$s" Escape
    check "warnings pane: Esc closes it" wait_gone "$s" "Esc closes"
    keys "$s" Enter
    check "stand-in gate: shows the plugin's name and class" wait_for "$s" "Stand-in: Prehook Example"
    check "stand-in gate: says it is not built in" wait_for "$s" "not built into"
    keys "$s" Tab Enter
    check "stand-in gate: Fail blocks the flow blocker" wait_for "$s" "Blocked by hook"
    keys "$s" Enter
    check "stand-in gate: shown again" wait_for "$s" "Stand-in: Prehook Example"
    keys "$s" Enter
    check "stand-in gate: Continue presents the screen" wait_for "$s" "This screen has no UI components"
    keys "$s" Escape
    check "back home" wait_for "$s" "Open Premium"
    keys "$s" Tab Tab Enter
    check "WEB_URL: opened with \$BROWSER" wait_for "$s" 'Opening https://example.com/help with $BROWSER'
    local tries=0
    while [ ! -s "$WORK/browser.out" ] && [ "$tries" -lt 100 ]; do sleep 0.05; tries=$((tries + 1)); done
    check "WEB_URL: \$BROWSER received the URL as its argument" grep -qx 'https://example.com/help' "$WORK/browser.out"
    keys "$s" q
    check "real app: quit" wait_for "$s" "rc=0"
    run_line "$s" "unset BROWSER"
    launch "$s" "'$app'" --state-dir "'$WORK/real-state'" --log "'$WORK/real.log'"
    check "WEB_URL without \$BROWSER: the app runs" wait_for "$s" "Open Premium" 15
    keys "$s" Tab Tab Enter
    check "WEB_URL without \$BROWSER: the URL is shown in a pane" wait_for "$s" "Set \$BROWSER to open web links"
    keys "$s" Escape q
    check "WEB_URL without \$BROWSER: quit" wait_for "$s" "rc=0"
    launch "$s" "'$app'" --state-dir "'$WORK/real-state'" --log "'$WORK/real.log'" \
        --open "'myapp://present?screen_id=premium&data=x'"
    check "deep link: myapp://present?screen_id=premium runs the gate" wait_for "$s" "Stand-in: Prehook Example" 15
    keys "$s" Enter
    check "deep link: Continue presents the linked screen" wait_for "$s" "This screen has no UI components"
    keys "$s" q
    check "deep link: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

# Usage: run.sh [SCENARIO...] runs the named scenarios only (e.g. `run.sh login_gating`).
scenarios=(validate_and_refusals menu_tour login_gating screen_picker slow_hook deep_link real_app mouse resize_storm exit_paths)
[ "$#" -gt 0 ] && scenarios=("$@")
started=$(now_ms)
# A session that lives for the whole run keeps the tmux server up between scenarios.
tm new-session -d -s keeper "sleep 86400"
for scenario in "${scenarios[@]}"; do
    if ! declare -F "scenario_$scenario" >/dev/null; then
        echo "FAIL unknown scenario: $scenario (known: ${scenarios[*]})"
        failed=$((failed + 1))
        continue
    fi
    "scenario_$scenario"
done
echo "end-to-end: $(($(now_ms) - started)) ms"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
