import ShellCore

/// The runtime's clock: milliseconds since it started and sleeping until a moment, over any
/// `Clock` — a `ContinuousClock` when running, a test clock (swift-clocks' `TestClock`) in
/// tests, so that spinners and messages that expire are tested without real time passing.
public struct RuntimeClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// A clock reading `clock`, starting now.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { duration in
            let deadline = start.advanced(by: duration)
            // A moment already reached needs no sleep (a test clock may have passed it already).
            guard deadline > clock.now else { return }
            try await clock.sleep(until: deadline, tolerance: nil)
        }
    }

    /// The continuous clock of the machine.
    public static var continuous: RuntimeClock { RuntimeClock(ContinuousClock()) }

    /// Milliseconds since the clock was made.
    public var milliseconds: Int {
        let duration = elapsed()
        return Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Sleeps until `milliseconds` after the clock was made; throws when cancelled.
    public func sleep(untilMilliseconds milliseconds: Int) async throws {
        try await sleeper(.milliseconds(milliseconds))
    }
}
