#ifndef ZAPP_SHELL_CNCURSES_SHIM_H
#define ZAPP_SHELL_CNCURSES_SHIM_H

/* SwiftPM drops pkg-config's -D flags, so the wide-character API is enabled here. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <sys/ioctl.h>

/* The window's size in pixels from TIOCGWINSZ (0 where the terminal does not fill it in). */
static inline void zs_window_pixels(int fd, int *pixel_width, int *pixel_height, int *cell_columns, int *cell_rows) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) memset(&size, 0, sizeof size);
    *pixel_width = size.ws_xpixel;
    *pixel_height = size.ws_ypixel;
    *cell_columns = size.ws_col;
    *cell_rows = size.ws_row;
}

static inline WINDOW *zs_stdscr(void) { return stdscr; }
static inline WINDOW *zs_curscr(void) { return curscr; }
static inline FILE *zs_stdin(void) { return stdin; }
static inline FILE *zs_stdout(void) { return stdout; }
static inline int zs_lines(void) { return LINES; }
static inline int zs_cols(void) { return COLS; }
static inline void zs_set_escdelay(int ms) { set_escdelay(ms); }

static inline int zs_key_resize(void) { return KEY_RESIZE; }
static inline int zs_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t zs_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
static inline mmask_t zs_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t zs_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t zs_button1_clicked_only(void) { return BUTTON1_CLICKED; }
static inline mmask_t zs_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t zs_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t zs_button5_pressed(void) { return 0; }
#endif

/* Key codes returned by wget_wch with KEY_CODE_YES. */
static inline int zs_key_code_yes(void) { return KEY_CODE_YES; }
static inline int zs_key_up(void) { return KEY_UP; }
static inline int zs_key_down(void) { return KEY_DOWN; }
static inline int zs_key_left(void) { return KEY_LEFT; }
static inline int zs_key_right(void) { return KEY_RIGHT; }
static inline int zs_key_home(void) { return KEY_HOME; }
static inline int zs_key_end(void) { return KEY_END; }
static inline int zs_key_ppage(void) { return KEY_PPAGE; }
static inline int zs_key_npage(void) { return KEY_NPAGE; }
static inline int zs_key_btab(void) { return KEY_BTAB; }
static inline int zs_key_enter(void) { return KEY_ENTER; }
static inline int zs_key_backspace(void) { return KEY_BACKSPACE; }
static inline int zs_key_dc(void) { return KEY_DC; }
static inline int zs_key_f(int n) { return KEY_F(n); }

/* Focus reports (CSI ? 1004 h): the terminal, or tmux for its pane, sends ESC [ I when it gains
   the focus and ESC [ O when it loses it. They are bound to two key codes of their own, so that
   ncurses hands them over whole instead of as Esc, [ and a letter: far past KEY_MAX, where
   ncurses numbers a terminfo entry's extended keys (KEY_MAX plus their index, a few hundred). */
static inline int zs_key_focus_in(void) { return KEY_MAX + 4001; }
static inline int zs_key_focus_out(void) { return KEY_MAX + 4002; }
static inline void zs_define_focus_keys(void) {
    define_key("\033[I", KEY_MAX + 4001);
    define_key("\033[O", KEY_MAX + 4002);
}

/* Whether the current locale's character set is UTF-8. */
static inline int zs_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/* Reports mouse button presses (clicks) and wheel movements only; 0 when the terminal has no mouse.
 * The protocol is the one the terminal's terminfo entry declares (kmous: \E[< for SGR 1006, \E[M
 * for X10; XM, when present, is the string that turns it on), and ncurses both enables and parses
 * it. Forcing SGR reports whatever terminfo says would make ncurses, which then expects X10 under
 * tmux-256color and screen-256color, hand the report bytes to the app as stray keys; following
 * terminfo keeps the request and the parser in agreement (Tests/EndToEnd/run.sh clicks under
 * tmux-256color, screen-256color and xterm-256color). */
static inline mmask_t zs_enable_mouse(void) {
    mmask_t wanted = BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
    wanted |= BUTTON5_PRESSED;
#endif
    mmask_t old = 0;
    mouseinterval(0);
    return mousemask(wanted, &old);
}

static inline void zs_disable_mouse(void) {
    mmask_t old = 0;
    mousemask(0, &old);
}

/* Reads the pending mouse event: column, row and the button state; -1 when there is none. */
static inline int zs_get_mouse(int *column, int *row, mmask_t *state) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *column = event.x;
    *row = event.y;
    *state = event.bstate;
    return 0;
}

static inline int zs_is_click(mmask_t state) { return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0; }
static inline int zs_is_wheel_up(mmask_t state) { return (state & BUTTON4_PRESSED) != 0; }
static inline int zs_is_wheel_down(mmask_t state) {
#ifdef BUTTON5_PRESSED
    return (state & BUTTON5_PRESSED) != 0;
#else
    (void)state;
    return 0;
#endif
}

/* A terminfo string capability of the current terminal, or NULL when it has none. */
static inline const char *zs_tigetstr(const char *name) {
    char *value = tigetstr((char *)name);
    if (value == (char *)-1) return NULL;
    return value;
}

/* A terminfo boolean capability of the current terminal (0 when absent). */
static inline int zs_tigetflag(const char *name) { return tigetflag((char *)name) > 0; }

/* A terminfo numeric capability of the current terminal (-1 when absent). */
static inline int zs_tigetnum(const char *name) {
    int value = tigetnum((char *)name);
    return value < 0 ? -1 : value;
}

/* A capability string (`format`, as terminfo stores it) with its parameters filled in; the
   result is overwritten by the next call. */
static inline const char *zs_tiparm_format(const char *format, long first, long second) {
    return tiparm(format, first, second);
}

/* Makes the terminfo entry `name` current without touching the terminal (its capabilities
   are then read with zs_tigetstr and friends); returns the entry that was current, to be
   given back to zs_terminfo_pop. *found is 0 when there is no such entry. */
static inline TERMINAL *zs_terminfo_push(const char *name, int *found) {
    int status = 0;
    TERMINAL *saved = cur_term;
    *found = setupterm((char *)name, STDOUT_FILENO, &status) == OK;
    if (!*found) set_curterm(saved);
    return saved;
}

/* Undoes zs_terminfo_push: frees the entry it loaded and makes `saved` current again. */
static inline void zs_terminfo_pop(TERMINAL *saved, int found) {
    TERMINAL *loaded = cur_term;
    set_curterm(saved);
    if (found && loaded != saved) del_curterm(loaded);
}

/*
 * Signal guard: async-signal-safe terminal restoration. Its state is file-static, so every
 * zs_guard_* call must come from one Swift source file (CursesTerminal/SignalGuard.swift).
 *
 * SIGINT, SIGTERM, SIGHUP and SIGQUIT only record the signal and wake the event loop through a
 * self-pipe (as SIGWINCH and SIGCONT do): the loop notices it, quits and restores the
 * terminal with ncurses. If it has not done so within two seconds, or a second
 * such signal arrives, the handler restores the terminal itself and exits. Crash signals
 * restore the terminal, then hand over to the previous handler (e.g. Swift's backtracer).
 */
struct zs_guard_state {
    struct termios termios;
    volatile sig_atomic_t has_termios;
    char sequence[512];
    volatile sig_atomic_t sequence_length;
    volatile sig_atomic_t armed;
    volatile sig_atomic_t signal;
    volatile sig_atomic_t continued;
    int wake_read;
    int wake_write;
    struct sigaction previous[65];
};

/* The guard's state (function-local so that it is emitted with the functions that use it). */
static inline struct zs_guard_state *zs_guard(void) {
    static struct zs_guard_state state;
    return &state;
}

static inline void zs_guard_emergency_restore(void) {
    struct zs_guard_state *g = zs_guard();
    if (!g->armed) return;
    g->armed = 0;
    if (g->sequence_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, g->sequence, (size_t)g->sequence_length);
        (void)ignored;
    }
    if (g->has_termios) tcsetattr(STDIN_FILENO, TCSANOW, &g->termios);
}

static inline void zs_guard_crash_handler(int sig) {
    zs_guard_emergency_restore();
    sigaction(sig, &zs_guard()->previous[sig], NULL);
    raise(sig);
}

static inline void zs_guard_alarm_handler(int sig) {
    (void)sig;
    zs_guard_emergency_restore();
    _exit(128 + (zs_guard()->signal ? zs_guard()->signal : SIGALRM));
}

/* Wakes the event loop: one byte into the self-pipe (its reader drains it). */
static inline void zs_guard_wake(void) {
    int fd = zs_guard()->wake_write;
    if (fd > 0) {
        int saved = errno;
        char byte = 1;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
        errno = saved;
    }
}

static inline void zs_guard_stop_handler(int sig) {
    if (zs_guard()->signal != 0) {
        zs_guard_emergency_restore();
        _exit(128 + sig);
    }
    zs_guard()->signal = sig;
    zs_guard_wake();
    alarm(2);
}

/* SIGWINCH: hand over to ncurses' own handler (it makes the next read return KEY_RESIZE), then
   wake the loop so that it reads. */
static inline void zs_guard_resize_handler(int sig) {
    struct sigaction *previous = &zs_guard()->previous[sig];
    if (!(previous->sa_flags & SA_SIGINFO) && previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(sig);
    }
    zs_guard_wake();
}

/* SIGCONT: the process was continued after a stop; the screen must be drawn anew. */
static inline void zs_guard_continue_handler(int sig) {
    (void)sig;
    zs_guard()->continued = 1;
    zs_guard_wake();
}

static inline void zs_guard_install_one(int sig, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: a blocking read returns so the loop sees the signal */
    sigaction(sig, &action, &zs_guard()->previous[sig]);
}

/* Saves the shell's terminal modes and installs the handlers; call before ncurses starts. */
static inline void zs_guard_install(void) {
    struct zs_guard_state *g = zs_guard();
    if (tcgetattr(STDIN_FILENO, &g->termios) == 0) g->has_termios = 1;
    zs_guard_install_one(SIGINT, zs_guard_stop_handler);
    zs_guard_install_one(SIGTERM, zs_guard_stop_handler);
    zs_guard_install_one(SIGHUP, zs_guard_stop_handler);
    zs_guard_install_one(SIGQUIT, zs_guard_stop_handler);
    zs_guard_install_one(SIGALRM, zs_guard_alarm_handler);
    zs_guard_install_one(SIGSEGV, zs_guard_crash_handler);
    zs_guard_install_one(SIGBUS, zs_guard_crash_handler);
    zs_guard_install_one(SIGILL, zs_guard_crash_handler);
    zs_guard_install_one(SIGFPE, zs_guard_crash_handler);
    zs_guard_install_one(SIGABRT, zs_guard_crash_handler);
    zs_guard_install_one(SIGTRAP, zs_guard_crash_handler);
    zs_guard_install_one(SIGCONT, zs_guard_continue_handler);
    if (g->wake_read <= 0) {
        int fds[2];
        if (pipe(fds) == 0) {
            fcntl(fds[0], F_SETFL, O_NONBLOCK);
            fcntl(fds[1], F_SETFL, O_NONBLOCK);
            fcntl(fds[0], F_SETFD, FD_CLOEXEC);
            fcntl(fds[1], F_SETFD, FD_CLOEXEC);
            g->wake_read = fds[0];
            g->wake_write = fds[1];
        }
    }
}

/* Installs the SIGWINCH handler; call after ncurses has started (its handler is chained). */
static inline void zs_guard_install_resize(void) {
    zs_guard_install_one(SIGWINCH, zs_guard_resize_handler);
}

/* The read end of the self-pipe the handlers write to (-1 when it could not be made). */
static inline int zs_guard_wake_fd(void) { return zs_guard()->wake_read > 0 ? zs_guard()->wake_read : -1; }

/* Empties the self-pipe. */
static inline void zs_guard_drain_wake(void) {
    char buffer[64];
    int fd = zs_guard()->wake_read;
    if (fd <= 0) return;
    while (read(fd, buffer, sizeof buffer) > 0) {}
}

/* Whether the process was continued (SIGCONT) since the last call; clears it. */
static inline int zs_guard_take_continued(void) {
    int value = zs_guard()->continued;
    zs_guard()->continued = 0;
    return value;
}

/* Whether stdin has hung up or failed (the terminal is gone): poll reports HUP, ERR or NVAL. */
static inline int zs_input_lost(int fd) {
    struct pollfd item = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&item, 1, 0) < 0) return 0;
    return (item.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/* Ctrl-Z: stops the process group with the default SIGTSTP action and returns after SIGCONT
   (called from SignalGuard.swift only, like zs_guard_*: it reads the guard's state).
   Returns 0 without stopping when SIGTSTP is ignored (a shell without job control). */
static inline int zs_suspend_process(void) {
    struct sigaction current;
    if (sigaction(SIGTSTP, NULL, &current) != 0) return 0;
    if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) return 0;
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGTSTP, &fallback, NULL);
    zs_guard()->continued = 0;
    kill(0, SIGTSTP);
    /* The stop takes effect when a thread takes the signal; wait for the SIGCONT that follows
       it (at most 200 ms: the kernel discards SIGTSTP for an orphaned process group). */
    struct timespec step = { .tv_sec = 0, .tv_nsec = 1000000 };
    int stopped = 0;
    for (int i = 0; i < 200 && !stopped; i++) {
        if (zs_guard()->continued) stopped = 1; else nanosleep(&step, NULL);
    }
    sigaction(SIGTSTP, &current, NULL);
    return stopped;
}

/* The bytes that undo ncurses' terminal set-up, written by an emergency restore. */
static inline void zs_guard_set_sequence(const char *sequence) {
    size_t length = strlen(sequence);
    struct zs_guard_state *g = zs_guard();
    if (length >= sizeof g->sequence) length = sizeof g->sequence - 1;
    memcpy(g->sequence, sequence, length);
    g->sequence_length = (sig_atomic_t)length;
    g->armed = 1;
}

/* The terminal was restored normally: an emergency restore would now do harm. */
static inline void zs_guard_disarm(void) { zs_guard()->armed = 0; }

/* The termination signal received so far (0 when none). */
static inline int zs_guard_pending_signal(void) { return zs_guard()->signal; }

#endif
