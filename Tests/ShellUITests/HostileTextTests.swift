import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Hostile text (issue 13): every class of control, bidi override, mark stack and length,
/// from the sanitiser's output to a whole rendered frame.
@Suite struct HostileTextTests {
    /// One sample per class, with the pictures the screen shows for it.
    static let classes: [(name: String, text: String, shown: String)] = [
        ("ESC and CSI", "a\u{1B}[2J\u{1B}[31mb", "a␛[2J␛[31mb"),
        ("OSC title", "a\u{1B}]0;pwned\u{07}b", "a␛]0;pwned␇b"),
        ("OSC 52 clipboard", "a\u{1B}]52;c;cHduZWQ=\u{1B}\\b", "a␛]52;c;cHduZWQ=␛\\b"),
        ("C1 CSI", "a\u{9B}2Jb", "a\u{FFFD}2Jb"),
        ("C1 OSC", "a\u{9D}0;pwned\u{9C}b", "a\u{FFFD}0;pwned\u{FFFD}b"),
        ("bidi override", "a\u{202E}dcb\u{202C}e", "a\u{FFFD}dcb\u{FFFD}e"),
        ("bidi isolates", "a\u{2066}b\u{2067}c\u{2068}d\u{2069}e", "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e"),
        ("bidi marks", "a\u{200E}b\u{200F}c\u{061C}d", "abcd"),
        ("NUL", "a\u{0}b", "a␀b"),
        ("DEL and BEL", "a\u{7F}\u{07}b", "a␡␇b"),
        ("zero-width", "a\u{200B}b\u{2060}c\u{FEFF}d", "a\u{200B}b\u{2060}cd"),
    ]

    static let zalgo = "Z" + String(repeating: "\u{0301}\u{0316}", count: 25) + "algo"

    @Test(arguments: classes.map(\.name))
    func eachClassIsShownNotActedOn(_ name: String) throws {
        let sample = try #require(Self.classes.first { $0.name == name })
        let shown = TextSanitizer.sanitize(sample.text)
        #expect(shown == sample.shown)
        #expect(!shown.unicodeScalars.contains(where: TextSanitizer.isControl))
        #expect(DisplayWidth.of(sample.text) == DisplayWidth.of(shown), "the model's text measures as it is drawn")
    }

    @Test func stacksOfMarksAreCutToWhatACellHolds() {
        let shown = TextSanitizer.sanitize(Self.zalgo)
        let first = shown.first!
        #expect(first.unicodeScalars.count == 1 + TextSanitizer.maximumMarks)
        #expect(shown.hasSuffix("algo"))
        #expect(DisplayWidth.of(Self.zalgo) == 5)
        #expect(DisplayWidth.of(shown) == 5)
        #expect(TextSanitizer.sanitize("Vie\u{0302}\u{0323}t") == "Vie\u{0302}\u{0323}t", "two marks stay")
        let flag = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(TextSanitizer.sanitize(flag) == flag, "a subdivision flag keeps its six tags")
        #expect(TextSanitizer.sanitize("1\u{FE0F}\u{20E3}") == "1\u{FE0F}\u{20E3}", "a keycap keeps its marks")
        let joined = "a" + String(repeating: "\u{200D}", count: 10_000)
        #expect(TextSanitizer.sanitize(joined).unicodeScalars.count == 1 + TextSanitizer.maximumFormats)
    }

    @Test func widths() {
        #expect(DisplayWidth.of("e\u{0301}") == 1, "a combining mark takes no column")
        #expect(DisplayWidth.of("日本") == 4, "wide characters take two")
        #expect(DisplayWidth.of("\u{1B}[0m") == 4, "ESC is drawn as one picture")
        #expect(DisplayWidth.of("a\r\nb") == 3, "CR LF is one space")
    }

    /// A frame of the fixture app whose home screen is called `name`.
    static func frame(homeName name: String, columns: Int = 80) -> Canvas {
        var canvas = Canvas(columns: columns, rows: 24)
        ShellView.render(Fixtures.state(Fixtures.app(bar: Fixtures.navBar(style: .center), homeName: name)), into: &canvas)
        return canvas
    }

    @Test(arguments: classes.map(\.name) + ["Zalgo", "10,000 characters", "10,000 wide characters"])
    func aHostileTitleKeepsTheLayout(_ name: String) throws {
        let text: String
        switch name {
        case "Zalgo": text = Self.zalgo
        case "10,000 characters": text = String(repeating: "x", count: 10_000)
        case "10,000 wide characters": text = String(repeating: "語", count: 10_000)
        default: text = try #require(Self.classes.first { $0.name == name }).text
        }
        let plain = Self.frame(homeName: "Home")
        let hostile = Self.frame(homeName: text)
        #expect(!hostile.cells.contains { $0.grapheme.unicodeScalars.contains(where: TextSanitizer.isControl) })
        let plainLines = plain.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        let hostileLines = hostile.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(hostileLines.count == 24)
        let titleRows = plainLines.indices.filter { plainLines[$0].contains("Home") || hostileLines[$0] != plainLines[$0] }
        #expect(titleRows.count <= 2, "only the title's own row changes: \(titleRows)")
        for row in titleRows {
            #expect(DisplayWidth.of(hostileLines[row]) == 80, "row \(row) keeps its width")
        }
        if text.count > 1_000 {
            let barRow = try #require(titleRows.first)
            #expect(hostileLines[barRow].contains("…"), "a long title ends in an ellipsis")
        }
    }

    /// Pane messages and hook answers are wrapped: every line fits, none holds a control.
    @Test func wrappedMessagesFitAndHoldNoControls() {
        let message = Self.classes.map(\.text).joined(separator: "\n") + " " + Self.zalgo + " " + String(repeating: "語", count: 10_000)
        let lines = TextWrap.lines(message, width: 20)
        #expect(lines.count > 500)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(!lines.joined().unicodeScalars.contains(where: TextSanitizer.isControl))
        #expect(lines.first == "a␛[2J␛[31mb", "a line break is a space, the sequence shown")
    }

    @Test func aHostileTitleInANarrowBarIsCut() {
        let frame = Self.frame(homeName: String(repeating: "語", count: 10_000) + "\u{1B}]0;pwned\u{07}", columns: 30)
        let lines = frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { DisplayWidth.of($0) == 30 })
        #expect(!frame.plainText.contains("pwned"))
    }
}
