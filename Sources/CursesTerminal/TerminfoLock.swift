import Synchronization

/// ncurses keeps one current terminfo entry and screen per process (`cur_term`, `SP`); code that
/// switches them for a moment (`TerminalCodes.terminfo(named:)`, `RawInputDecoder`) holds this
/// lock, so that tests running in parallel do not switch them under each other.
enum TerminfoLock {
    static let mutex = Mutex(())

    static func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body() }
    }
}
