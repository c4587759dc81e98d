import CNCurses

/// Restores the terminal when the process is stopped by a signal or crashes.
///
/// SIGINT, SIGTERM and SIGHUP are recorded and reported to the event loop (which quits and
/// restores the terminal through ncurses on its own thread); if the loop has not finished two
/// seconds later, or a second signal arrives, the handler restores the terminal itself with
/// async-signal-safe calls and exits. Crash signals restore the terminal and then run the
/// previous handler. The C state lives in `shim.h`; this file is its only caller.
enum SignalGuard {
    /// Saves the shell's terminal modes and installs the handlers (before ncurses starts, so
    /// ncurses does not install its own SIGINT/SIGTERM handlers).
    static func install() {
        zs_guard_install()
    }

    /// Arms the emergency restore with the bytes that undo the terminal set-up.
    static func arm(restoreSequence: String) {
        restoreSequence.withCString { zs_guard_set_sequence($0) }
    }

    /// The terminal has been restored normally; an emergency restore must not run any more.
    static func disarm() {
        zs_guard_disarm()
    }

    /// The termination signal received so far, if any.
    static var pendingSignal: Int32? {
        let signal = zs_guard_pending_signal()
        return signal == 0 ? nil : signal
    }
}
