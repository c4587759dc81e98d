import Foundation
import Testing
import ZappModel
@testable import ZappPlugins

@Suite("JSON text for external processes and HTTP bodies")
struct JSONTextTests {
    @Test("round-trips through the parser, keeping key order and escaping what must be escaped")
    func roundTrip() throws {
        let value: JSONValue = [
            "z": "quote \" backslash \\ newline \n tab \t bell \u{07} é 🎬",
            "a": [1, 2.5, -3, true, false, nil],
            "big": 1e20,
            "nested": ["empty": [:], "list": []],
        ]
        let text = value.jsonText
        #expect(text.hasPrefix(#"{"z":"quote \" backslash \\ newline \n tab \t bell \u0007 é 🎬","a":[1,2.5,-3,true,false,null]"#))
        #expect(try JSONParser.parse(text) == value)
        #expect(try JSONParser.parse(text).objectValue?.keys == ["z", "a", "big", "nested"])
    }

    @Test("numbers JSON cannot express become null")
    func nonFinite() {
        #expect(JSONValue.array([.number(.infinity), .number(.nan)]).jsonText == "[null,null]")
    }
}
