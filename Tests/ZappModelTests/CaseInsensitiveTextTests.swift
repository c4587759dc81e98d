import Testing
import ZappModel

/// "Go to"'s filter: ASCII compared byte by byte, anything else as `lowercased()` compares it.
@Suite("Text found ignoring case")
struct CaseInsensitiveTextTests {
    @Test("ASCII: found anywhere in any case, equal only when whole")
    func ascii() {
        let text = CaseInsensitiveText("Late N")
        #expect(text.lowercased == "late n")
        #expect(text.isFound(in: "The LATE NIGHT show"))
        #expect(text.isFound(in: "late n"))
        #expect(!text.isFound(in: "Late"))
        #expect(!text.isFound(in: "Lately"))
        #expect(text.isEqual(to: "LATE n"))
        #expect(!text.isEqual(to: "Late Night"))
        #expect(CaseInsensitiveText("").isFound(in: "anything"))
        #expect(CaseInsensitiveText("[").isFound(in: "a[b"), "only letters are lowercased")
        #expect(!CaseInsensitiveText("{").isFound(in: "a[b"), "[ is not { lowercased")
    }

    @Test("beyond ASCII, on either side: as lowercased() finds it")
    func unicode() {
        #expect(CaseInsensitiveText("är").isFound(in: "ÄRGER"))
        #expect(CaseInsensitiveText("ÄRGER").isEqual(to: "ärger"))
        #expect(CaseInsensitiveText("ger").isFound(in: "ÄRGER"))
        #expect(!CaseInsensitiveText("x").isFound(in: "ÄRGER"))
        #expect(CaseInsensitiveText("Café").isEqual(to: "CAFÉ"))
    }
}
