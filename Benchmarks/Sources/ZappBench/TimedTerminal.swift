import ShellCore
import ShellUI

/// A terminal in front of another that hands out scripted keys one at a time and times, for
/// each key, the span from telling the event loop that input waits to the end of the next
/// flush (the key reached the screen). It also times every flush on its own.
final class TimedTerminal: Terminal {
    private let inner: any Terminal
    private let clock = ContinuousClock()
    private var keys: [Key] = []
    private var keyHandedOut: ContinuousClock.Instant?
    private var inputReady: (@Sendable () -> Void)?
    private var pending: [TerminalEvent] = []
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
        offerNextKey()
    }

    func watchInput(_ inputReady: @escaping @Sendable () -> Void) {
        self.inputReady = inputReady
        offerNextKey()
    }

    func readEvents(_ handle: (TerminalEvent) -> Bool) {
        let events = pending
        pending.removeAll()
        for event in events where !handle(event) { return }
    }

    func suspend() -> Bool { false }

    /// One key at a time, once the previous one has been drawn and the app is ready; after the
    /// last key has been drawn, a termination request ends the loop.
    private func offerNextKey() {
        guard keyHandedOut == nil, pending.isEmpty, let inputReady, isReady() else { return }
        if keys.isEmpty {
            pending = [.terminate(signal: 15)]
        } else {
            keyHandedOut = clock.now
            pending = [.key(keys.removeFirst())]
        }
        inputReady()
    }

    func restore() {
        inner.restore()
    }
}
