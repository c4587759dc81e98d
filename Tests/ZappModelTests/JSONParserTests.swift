import Foundation
import Testing
import ZappModel

/// The parser's result for `text`: the error, or nil when it parsed.
private func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(Data(text.utf8))
}

private func syntaxError(_ data: Data) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(data)
        return nil
    } catch {
        return error
    }
}

@Suite("JSON parser: values")
struct JSONParserValueTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5, 3e2, 0, -0.0], "b": "x", "c": true, "d": false, "e": null, "f": {}, "g": []}"#)
        #expect(value == ["a": [1, -2.5, 300, 0, 0], "b": "x", "c": true, "d": false, "e": nil, "f": [:], "g": []])
    }

    @Test func keepsKeyOrder() throws {
        let object = try #require(try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3}"#).objectValue)
        #expect(object.keys == ["z", "a", "m"])
    }

    @Test func decodesEscapesAndUnicode() throws {
        let value = try JSONParser.parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u4E2D", "\ud83d\ude00", "héllo 😀"]"#)
        #expect(value == ["\"\\/\u{8}\u{c}\n\r\t", "é中", "😀", "héllo 😀"])
    }

    @Test func largeAndFractionalNumbers() throws {
        let value = try JSONParser.parse("[12345678901234567890, 1.25e-3, -9007199254740993]")
        #expect(value == [12345678901234567890.0, 0.00125, -9007199254740993.0])
    }

    @Test func skipsAUTF8ByteOrderMark() throws {
        let value = try JSONParser.parse(Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8))
        #expect(value == [1])
    }

    @Test func reportsDuplicateKeysAndKeepsTheLaterValue() throws {
        var duplicates: [JSONDuplicateKey] = []
        let value = try JSONParser.parse(Data("{\n  \"id\": 1,\n  \"id\": 2\n}".utf8), duplicateKeys: &duplicates)
        #expect(value == ["id": 2])
        #expect(duplicates == [JSONDuplicateKey(key: "id", offset: 15, line: 3, column: 3)])
    }

    @Test func duplicateKeysAreFoundHoweverTheyAreWritten() throws {
        var duplicates: [JSONDuplicateKey] = []
        let long = "a_key_longer_than_sixteen_bytes"
        let text = #"{"\#(long)": 1, "id": 2, "\u0069d": 3, "\#(long)": 4, "i": 5}"#
        let value = try JSONParser.parse(Data(text.utf8), duplicateKeys: &duplicates)
        #expect(value == [long: 4, "id": 3, "i": 5])
        #expect(duplicates.map(\.key) == ["id", long])
    }

    @Test func stringsOfEveryLengthAndEveryEscapePosition() throws {
        for length in 0..<34 {
            for (written, meant) in [(#"\""#, "\""), (#"\\"#, "\\"), ("é", "é"), (#"\n"#, "\n"), ("😀", "😀"), ("x", "x")] {
                for cut in [0, length / 2, length] {
                    let plain = String(repeating: "a", count: length)
                    let prefix = String(plain.prefix(cut))
                    let suffix = String(plain.dropFirst(cut))
                    let value = try JSONParser.parse("[\"\(prefix)\(written)\(suffix)\", \"\(plain)\"]")
                    #expect(value == [.string(prefix + meant + suffix), .string(plain)])
                }
            }
            let control = "[\"" + String(repeating: "b", count: length) + "\u{1}b\"]"
            #expect(syntaxError(control)?.column == length + 3)
        }
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONParser.parse(text) }
    }
}

@Suite("JSON parser: syntax errors with positions and hints")
struct JSONParserErrorTests {
    @Test("a trailing comma is reported where the comma is, not at the bracket after it")
    func trailingCommaInArray() {
        let error = syntaxError("[\n  1,\n  2,\n]")
        #expect(error?.description == "3:4: trailing comma before ']' (hint: remove the comma after the last element)")
    }

    @Test func trailingCommaInObject() {
        let error = syntaxError("{\n    \"a\": 1,\n    }")
        #expect(error?.description == "2:11: trailing comma before '}' (hint: remove the comma after the last member)")
    }

    @Test("a trailing comma on line 86, column 6, far from its closing bracket")
    func trailingCommaFarFromBracket() {
        let text = "[\n" + String(repeating: "    0,\n", count: 84) + "    1,\n\n\n]"
        let error = syntaxError(text)
        #expect(error?.line == 86)
        #expect(error?.column == 6)
        #expect(error?.description.hasPrefix("86:6: trailing comma before ']'") == true)
    }

    @Test func missingCommaBetweenMembers() {
        let error = syntaxError("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(error?.description == "3:3: missing ',' between object members (hint: add a ',' after the value that ends at 2:9)")
    }

    @Test func missingCommaBetweenElements() {
        let error = syntaxError("[1 2]")
        #expect(error?.description == "1:4: missing ',' between array elements (hint: add a ',' after the value that ends at 1:3)")
    }

    @Test func unquotedKey() {
        let error = syntaxError("{\"a\": 1, name: \"x\"}")
        #expect(error?.description == "1:10: unquoted key 'name' (hint: object keys must be in double quotes: \"name\")")
    }

    @Test func singleQuotes() {
        #expect(syntaxError("{'a': 1}")?.description == "1:2: key in single quotes (hint: JSON keys must be in double quotes)")
        #expect(syntaxError("['a']")?.description == "1:2: string in single quotes (hint: JSON strings must be in double quotes)")
    }

    @Test func missingColon() {
        #expect(syntaxError("{\"a\" 1}")?.description == "1:6: expected ':' after key \"a\", found '1' (hint: add ':' between the key and its value)")
    }

    @Test func missingValue() {
        #expect(syntaxError("{\"a\": }")?.description == "1:7: missing value for key \"a\" (hint: write a value after the ':' (null if there is none))")
    }

    @Test func unexpectedEndInsideContainers() {
        let error = syntaxError("[\n  {\"a\": [1, 2]\n")
        #expect(error?.description == "3:1: unexpected end of input (2 brackets are open) (hint: the '{' opened at 2:3 is never closed with '}')")
        #expect(error?.offset == 17)
    }

    @Test func unterminatedString() {
        #expect(syntaxError("[\"abc")?.description == "1:6: unexpected end of input inside a string (hint: the string that starts at 1:2 is never closed with '\"')")
    }

    @Test func lineBreakInString() {
        #expect(syntaxError("[\"abc\ndef\"]")?.description == "1:6: line break inside a string (hint: a string cannot span lines: close it with '\"' or write the line break as \\n)")
    }

    @Test func controlCharacterInString() {
        #expect(syntaxError("[\"a\u{1}b\"]")?.description == "1:4: unescaped control character U+0001 inside a string (hint: write it as \\u0001)")
        #expect(syntaxError("[\"a\tb\"]")?.description == "1:4: unescaped tab inside a string (hint: write it as \\t)")
    }

    @Test func badEscapes() {
        #expect(syntaxError(#"["a\xb"]"#)?.description == #"1:4: invalid escape '\x' in a string (hint: valid escapes are \" \\ \/ \b \f \n \r \t and \uXXXX; write a backslash as \\)"#)
        #expect(syntaxError(#"["\u12G4"]"#)?.description == #"1:3: invalid \u escape: 'G' is not a hex digit (hint: write \u and four hex digits, such as \u00E9)"#)
        #expect(syntaxError(#"["\ud83d x"]"#)?.description == #"1:3: unpaired high surrogate \uD83D in a string (hint: a \uD800-\uDBFF escape must be followed by a \uDC00-\uDFFF escape)"#)
        #expect(syntaxError(#"["\ude00"]"#)?.description == #"1:3: unpaired low surrogate \uDE00 in a string (hint: a \uDC00-\uDFFF escape must follow a \uD800-\uDBFF escape)"#)
    }

    @Test func invalidUTF8() {
        let error = syntaxError(Data("[\"ab".utf8) + Data([0xFF]) + Data("\"]".utf8))
        #expect(error?.description == "1:5: invalid UTF-8 byte 0xFF (hint: the file must be UTF-8 text; re-save it as UTF-8)")
        let overlong = syntaxError(Data("[\"".utf8) + Data([0xC0, 0xAF]) + Data("\"]".utf8))
        #expect(overlong?.message == "invalid UTF-8 byte 0xC0")
        let truncated = syntaxError(Data("[\"".utf8) + Data([0xE2, 0x82]))
        #expect(truncated?.message == "invalid UTF-8 byte 0xE2")
    }

    @Test func invalidLiteralsAndNumbers() {
        #expect(syntaxError("[tru]")?.description == "1:2: unexpected word 'tru' (hint: strings must be in double quotes: \"tru\")")
        #expect(syntaxError("[True]")?.description == "1:2: invalid literal 'True' (hint: JSON literals are lowercase: true)")
        #expect(syntaxError("[NaN]")?.description == "1:2: invalid literal 'NaN' (hint: JSON has no NaN; use null or a string)")
        #expect(syntaxError("[01]")?.description == "1:2: invalid number '01': leading zero (hint: write the number without leading zeros, or quote it as a string)")
        #expect(syntaxError("[1.]")?.description == "1:2: invalid number '1.' (hint: expected digits after '.')")
        #expect(syntaxError("[-]")?.description == "1:2: invalid number '-' (hint: expected digits after '-')")
        #expect(syntaxError("[1e]")?.description == "1:2: invalid number '1e' (hint: expected digits in the exponent)")
        #expect(syntaxError("[12abc]")?.description == "1:2: invalid number '12abc' (hint: quote it if it is meant to be a string)")
        #expect(syntaxError("[+1]")?.description == "1:2: unexpected '+' (hint: numbers cannot start with '+': remove it)")
        #expect(syntaxError("[1e999]")?.description == "1:2: number '1e999' is out of range")
    }

    @Test func commentsAreExplained() {
        #expect(syntaxError("[1, // one\n 2]")?.description == "1:5: comments are not allowed in JSON (hint: remove the comment)")
    }

    @Test func mismatchedBrackets() {
        #expect(syntaxError("[\n  {\"a\": 1]\n]")?.description == "2:10: mismatched ']' (hint: the '{' opened at 2:3 must be closed with '}')")
    }

    @Test func extraContentAfterTheValue() {
        #expect(syntaxError("[1]]")?.description == "1:4: unexpected ']' after the end of the JSON value (hint: there is one closing bracket too many)")
        #expect(syntaxError("{} {}")?.description == "1:4: unexpected '{' after the end of the JSON value (hint: the JSON value ended at 1:3; a file holds one value: put several values in an array)")
    }

    @Test func doubleCommaInArray() {
        #expect(syntaxError("[1,,2]")?.description == "1:4: unexpected ',' (hint: an element is missing: remove the extra ',')")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(syntaxError("[\"é😀\", x]")?.description == "1:8: unexpected word 'x' (hint: strings must be in double quotes: \"x\")")
    }
}

@Suite("JSON parser: hostile input")
struct JSONParserHostileInputTests {
    @Test func emptyFile() {
        #expect(syntaxError("")?.description == "1:1: the file is empty (hint: expected a JSON value such as an array of screens)")
    }

    @Test func whitespaceOnly() {
        #expect(syntaxError("  \n\t\n")?.description == "3:1: the file contains only whitespace (hint: expected a JSON value such as an array of screens)")
    }

    @Test func binaryFile() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        #expect(syntaxError(png)?.description == "1:1: invalid UTF-8 byte 0x89 (hint: the file must be UTF-8 text; re-save it as UTF-8)")
        let zeros = Data(repeating: 0, count: 4096)
        #expect(syntaxError(zeros)?.description == "1:1: the file contains NUL bytes: it is UTF-16 or binary, not UTF-8 text (hint: save it as UTF-8 JSON text)")
        // Random bytes and random runs of JSON tokens (a fixed seed, so a failure can be replayed):
        // each is parsed or refused with an error that points into the input, whose line counts
        // the line breaks before its offset.
        var random = SeededGenerator(seed: 0x5EED)
        let tokens = ["[", "]", "{", "}", "\"k\"", ":", ",", "1", "-2.5e3", "true", "null", " ", "\n", "\"\\u00e9\""]
        var inputs: [Data] = (0..<50).map { _ in Data((0..<512).map { _ in UInt8.random(in: 0...255, using: &random) }) }
        inputs += (0..<200).map { _ in
            Data((0..<64).map { _ in tokens.randomElement(using: &random)! }.joined().utf8)
        }
        var errorsPastTheFirstLine = 0
        for bytes in inputs {
            guard let error = syntaxError(bytes) else { continue }
            #expect((0...bytes.count).contains(error.offset), "\(error)")
            #expect(error.line == 1 + bytes.prefix(error.offset).filter { $0 == 0x0A }.count, "\(error)")
            #expect(error.column >= 1 && !error.message.isEmpty, "\(error)")
            if error.line > 1 { errorsPastTheFirstLine += 1 }
        }
        #expect(errorsPastTheFirstLine >= 20, "the token runs reach past the first line")
    }

    @Test func utf16File() {
        let utf16 = Data([0xFF, 0xFE]) + "[1]".data(using: .utf16LittleEndian)!
        #expect(syntaxError(utf16)?.description == "1:1: the file is UTF-16 encoded (hint: save it as UTF-8)")
    }

    @Test func nesting20000DeepIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let error = syntaxError(text)
        #expect(error?.message == "nesting is deeper than 512 levels")
        #expect(error?.column == 513)
        let objects = String(repeating: "{\"a\":", count: 20_000)
        #expect(syntaxError(objects)?.message == "nesting is deeper than 512 levels")
    }

    @Test func unclosedNesting() {
        let error = syntaxError(String(repeating: "[", count: 300))
        #expect(error?.message == "unexpected end of input (300 brackets are open)")
    }

    @Test func fiftyMegabyteFiles() throws {
        let size = 50 * 1024 * 1024
        var text = Data("[\"".utf8)
        text.append(Data(repeating: UInt8(ascii: "a"), count: size))
        text.append(Data("\"]".utf8))
        #expect(try JSONParser.parse(text).arrayValue?.first?.stringValue?.utf8.count == size)
        var unterminated = text
        unterminated.removeLast(2)
        #expect(syntaxError(unterminated)?.message == "unexpected end of input inside a string")
        let garbage = Data(repeating: 0xFF, count: size)
        #expect(syntaxError(garbage)?.description == "1:1: invalid UTF-8 byte 0xFF (hint: the file must be UTF-8 text; re-save it as UTF-8)")
    }

    @Test func manyElements() throws {
        let element = Data(#"{"id": "screen", "name": "A screen", "values": [1, 2.5, "x", true, null]},"#.utf8)
        var data = Data("[".utf8)
        for _ in 0..<20_000 { data.append(element) }
        data.append(Data("{}]".utf8))
        #expect(try JSONParser.parse(data).arrayValue?.count == 20_001)
    }
}

/// What a whole parse, or a screen's, holds is bounded (issue 34).
@Suite("JSON parser: bounded memory")
struct JSONParserBoundTests {
    @Test("a text holding more keys and values than its limit is refused where the limit is passed, saying so")
    func valueLimit() throws {
        let count = JSONParser.valueLimit + 1
        var data = Data("[".utf8)
        data.append(Data(repeating: UInt8(ascii: "0"), count: 1))
        for _ in 1..<count { data.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "0")]) }
        data.append(UInt8(ascii: "]"))
        let error = syntaxError(data)
        #expect(error?.message == "the file holds more than \(JSONParser.valueLimit) keys and values; it is not read further")
        #expect(error?.column == 2 * count + 1, "just after the value past the limit")
        data.removeLast(3)
        data.append(UInt8(ascii: "]"))
        #expect(try JSONParser.parse(data).arrayValue?.count == JSONParser.valueLimit, "the limit itself is held")
        // Keys count too: an object's member is its key and its value.
        let members = (0..<(JSONParser.valueLimit / 2 + 1)).map { "\"k\($0)\":0" }.joined(separator: ",")
        #expect(syntaxError("{" + members + "}")?.message.hasPrefix("the file holds more than") == true)
    }

    @Test("an array capped while parsed keeps its first elements, counts the rest, and the rest hold nothing")
    func cappedMember() throws {
        let small = try JSONParser.parse(
            Data(#"{"id": "f", "entry": [{"a": 1}, {"a": 2}, {"a": [3]}], "next": "n", "other": [1, 2, 3]}"#.utf8), keepingAtMost: 2, of: "entry")
        #expect(small.value["entry"]?.arrayValue == [.object(["a": 1]), .object(["a": 2])])
        #expect(small.value["other"]?.arrayValue?.count == 3, "only the named member is capped")
        #expect(small.value["next"] == "n" && small.dropped == 1)
        // 600,000 entries of 2 keys and values: 1.2 million held if the dropped ones counted.
        var data = Data(#"{"entry": ["#.utf8)
        for _ in 0..<599_999 { data.append(contentsOf: Array(#"{"a":1},"#.utf8)) }
        data.append(contentsOf: Array(#"{"a":1}]}"#.utf8))
        let big = try JSONParser.parse(data, keepingAtMost: 10, of: "entry")
        #expect(big.value["entry"]?.arrayValue?.count == 10 && big.dropped == 599_990)
        #expect(syntaxError(data)?.message.hasPrefix("the file holds more than") == true, "a whole parse holds them all")
        // A dropped element is still checked.
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Data(#"{"entry": [1, 2, tru]}"#.utf8), keepingAtMost: 1, of: "entry") }
    }
}

/// SplitMix64: random numbers that repeat for a seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
