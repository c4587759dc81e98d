import Testing

@testable import CursesTerminal

@Suite("TerminalRefusal")
struct TerminalRefusalTests {
    @Test("TERM unset, empty or dumb is refused with a clear message")
    func terminalType() {
        #expect(throws: TerminalRefusal.noTerminalType) {
            try TerminalRefusal.check(environment: [:], isTerminal: { _ in true })
        }
        #expect(throws: TerminalRefusal.noTerminalType) {
            try TerminalRefusal.check(environment: ["TERM": ""], isTerminal: { _ in true })
        }
        #expect(throws: TerminalRefusal.dumbTerminal) {
            try TerminalRefusal.check(environment: ["TERM": "dumb"], isTerminal: { _ in true })
        }
        #expect(TerminalRefusal.dumbTerminal.description.contains("TERM=dumb"))
    }

    @Test("standard input or output that is not a terminal is refused")
    func notATerminal() {
        #expect(throws: TerminalRefusal.notATerminal(stream: "standard input")) {
            try TerminalRefusal.check(environment: ["TERM": "xterm"], isTerminal: { $0 != 0 })
        }
        #expect(throws: TerminalRefusal.notATerminal(stream: "standard output")) {
            try TerminalRefusal.check(environment: ["TERM": "xterm"], isTerminal: { $0 != 1 })
        }
        #expect(TerminalRefusal.notATerminal(stream: "standard output").description.contains("standard output is not a terminal"))
    }

    @Test("a usable terminal passes")
    func passes() {
        #expect(throws: Never.self) {
            try TerminalRefusal.check(environment: ["TERM": "xterm-256color"], isTerminal: { _ in true })
        }
    }
}
