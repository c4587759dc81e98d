import Testing

@testable import CursesTerminal

/// A reply to the one query that arrives after its wait is dropped, never taken for keys; keys
/// typed around it, and an Esc on its own, still reach the UI.
@Suite("LateReplyFilter")
struct LateReplyFilterTests {
    /// Feeds `text` and returns what reaches the UI as keys (passed or released, then flushed).
    func keys(_ text: String, armed: Bool = true) -> (keys: String, filter: LateReplyFilter) {
        var filter = LateReplyFilter()
        filter.isArmed = armed
        var out: [UInt32] = []
        for scalar in text.unicodeScalars {
            switch filter.feed(scalar.value) {
            case .pass: out.append(scalar.value)
            case .held, .dropped: break
            case .released(let values): out += values
            }
        }
        out += filter.flush()
        return (String(String.UnicodeScalarView(out.compactMap(Unicode.Scalar.init))), filter)
    }

    @Test("late size and DA1 replies are dropped; DA1, the last, disarms it")
    func dropsReplies() {
        let result = keys("\u{1B}[6;17;8t\u{1B}[4;408;640t\u{1B}[?63;1;4c")
        #expect(result.keys.isEmpty)
        #expect(!result.filter.isArmed)
        #expect(keys("\u{1B}[?62c" + "\u{1B}[6;17;8t").keys == "\u{1B}[6;17;8t", "disarmed: later text is keys")
    }

    @Test("keys around a reply pass; Esc alone, Esc then a key, arrows' look-alikes are given back in order")
    func keysPass() {
        #expect(keys("j\u{1B}[6;17;8tk").keys == "jk")
        #expect(keys("\u{1B}").keys == "\u{1B}")
        #expect(keys("\u{1B}q").keys == "\u{1B}q")
        #expect(keys("\u{1B}[6;17t").keys == "\u{1B}[6;17t", "two numbers: not a size reply")
        #expect(keys("\u{1B}[x\u{1B}[?62c").keys == "\u{1B}[x", "an Esc that breaks a form starts its own")
        #expect(keys("\u{1B}_Xabc").keys == "\u{1B}_Xabc")
    }

    @Test("not armed (the query completed, or none was made): everything is keys")
    func unarmed() {
        #expect(keys("\u{1B}[6;17;8t", armed: false).keys == "\u{1B}[6;17;8t")
    }
}
