#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// The invariant both feed targets (Pipes2, Atom) hold a refusal to: a `FeedError` that names a
/// line:column points into the input.
public enum FeedErrorCheck {
    public static func require(_ error: FeedError, in data: Data) {
        guard let line = error.line, let column = error.column else { return }
        Invariant.require(
            SourcePosition.isValid(line: line, column: column, in: data),
            "feed error at \(line):\(column) is outside the input: \(error)")
    }
}
