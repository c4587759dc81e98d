#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why the interactive terminal cannot start; checked before anything touches the terminal.
public enum TerminalRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// `TERM` is unset or empty.
    case noTerminalType
    /// `TERM=dumb`: no cursor addressing.
    case dumbTerminal
    /// Standard input or output is not a terminal (a pipe, a file, a CI runner).
    case notATerminal(stream: String)
    /// ncurses has no terminfo entry for `TERM`.
    case unknownTerminalType(String)
    /// The terminfo entry for `TERM` does not address the cursor the ECMA-48 (ANSI) way, which
    /// the frame encoder writes (`TerminalCodes`).
    case notECMA48(String)

    public var description: String {
        switch self {
        case .noTerminalType:
            return "TERM is not set, so the interactive shell cannot drive this terminal. "
                + "Set TERM (e.g. TERM=xterm-256color), or use `zapp-shell render` for plain text output."
        case .dumbTerminal:
            return "this terminal (TERM=dumb) cannot run the interactive shell: it has no cursor addressing. "
                + "Use `zapp-shell render` for plain text output."
        case .notATerminal(let stream):
            return "\(stream) is not a terminal, so the interactive shell cannot start. "
                + "Run it in a terminal, or use `zapp-shell render` for plain text output."
        case .unknownTerminalType(let name):
            return "the terminal type \"\(name)\" is unknown to ncurses (no terminfo entry). "
                + "Set TERM to a known type such as xterm-256color."
        case .notECMA48(let name):
            return "the terminal type \"\(name)\" does not use ANSI (ECMA-48) cursor addressing, which the interactive shell writes. "
                + "Set TERM to an ANSI terminal type such as xterm-256color, or use `zapp-shell render` for plain text output."
        }
    }

    /// Checks the environment and the standard streams without touching the terminal.
    public static func check(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: (Int32) -> Bool = { isatty($0) != 0 }
    ) throws(TerminalRefusal) {
        guard let term = environment["TERM"], !term.isEmpty else { throw .noTerminalType }
        guard term != "dumb" else { throw .dumbTerminal }
        guard isTerminal(STDIN_FILENO) else { throw .notATerminal(stream: "standard input") }
        guard isTerminal(STDOUT_FILENO) else { throw .notATerminal(stream: "standard output") }
    }
}
