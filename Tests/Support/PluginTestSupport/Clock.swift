import Foundation
import Synchronization

/// A settable clock for expiry tests.
public final class Clock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date) {
        current = Mutex(start)
    }

    public var now: Date {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
