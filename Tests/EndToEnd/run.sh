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
    echo "SKIPPED: end-to-end tests need tmux, which is not installed (make test-deps installs it)."
    exit 0
fi
ZAPP_SHELL=${ZAPP_SHELL:-}
if [ -z "$ZAPP_SHELL" ] || [ ! -x "$ZAPP_SHELL" ]; then
    echo "end-to-end: set ZAPP_SHELL to the built zapp-shell binary (got '${ZAPP_SHELL}')" >&2
    exit 2
fi
ZAPP_SHELL=$(cd "$(dirname "$ZAPP_SHELL")" && pwd)/$(basename "$ZAPP_SHELL")

WORK=$(mktemp -d "${TMPDIR:-/tmp}/zapp-shell-e2e.XXXXXX")
# The default state directory (trust, trace) is the run's own: scenarios never read or write the user's.
export XDG_STATE_HOME="$WORK/xdg-state"
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

# wait_file PATH [TIMEOUT_SECONDS]: until the file exists and is not empty.
wait_file() {
    local path=$1 timeout=${2:-10}
    local deadline=$(($(now_ms) + timeout * 1000))
    while [ ! -s "$path" ]; do
        if (($(now_ms) > deadline)); then
            LAST_SCREEN="waited ${timeout}s for the file $path"
            return 1
        fi
        sleep 0.05
    done
}

# not_in_text TEXT PATTERN...: none of the fixed strings PATTERN occurs in TEXT.
not_in_text() {
    local text=$1 pattern
    shift
    for pattern in "$@"; do
        if grep -qF -- "$pattern" <<<"$text"; then
            LAST_SCREEN="unexpected: $pattern"
            return 1
        fi
    done
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

# click SESSION TEXT: a mouse press and release on the first character of TEXT on the screen,
# encoded as the app's terminal declares in terminfo (kmous): SGR (\e[<b;x;yM / m) for \e[<,
# else X10 (\e[M plus three bytes). $CLICK_TERM names that terminal (default: tmux's own).
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
    if infocmp -x "${CLICK_TERM:-$TERMINAL_TYPE}" 2>/dev/null | grep -qF 'kmous=\E[<'; then
        tm send-keys -t "$session" -l -- $'\e[<0;'"$((column + 1));${row}M"$'\e[<0;'"$((column + 1));${row}m"
        return
    fi
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
    check "menu: cancelling sign-in blocks Premium" wait_for "$s" "(zapptv_login): " || return
    choose_menu_item "$s" 11; check "menu: Account asks for the parental PIN" wait_for "$s" "Parental PIN" || return
    keys "$s" Escape
    check "menu: cancelling the PIN blocks Account" wait_for "$s" "(zapptv_parental_pin): " || return
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
    # The menu's cursor stays on Premium, the item chosen (as the SDK leaves it): Enter asks again.
    keys "$s" Enter
    check "login: the menu's cursor stayed on Premium" wait_for "$s" "Sign in to open Premium." || return
    keys "$s" Escape
    check "login: Esc closes it again" wait_gone "$s" "Sign in to open Premium." || return

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
    check "picker: cancelling blocks the tab" wait_for "$s" "(zapptv_login): " || return
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
    # The edit voids init's trust (zapp-shell trust): trusted again, the edited script runs.
    "$ZAPP_SHELL" trust "$app" >/dev/null
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
        wait_for "$s" "Blocked by ZappTV Age Check (zapptv_age_check): cancelled" 3 || return
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

# mouse_under TERM: clicks menu items, a card and a button with the app's TERM set to TERM.
mouse_under() {
    local term=$1 s="mouse-${1//[^a-z0-9]/-}"
    if ! infocmp "$term" >/dev/null 2>&1; then
        echo "skip mouse under $term: no terminfo entry"
        return
    fi
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "TERM=$term '$ZAPP_SHELL' --state-dir '$WORK/$s-state' --log '$WORK/$s.log' ; echo rc=\$?"
    local CLICK_TERM=$term
    check "mouse ($term): the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    local want_sgr=0
    infocmp -x "$term" | grep -qF 'kmous=\E[<' && want_sgr=1
    check "mouse ($term): the app asked for the reports terminfo declares (SGR: $want_sgr)" \
        test "$(tm display-message -p -t "$s" '#{mouse_standard_flag}#{mouse_sgr_flag}')" = "1$want_sgr"
    check "mouse ($term): a click on the menu button opens the side menu" click_then_wait "$s" "≡" "MEMBERS" || return
    check "mouse ($term): a click on a menu item opens it" click_then_wait "$s" "Live TV" "ZappTV News 24  Evening bulletin" || return
    check "mouse ($term): a click on Live TV's own menu button opens the menu again" click_then_wait "$s" " = " "MEMBERS" || return
    check "mouse ($term): a click on Home goes back" click_then_wait "$s" "Home" "Tonight on ZappTV" || return
    check "mouse ($term): a click on a card opens its screen" click_then_wait "$s" "New every Friday" "New releases" || return
    check "mouse ($term): no stray keys were typed" not_on_screen "$s" "[<0;"
    keys "$s" q
    check "mouse ($term): quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_mouse() {
    echo "# mouse clicks"
    local term
    for term in tmux-256color screen-256color xterm-256color; do
        mouse_under "$term"
    done
}

# colours_under TERM BASE BAR [COLORTERM]: with the app's TERM set to TERM, the home screen's
# background cells carry the SGR colour BASE and the nav bar's BAR (a regular expression), as
# `tmux capture-pane -e` prints them.
colours_under() {
    local term=$1 expected=$2 bar=$3 colorterm=${4:-} s="colours-${1//[^a-z0-9]/-}${4:+-tc}"
    if ! infocmp "$term" >/dev/null 2>&1; then
        echo "skip colours under $term: no terminfo entry"
        return
    fi
    check "$s: a shell starts in tmux" new_shell "$s" || return
    run_line "$s" "TERM=$term ${colorterm:+COLORTERM=$colorterm }'$ZAPP_SHELL' --state-dir '$WORK/$s-state' ; echo rc=\$?"
    check "colours ($term${colorterm:+, COLORTERM=$colorterm}): the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    local ansi
    ansi=$(tm capture-pane -p -e -t "$s")
    LAST_SCREEN=$ansi
    check "colours ($term${colorterm:+, COLORTERM=$colorterm}): the background is the theme's ($expected)" grep -qF -- "$expected" <<<"$ansi"
    check "colours ($term${colorterm:+, COLORTERM=$colorterm}): the nav bar row has a theme background" grep -qE -- "$bar" <<<"$(head -n 1 <<<"$ansi")"
    check "colours ($term${colorterm:+, COLORTERM=$colorterm}): no bright green background (102 or 48;5;10)" \
        not_in_text "$ansi" $'\e[102m' '48;5;10m' '48;5;10;'
    keys "$s" q
    check "colours ($term): quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

scenario_colours() {
    echo "# colours"
    # The default (dark) theme's base background #1B1F27: 234 in the 256-colour palette
    # (Tests/CursesTerminalTests/__Snapshots__ holds every role of every theme).
    # Its bar background #2B3A55 is 237; the demo app's river styles may colour the bar, so
    # the bar check accepts any 256-colour background other than bright green on the top row.
    local term
    for term in tmux-256color xterm-256color screen-256color; do
        colours_under "$term" "48;5;234" "48;5;(1[1-9]|[2-9][0-9]|1[0-9]{2}|2[0-5][0-9])[m;]"
    done
    # Truecolor from COLORTERM over a 256-colour entry: 24-bit colour, written 38;2;R;G;B.
    colours_under xterm-256color "48;2;27;31;39" "48;2;" truecolor
    # Truecolor: the -direct terminfo entries come with ncurses-term (`make test-deps` installs it).
    local direct found=""
    for direct in tmux-direct xterm-direct; do
        if infocmp "$direct" >/dev/null 2>&1; then
            colours_under "$direct" "48;2;27;31;39" "48;2;" truecolor
            found=1
        fi
    done
    [ -n "$found" ] || echo "skip colours in truecolor: no -direct terminfo entry on this machine"
}

scenario_resize_storm() {
    echo "# resize storm"
    local s=resize
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/resize-state'" --log "'$WORK/resize.log'"
    check "resize: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    local i started elapsed
    started=$(now_ms)
    for ((i = 0; i < 49; i++)); do
        if ((i % 2 == 0)); then
            tm resize-window -t "$s" -x 20 -y 6
        else
            tm resize-window -t "$s" -x $((60 + (i * 29) % 141)) -y $((10 + (i * 7) % 51))
        fi
    done
    tm resize-window -t "$s" -x 173 -y 47
    elapsed=$(($(now_ms) - started))
    check "resize: 50 resizes between 20x6 and 200x60 took ${elapsed} ms (within about a second)" test "$elapsed" -le 1500
    check "resize: the app survives them" test -n "$(app_pid "$s")" || return
    check "resize: the frame is redrawn" wait_for "$s" "Tonight on ZappTV" || return
    # frame_fits (scenarios/signals.sh): bar buttons and status line end at the final width, on the final last row.
    check "resize: the frame is laid out for exactly 173x47" frame_fits "$s" 173 47 || return
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

    signal_exit "$s" TERM 143 || return
    signal_exit "$s" HUP 129 || return
    signal_exit "$s" QUIT 131
    tm kill-session -t "$s"
}

# signal_exit SESSION SIGNAL STATUS: the app, started afresh, is sent SIGNAL and exits with
# STATUS, the terminal restored.
signal_exit() {
    local s=$1 signal=$2 status=$3 pid
    run_line "$s" clear
    launch "$s" --state-dir "'$WORK/exit-state'" --log "'$WORK/exit.log'"
    check "SIG$signal: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    pid=$(app_pid "$s")
    check "SIG$signal: the app's process is found" test -n "$pid" || return
    kill "-$signal" "$pid"
    check "SIG$signal: the app exits (status $status)" wait_for "$s" "rc=$status" || return
    check "SIG$signal: the terminal is restored" terminal_restored "$s"
}

# Ctrl-Z hands the terminal back to the shell (usable: a command runs), `fg` draws the current
# screen again at the size the window has by then; a terminal that disappears without a hang-up
# signal (the app started with setsid, then its window closed) ends the app instead of leaving
# it waiting for input forever.
scenario_job_control() {
    local s=jobs
    new_shell "$s" || { check "job control: a shell starts" false; return; }
    run_line "$s" "'$ZAPP_SHELL' --state-dir '$WORK/jobs-state' --log '$WORK/jobs.log'"
    check "Ctrl-Z: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    open_menu "$s"
    keys "$s" C-z
    check "Ctrl-Z: the shell reports the job stopped" wait_for "$s" "Stopped" || return
    check "Ctrl-Z: the terminal is the shell's again" terminal_restored "$s" || return
    tm resize-window -t "$s" -x 80 -y 24
    run_line "$s" "fg"
    check "fg: the app draws its screen again (the side menu still open)" wait_for "$s" "MEMBERS" || return
    # The bar's right-aligned buttons end at the right edge: drawn for 80 columns, not clipped from 100.
    check "fg: the frame is laid out for the new width" wait_for "$s" "Live  Cast" || return
    keys "$s" Escape
    check "fg: Esc closes the side menu" wait_gone "$s" "MEMBERS" || return
    check "fg: the app knows it was suspended (no \"Cannot suspend\")" not_on_screen "$s" "Cannot suspend"
    keys "$s" q
    run_line "$s" 'echo "rc=$?"'
    check "fg: q still quits (status 0)" wait_for "$s" "rc=0" || return
    check "fg: the terminal is restored" terminal_restored "$s" || return
    tm kill-session -t "$s"

    local lost=lost
    tm new-session -d -s "$lost" -x 100 -y 30 \
        "env LANG=C.UTF-8 LC_ALL=C.UTF-8 setsid -w '$ZAPP_SHELL' --state-dir '$WORK/lost-state' --log '$WORK/lost.log'"
    check "lost terminal: the app opens" wait_for "$lost" "Tonight on ZappTV" 15 || return
    local pid
    pid=$(pgrep -f -- "--state-dir $WORK/lost-state" | head -n 1)
    check "lost terminal: the app's process is found" test -n "$pid" || return
    tm kill-session -t "$lost"
    local deadline=$(($(now_ms) + 5000))
    while kill -0 "$pid" 2>/dev/null && (($(now_ms) < deadline)); do sleep 0.05; done
    check "lost terminal: the app ends by itself" bash -c "! kill -0 $pid 2>/dev/null"
    check "lost terminal: the log says it ended as on a hang-up" grep -q "exit status 129" "$WORK/lost.log"
}

# run --watch: an edit to river.json shows on the open screen without leaving it; a file that no
# longer parses is reported in place while the last good app keeps running; r reloads by hand.
scenario_watch() {
    local s=watch app="$WORK/watch-app"
    "$ZAPP_SHELL" init "$app" >/dev/null || { check "watch: init writes an app" false; return; }
    new_shell "$s" || { check "watch: a shell starts" false; return; }
    launch "$s" "'$app'" --watch --state-dir "'$WORK/watch-state'" --log "'$WORK/watch.log'"
    check "watch: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    choose_menu_item "$s" 1
    check "watch: Movies opens" wait_for "$s" "Premiere" || return
    cp "$app/river.json" "$WORK/watch-river.good"
    sed -i 's/"name": "Movies"/"name": "Films and Cinema"/' "$app/river.json"
    check "watch: the edit shows on the open screen" wait_for "$s" "Films and Cinema" || return
    check "watch: the screen stays open" wait_for "$s" "Premiere" || return
    printf '[{"id": }' >"$app/river.json"
    check "watch: a parse error is shown in place" wait_for "$s" "Reload failed" || return
    check "watch: the error names the file and line" wait_for "$s" "river.json:1:" || return
    check "watch: the last good app keeps running" wait_for "$s" "Films and Cinema" || return
    cp "$WORK/watch-river.good" "$app/river.json"
    check "watch: the fixed file reloads" wait_for "$s" "Reloaded watch-app" || return
    check "watch: with the original name" wait_for "$s" "Movies" || return
    wait_gone "$s" "Reloaded watch-app" 10
    keys "$s" r
    check "watch: r reloads by hand" wait_for "$s" "Reloaded watch-app" || return
    keys "$s" q
    check "watch: q quits (status 0)" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

# A tiny feed server on 127.0.0.1 (any free port, written to FILE): files from its folder, and
# /slow.json, which answers shows.json after two seconds.
write_feed_server() {
    cat >"$1/server.py" <<'EOF'
import http.server, os, sys, time
os.chdir(os.path.dirname(os.path.abspath(__file__)))
class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith('/slow.json'):
            time.sleep(2)
            self.path = '/shows.json'
        # A failing network (scenarios/network.sh): no answer for 15 s, a status, a redirect
        # loop, a body cut short, and a feed that fails until flaky.ok exists.
        elif self.path.startswith('/stall.json'):
            time.sleep(15)
            self.path = '/shows.json'
        elif self.path.startswith('/status/'):
            return self.send_error(int(self.path.split('/')[2]))
        elif self.path.startswith('/loop'):
            self.send_response(302)
            self.send_header('Location', '/loop')
            self.end_headers()
            return
        elif self.path.startswith('/drop'):
            self.send_response(200)
            self.send_header('Content-Length', '100000')
            self.end_headers()
            self.wfile.write(b'{"entry": [')
            return
        elif self.path.startswith('/flaky.json'):
            if not os.path.exists('flaky.ok'):
                return self.send_error(503)
            self.path = '/shows.json'
        return super().do_GET()
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
with open(sys.argv[1] + '.tmp', 'w') as f: f.write(str(server.server_address[1]))
os.rename(sys.argv[1] + '.tmp', sys.argv[1])
server.serve_forever()
EOF
}

# has_python3 SCENARIO: whether python3 (the loopback servers, app generators) is here; when
# not, says the scenario is skipped.
has_python3() {
    command -v python3 >/dev/null 2>&1 && return 0
    echo "SKIPPED: $1 needs python3, which is not installed"
    return 1
}

# start_feed_server DIR PORTFILE: serves DIR on 127.0.0.1; prints the server's pid.
start_feed_server() {
    write_feed_server "$1"
    python3 "$1/server.py" "$2" >/dev/null 2>&1 &
    echo $!
}

# serve_loopback DIR NAME: serves DIR (start_feed_server) and checks that it started; sets
# SERVER_PID and SERVER_BASE (http://127.0.0.1:PORT). False, with the server stopped, when not.
serve_loopback() {
    local portfile="$WORK/${2// /-}-port"
    SERVER_PID=$(start_feed_server "$1" "$portfile")
    if ! check "$2: the loopback server starts" wait_file "$portfile"; then
        kill "$SERVER_PID"
        return 1
    fi
    SERVER_BASE="http://127.0.0.1:$(cat "$portfile")"
}

scenario_feeds() {
    echo "# feeds from a loopback HTTP server: spinner, entries, a 404 explained in place, retry, connected screens, content types"
    local s=feeds app="$WORK/feed-app" served="$WORK/feed-served"
    has_python3 feeds || return 0
    mkdir -p "$app/feeds" "$served"
    serve_loopback "$served" feeds || return
    local server=$SERVER_PID base=$SERVER_BASE
    cat >"$served/shows.json" <<'EOF'
{"id": "shows", "title": "Shows", "type": {"value": "feed"}, "entry": [
  {"id": "s1", "title": "Night Shift", "summary": "Season 2 is out.", "type": {"value": "video"}},
  {"id": "s2", "title": "Quiet Hills", "summary": "A slow mystery.", "type": {"value": "video"}, "content": {"src": null}}]}
EOF
    cat >"$served/latest.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <id>latest</id><title>Latest</title>
  <entry><id>n1</id><title><![CDATA[Tom & Jerry <Live>]]></title><summary>Cats &amp; mice</summary><type value="video"/>
    <media:group><media:thumbnail key="image_base" url="https://img.example/n1.jpg"/></media:group></entry>
</feed>
EOF
    cat >"$app/feeds/featured.json" <<'EOF'
{"id": "featured", "title": "Featured", "entry": [
  {"id": "v1", "title": "Glass Harbor", "summary": "A drama on the docks.", "type": {"value": "video"},
   "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": null}]}]},
  {"id": "a1", "title": "Behind the Scenes", "summary": "An article.", "type": {"value": "article"}, "link": {"href": "https://news.example/bts"}}]}
EOF
    echo '{"video": {"screen_id": "player-1"}}' >"$app/content_types.json"
    cat >"$app/plugin_configurations.json" <<'EOF'
[{"plugin": {"identifier": "side_menu", "type": "menu", "name": "Side Menu", "api": {"class_name": "ZappRoot.ZPSideMenuViewController"}}, "configuration_json": {}}]
EOF
    cat >"$app/river.json" <<EOF
[
 {"id": "home-1", "name": "Home", "type": "general_content", "home": true,
  "navigations": [{"id": "menu", "category": "menu", "navigation_type": "side_menu", "nav_items": [
    {"id": "mi-home", "title": "Home", "type": "label", "data": {"target": "home-1"}},
    {"id": "mi-shows", "title": "Shows", "type": "label",
     "data": {"target": "category-1", "source": "$base/shows.json", "connected": true, "type": "APPLICASTER_ATOM_FEED"}}]}],
  "ui_components": [
    {"id": "hero", "component_type": "hero", "position": 0, "data": {"source": "feeds/featured.json"}},
    {"id": "latest", "component_type": "list", "position": 1, "data": {"title": "Latest", "source": "$base/latest.xml"}}]},
 {"id": "category-1", "name": "Category", "type": "general_content",
  "ui_components": [{"id": "grid", "component_type": "grid", "data": {"title": "All shows", "connected": true}}]},
 {"id": "slow-1", "name": "Slow", "type": "general_content",
  "ui_components": [{"id": "slow", "component_type": "list", "data": {"title": "Slow feed", "source": "$base/slow.json"}}]},
 {"id": "broken-1", "name": "Broken", "type": "general_content",
  "ui_components": [
    {"id": "missing", "component_type": "list", "data": {"title": "Missing feed", "source": "$base/missing.json"}},
    {"id": "fine", "component_type": "list", "data": {"title": "Still works", "source": "feeds/featured.json"}}]},
 {"id": "player-1", "name": "Player", "type": "general_content"}
]
EOF
    check "feeds: the app validates" "$ZAPP_SHELL" validate "$app" || { kill "$server"; return; }
    check "$s: a shell starts in tmux" new_shell "$s" || { kill "$server"; return; }
    launch "$s" "'$app'" --images off --state-dir "'$WORK/feed-state'" --log "'$WORK/feeds.log'"
    check "feeds: a bundled Pipes2 file fills the hero" wait_for "$s" "A drama on the docks." 15 &&
        check "feeds: an Atom feed over HTTP fills the list" wait_for "$s" "Tom & Jerry <Live>  Cats & mice" &&
        check "feeds: no placeholder where data loads" not_on_screen "$s" "Placeholder"
    keys "$s" Enter
    check "feeds: a video entry opens its content-type screen with the entry" wait_for "$s" "Esc back" &&
        wait_for "$s" "Player" && wait_for "$s" "Glass Harbor"
    keys "$s" Escape
    check "feeds: back home" wait_gone "$s" "Esc back"
    keys "$s" Right Enter
    check "feeds: an unmapped entry opens its details" wait_for "$s" "No content type maps this entry to a screen" &&
        wait_for "$s" "https://news.example/bts"
    keys "$s" Escape
    check "feeds: the details close" wait_gone "$s" "No content type maps"
    keys "$s" g
    type_text "$s" "slow"
    keys "$s" Enter
    check "feeds: a slow feed shows a spinner in its place" wait_for "$s" "Loading $base/slow.json" &&
        check "feeds: then its entries" wait_for "$s" "Night Shift  Season 2 is out." 15
    keys "$s" g
    type_text "$s" "broken"
    keys "$s" Enter
    check "feeds: a 404 is explained in the component's own space" wait_for "$s" "HTTP 404 Not Found from" &&
        check "feeds: with a retry key" wait_for "$s" "Retry (r)" &&
        check "feeds: the rest of the screen works" wait_for "$s" "Glass Harbor  A drama on the docks."
    cp "$served/shows.json" "$served/missing.json"
    keys "$s" Home r
    check "feeds: r retries in place" wait_for "$s" "Quiet Hills  A slow mystery." && wait_gone "$s" "HTTP 404"
    keys "$s" m Down Enter
    check "feeds: a menu item with a source opens its target connected to that feed" wait_for "$s" "All shows" &&
        wait_for "$s" "Night Shift"
    keys "$s" q
    check "feeds: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
    kill "$server"
}

scenario_demo_feeds() {
    echo "# the demo app's bundled feeds work offline"
    local s=demofeeds
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" --state-dir "'$WORK/demofeeds-state'" --log "'$WORK/demofeeds.log'"
    check "demo feeds: the app opens" wait_for "$s" "Tonight on ZappTV" 15 || return
    keys "$s" g
    type_text "$s" "what's on"
    keys "$s" Enter
    check "demo feeds: What's on draws its Pipes2 feed" wait_for "$s" "Everything on tonight" &&
        wait_for "$s" "Behind the scenes of Glass Harbor"
    keys "$s" End Up Up Enter
    check "demo feeds: the Trailers feed entry opens a list of the Atom feed" wait_for "$s" "Robo Pals: The Movie"
    keys "$s" Enter
    check "demo feeds: a trailer opens the Player content-type screen" wait_for "$s" "Up next" &&
        wait_for "$s" "First look at the new season."
    keys "$s" q
    check "demo feeds: quit" wait_for "$s" "rc=0"
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
    check "validate: the unknown enum value is reported" grep -q 'got "floating"' "$WORK/real-validate.out"
    check "validate: the custom nav-bar style is a warning" grep -q 'styles.style: warning: custom style "leftish"' "$WORK/real-validate.out"
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
    check "stand-in gate: Fail blocks the flow blocker" wait_for "$s" "(hook): "
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

# More scenarios live one area per file in scenarios/: each file defines its scenario_NAME
# functions and appends NAME to more_scenarios.
more_scenarios=()
for scenario_file in "$(dirname "${BASH_SOURCE[0]}")"/scenarios/*.sh; do
    [ -f "$scenario_file" ] && source "$scenario_file"
done

# Usage: run.sh [SCENARIO...] runs the named scenarios only (e.g. `run.sh login_gating`).
scenarios=(validate_and_refusals menu_tour login_gating screen_picker slow_hook deep_link real_app mouse colours resize_storm exit_paths job_control watch feeds demo_feeds "${more_scenarios[@]}")
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
