import Testing
import ZappModel

@testable import ShellCore
@testable import ShellUI

@Suite struct TextTests {
    @Test func displayWidths() {
        #expect(DisplayWidth.of("Hello") == 5)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("ｈｉ") == 4, "fullwidth forms are wide")
        #expect(DisplayWidth.of("한글") == 4)
        #expect(DisplayWidth.of("🎬") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2, "a ZWJ sequence is one wide cluster")
        #expect(DisplayWidth.of("🇯🇵") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1, "a combining mark adds no width")
        #expect(DisplayWidth.of("❤️") == 2, "VS16 asks for emoji presentation")
        #expect(DisplayWidth.of("a\u{200B}b") == 2, "zero-width space")
        #expect(DisplayWidth.of("Ω→") == 2)
    }

    @Test func sanitiserShowsControlsAsPictures() {
        #expect(TextSanitizer.sanitize("plain") == "plain")
        #expect(TextSanitizer.sanitize("a\u{1B}[31mred\u{1B}[0m") == "a␛[31mred␛[0m")
        #expect(TextSanitizer.sanitize("x\u{1B}]0;title\u{07}y") == "x␛]0;title␇y", "OSC ended by BEL")
        #expect(TextSanitizer.sanitize("x\u{9B}2Jy") == "x\u{FFFD}2Jy", "8-bit CSI")
        #expect(TextSanitizer.sanitize("a\u{0}b\u{7}c\u{7F}d\u{85}e") == "a␀b␇c␡d e")
        #expect(TextSanitizer.sanitize("tab\there\nline\r\nend") == "tab here line end", "CR LF is one space")
        #expect(TextSanitizer.sanitize("\u{202E}evil\u{202C} \u{2066}iso\u{2069}\u{200F}") == "\u{FFFD}evil\u{FFFD} \u{FFFD}iso\u{FFFD}")
        #expect(TextSanitizer.sanitize("日本\u{1B}[1m語") == "日本␛[1m語")
        #expect(TextSanitizer.sanitize("emoji 👨‍👩‍👧 keeps ZWJ") == "emoji 👨‍👩‍👧 keeps ZWJ")
        #expect(TextSanitizer.sanitize("ends with ESC\u{1B}") == "ends with ESC␛")
    }

    @Test func wideCharactersTakeTwoCellsAndAreNeverSplit() {
        var canvas = Canvas(columns: 6, rows: 1)
        let used = canvas.draw("a日b", x: 0, y: 0, style: .plain)
        #expect(used == 4)
        #expect(canvas[1, 0].grapheme == "日")
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[3, 0].grapheme == "b")
        canvas.draw("x", x: 2, y: 0, style: .plain)
        #expect(canvas[1, 0].grapheme == " ", "overwriting the right half blanks the left half")
        #expect(!canvas[2, 0].isContinuation)
        var clipped = Canvas(columns: 4, rows: 1)
        clipped.draw("ab日", x: 0, y: 0, maxWidth: 3, style: .plain, ellipsis: false)
        #expect(clipped.plainText == "ab  ", "a wide character that does not fit is not drawn")
        var truncated = Canvas(columns: 5, rows: 1)
        truncated.draw("Hello world", x: 0, y: 0, style: .plain)
        #expect(truncated.plainText == "Hell…")
    }

    @Test func clippingAndHostileText() {
        var canvas = Canvas(columns: 8, rows: 2)
        canvas.draw("clip me please", x: -3, y: 1, style: .plain, clip: Rect(x: 0, y: 0, width: 8, height: 2), ellipsis: false)
        #expect(canvas.plainText.split(separator: "\n").last == "p me ple")
        canvas.draw("\u{1B}[2J\u{1B}[Hboom", x: 0, y: 0, style: .plain)
        #expect(canvas.plainText.hasPrefix("␛[2J␛[H…"))
        #expect(!canvas.cells.contains { $0.grapheme.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func wrapping() {
        #expect(TextWrap.lines("the quick brown fox", width: 9) == ["the quick", "brown fox"])
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("日本語のテキスト", width: 6) == ["日本語", "のテキ", "スト"])
        #expect(TextWrap.lines("", width: 5).isEmpty)
    }

    @Test("text of single-cell scalars is drawn as the grapheme path draws it: every such scalar, clipped, cut with an ellipsis")
    func singleCellTextIsDrawnAsGraphemes() {
        let style = CellStyle(foreground: .ansi(3))
        let ranges: [ClosedRange<UInt32>] = [0x0...0x36F, 0x2000...0x206F, 0xFE00...0xFE0F, 0x2190...0x23FF, 0x2500...0x25FF, 0x2800...0x28FF]
        var texts: [String] = []
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                texts.append("a" + String(Character(scalar)) + "b")
            }
        }
        texts += ["▸ Home", " │ ", "⠋ Loading…", "≡ ‹ · ◘ ━ ┃", "Ω→ café"]
        var drawn = 0
        for text in texts {
            for (x, width, clip) in [(0, 10, nil), (2, 2, nil), (-1, 10, nil), (1, 10, Rect(x: 2, y: 0, width: 3, height: 1))] as [(Int, Int, Rect?)] {
                var fast = Canvas(columns: 8, rows: 1)
                let used = fast.draw(text, x: x, y: 0, maxWidth: width, style: style, clip: clip)
                var slow = Canvas(columns: 8, rows: 1)
                let area = (clip ?? slow.bounds).intersection(slow.bounds)
                let limit = min(x + width, area.maxX)
                let slowUsed = x < limit
                    ? slow.drawGraphemes(text, x: x, y: 0, limit: limit, area: area, style: style, ellipsis: true, asciiEllipsis: false) : 0
                #expect(fast == slow && used == slowUsed, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(x), width \(width)")
            }
            if Canvas.singleCellCount(text) != nil { drawn += 1 }
        }
        #expect(drawn > 1_000, "most of these take the single-cell path")
        #expect(Canvas.singleCellCount("e\u{301}") == nil && Canvas.singleCellCount("a\u{1B}") == nil && Canvas.singleCellCount("日本") == nil)
    }
}
