#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A property every input must keep. A broken one aborts, which libFuzzer reports as a crash
/// and saves the input as a reproducer (`crash-<sha1>`); the message names the property.
public enum Invariant {
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        guard !condition() else { return }
        var text = "invariant broken: \(message())\n"
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        abort()
    }
}
