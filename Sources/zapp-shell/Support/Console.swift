#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ZappModel

/// The commands' stdout and stderr. Every line goes through `TextSanitizer`: plain text with
/// its controls written out as escapes (`\u{1B}`), JSON with them as `\u001B`, so nothing
/// from a configuration (an escape sequence in a target, a style value) acts on the terminal.
/// Frames from `render` are the exception: they are drawn from canvas cells, which the screen
/// rule has already cleaned, and their ANSI form holds the program's own colour sequences.
enum Console {
    /// Prints text (lines joined by the program) to stdout.
    static func print(_ text: String) {
        Swift.print(TextSanitizer.visible(text, keepingLineBreaks: true))
    }

    /// Prints a JSON document to stdout.
    static func printJSON(_ json: String) {
        Swift.print(TextSanitizer.jsonEscaped(json))
    }

    /// Writes text and a line break to stderr, credentials in URLs redacted (`CredentialRedaction`).
    static func printError(_ text: String) {
        writeStandardError(TextSanitizer.visible(CredentialRedaction.redacted(text), keepingLineBreaks: true) + "\n")
    }

    /// Writes `text` to stderr as it is, all of it (a short write is continued).
    static func writeStandardError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
