#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// What every diagnostic about a file must satisfy: a line:column inside that file's bytes,
/// and a one-line description (the form `validate` prints).
public enum DiagnosticCheck {
    public static func check(_ diagnostics: [Diagnostic], file: String, bytes: Data) {
        for diagnostic in diagnostics where diagnostic.file == file {
            let description = diagnostic.description
            Invariant.require(!description.contains("\n"), "diagnostic spans lines: \(description)")
            if case .position(let line, let column) = diagnostic.location {
                Invariant.require(
                    SourcePosition.isValid(line: line, column: column, in: bytes),
                    "diagnostic at \(line):\(column) is outside the input: \(description)")
            }
        }
    }
}
