import ShellUI

/// A terminal in front of another that hands out scripted keys one at a time and times, for
/// each key, the span from handing it to the event loop to the end of the next flush (the key
/// reached the screen). It also times every flush on its own.
final class TimedTerminal: Terminal {
    private let inner: any Terminal
    private let clock = ContinuousClock()
    private var keys: [Key] = []
    private var keyHandedOut: ContinuousClock.Instant?
    /// Decides when the loop may get keys (e.g. once the app's home is on screen).
    var isReady: () -> Bool = { true }
    /// Key in → frame flushed, one sample per key.
    private(set) var keyToFrame = Samples()
    /// The time spent in the inner terminal's `flush`, one sample per flush.
    private(set) var flushTimes = Samples()
    /// The flushes to leave out of `flushTimes` (e.g. the first, full frame).
    var recordFlushes = true

    init(_ inner: any Terminal) {
        self.inner = inner
    }

    var size: (columns: Int, rows: Int) { inner.size }
    var colorSupport: ColorSupport { inner.colorSupport }

    /// Queues keys; once they are all handed out and drawn, the loop is asked to quit.
    func script(_ keys: [Key]) {
        self.keys = keys
    }

    func flush(_ canvas: Canvas) {
        let start = clock.now
        inner.flush(canvas)
        let end = clock.now
        if recordFlushes { flushTimes.append(end - start) }
        if let handedOut = keyHandedOut {
            keyToFrame.append(end - handedOut)
            keyHandedOut = nil
        }
    }

    /// One key per wait, never during the drain after it (timeout 0), so every key gets its own
    /// frame; after the last key has been drawn, a termination request ends the loop.
    func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent? {
        guard timeoutMilliseconds > 0, keyHandedOut == nil, isReady() else { return nil }
        guard !keys.isEmpty else { return .terminate(signal: 15) }
        keyHandedOut = clock.now
        return .key(keys.removeFirst())
    }

    func restore() {
        inner.restore()
    }
}
