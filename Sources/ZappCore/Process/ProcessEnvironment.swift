#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read from `environ`.
///
/// Why not `ProcessInfo.processInfo.environment`: the same dictionary, but the first use of
/// `ProcessInfo` sets up its shared instance, which costs the interactive start about 0.1 ms
/// before the first frame (ARCHITECTURE.md, "Start").
public enum ProcessEnvironment {
    /// Every variable, `NAME=value` split at its first `=`; of a name given twice, the first
    /// (as `getenv` reads it).
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
