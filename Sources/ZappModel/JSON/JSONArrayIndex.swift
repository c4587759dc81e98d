#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where each element of a JSON text's top-level array lies, found by one validating pass
/// that builds no values: the text is checked as strictly as `JSONParser` checks it (encoding,
/// strings, escapes, UTF-8, numbers, literals, nesting depth, nothing after the array), so an
/// element can be parsed later on its own (`parseElement`) and cannot fail then. A large river
/// is scanned so before the first frame and its screens decoded when they are needed
/// (ARCHITECTURE.md, "Load checks after the first frame").
///
/// The scan throws on any array the parser refuses; its message is not the parser's, so a
/// caller reports a refused text by parsing it (`JSONParser.parse`), which says precisely
/// where and why. A text whose top level is not an array gives nil without being checked
/// further (the caller parses it).
///
/// For each element that is an object it also records where the values of a few named
/// members lie (`memberKeys`; the last one when a key is written twice, as the parser keeps
/// the later value), so that a screen's id can be read without parsing the screen.
public struct JSONArrayIndex: Sendable {
    /// One element of the array.
    public struct Element: Sendable, Hashable {
        /// Offset of the element's first byte.
        public var start: Int
        /// Offset just after its last byte.
        public var end: Int
        /// The 1-based line of `start`, and the offset where that line begins.
        public var line: Int
        public var lineStart: Int
        /// True when a string inside the element holds an escape (`\n`, `\u00E9`, ...).
        public var hasEscapes: Bool
    }

    /// The elements in order.
    public let elements: [Element]
    /// The member keys whose values were recorded.
    public let memberKeys: [String]
    /// Where each recorded member's value lies: `memberKeys.count` entries per element.
    private let members: [Range<Int>?]

    /// Scans `data`; nil when its top level is not an array (the rest is not checked then).
    /// Throws when the array is not JSON.
    public init?(scanning data: Data, memberKeys: [String] = []) throws(JSONSyntaxError) {
        let keys = memberKeys.map { Array($0.utf8) }
        let scanned: Result<(elements: [Element], members: [Range<Int>?])?, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var scanner = ArrayScanner(bytes: raw.bindMemory(to: UInt8.self), keys: keys)
            do throws(JSONSyntaxError) {
                guard try scanner.scan() else { return .success(nil) }
                return .success((scanner.elements, scanner.members))
            } catch {
                return .failure(error)
            }
        }
        guard let (elements, members) = try scanned.get() else { return nil }
        self.elements = elements
        self.memberKeys = memberKeys
        self.members = members
    }

    /// Where the value of `memberKeys[key]` of element `element` lies, when the element is an
    /// object holding that member.
    public func member(_ key: Int, of element: Int) -> Range<Int>? {
        members[element * memberKeys.count + key]
    }

    /// Parses one element of the text that was scanned (the same bytes), with the keys it
    /// writes twice (their lines and columns in the whole text).
    public static func parseElement(_ element: Element, in data: Data) throws(JSONSyntaxError)
        -> (value: JSONValue, duplicateKeys: [JSONDuplicateKey])
    {
        var parser = ElementParser()
        return try parser.parse(element, in: data)
    }

    /// Parses elements one after another, reusing the parser's string caches (a parser's caches
    /// are too large to set up again for each of many small elements).
    public struct ElementParser {
        private var parser: Parser?

        public init() {}

        public mutating func parse(_ element: Element, in data: Data) throws(JSONSyntaxError)
            -> (value: JSONValue, duplicateKeys: [JSONDuplicateKey])
        {
            let result: Result<(JSONValue, [JSONDuplicateKey]), JSONSyntaxError> = data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                // The caches hold strings, not pointers into the bytes, so they outlive one buffer.
                var parser = self.parser ?? Parser(bytes: bytes)
                parser.bytes = bytes
                defer { self.parser = parser }
                parser.index = element.start
                parser.lineOrigin = (element.lineStart, element.line)
                parser.duplicateKeys = []
                do throws(JSONSyntaxError) {
                    let value = try parser.parseValue()
                    return .success((value, parser.locatedDuplicateKeys()))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }
    }
}

/// The scan behind `JSONArrayIndex`: the parser's grammar without building values.
private struct ArrayScanner {
    var parser: Parser
    let keys: [[UInt8]]
    var elements: [JSONArrayIndex.Element] = []
    var members: [Range<Int>?] = []
    var line = 1
    var lineStart = 0
    var sawEscape = false
    /// Open arrays (false) and objects (true) inside the element being skipped.
    var stack: [Bool] = []

    init(bytes: UnsafeBufferPointer<UInt8>, keys: [[UInt8]]) {
        parser = Parser(bytes: bytes)
        self.keys = keys
    }

    var bytes: UnsafeBufferPointer<UInt8> { parser.bytes }
    var index: Int {
        get { parser.index }
        set { parser.index = newValue }
    }

    /// False when the top level is not an array.
    mutating func scan() throws(JSONSyntaxError) -> Bool {
        try parser.checkEncoding()
        skipLayout()
        guard index < bytes.count else { throw refused() }
        guard bytes[index] == UInt8(ascii: "[") else { return false }
        index += 1
        skipLayout()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            try parser.checkNothingFollows()
            return true
        }
        while true {
            guard index < bytes.count else { throw refused() }
            let start = index
            let startLine = line
            let startLineStart = lineStart
            sawEscape = false
            let firstMember = members.count
            members.append(contentsOf: repeatElement(nil, count: keys.count))
            if bytes[index] == UInt8(ascii: "{") {
                try scanElementObject(members: firstMember)
            } else {
                try skipValue(open: 1)
            }
            elements.append(
                JSONArrayIndex.Element(
                    start: start, end: index, line: startLine, lineStart: startLineStart, hasEscapes: sawEscape))
            skipLayout()
            guard index < bytes.count else { throw refused() }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipLayout()
            case UInt8(ascii: "]"):
                index += 1
                try parser.checkNothingFollows()
                return true
            default:
                throw refused()
            }
        }
    }

    /// An element that is an object, recording where the values of `keys` lie.
    mutating func scanElementObject(members first: Int) throws(JSONSyntaxError) {
        index += 1
        skipLayout()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try skipKey(recording: true)
            let valueStart = index
            try skipValue(open: 2)
            if let key { members[first + key] = valueStart..<index }
            skipLayout()
            guard index < bytes.count else { throw refused() }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default:
                throw refused()
            }
        }
    }

    /// `"key" :` and the layout after it; when `recording`, the key's position in `keys`, if it
    /// is one of them.
    mutating func skipKey(recording: Bool = false) throws(JSONSyntaxError) -> Int? {
        skipLayout()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw refused() }
        let quote = index
        let escaped = try skipString()
        var found: Int?
        if recording, !keys.isEmpty {
            if escaped {
                var copy = parser
                copy.index = quote
                let key = Array(try copy.parseString(isKey: true).string.utf8)
                found = keys.firstIndex(of: key)
            } else {
                let key = UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(index - 1)])
                found = keys.firstIndex { $0.elementsEqual(key) }
            }
        }
        skipLayout()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw refused() }
        index += 1
        skipLayout()
        return found
    }

    /// One whole value at `index`, inside `open` containers already open.
    mutating func skipValue(open: Int) throws(JSONSyntaxError) {
        while true {
            guard index < bytes.count else { throw refused() }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open + stack.count < JSONParser.maximumDepth else { throw refused() }
                let isObject = bytes[index] == UInt8(ascii: "{")
                index += 1
                skipLayout()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                } else {
                    stack.append(isObject)
                    if isObject { _ = try skipKey() }
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                _ = try parser.parseNumber()
            default:
                try skipLiteral()
            }
            // A complete value: close the containers that end here.
            while true {
                guard let isObject = stack.last else { return }
                skipLayout()
                guard index < bytes.count else { throw refused() }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    skipLayout()
                    if isObject { _ = try skipKey() }
                    break
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw refused() }
                index += 1
                stack.removeLast()
            }
        }
    }

    /// A string at `index` (its opening quote), checked as the parser checks it; true when it
    /// holds an escape.
    mutating func skipString() throws(JSONSyntaxError) -> Bool {
        let quote = index
        var position = index + 1
        var escaped = false
        while true {
            position = parser.skipPlainASCII(from: position)
            guard position < bytes.count else { throw parser.unterminatedString(quote: quote) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                if escaped { sawEscape = true }
                return escaped
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard position + 1 < bytes.count else { throw parser.unterminatedString(quote: quote) }
                switch bytes[position + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 2
                case UInt8(ascii: "u"):
                    position += try parser.parseUnicodeEscape(at: position).length
                default:
                    throw refused(at: position)
                }
                continue
            }
            if byte < 0x20 { throw parser.controlCharacterError(byte, at: position) }
            position += byte < 0x80 ? 1 : try parser.validateUTF8(at: position)
        }
    }

    /// `true`, `false` or `null` (not followed by more of a word, as the parser reads words).
    mutating func skipLiteral() throws(JSONSyntaxError) {
        for literal in ["true", "false", "null"] as [StaticString] {
            let length = literal.utf8CodeUnitCount
            guard index + length <= bytes.count,
                memcmp(bytes.baseAddress! + index, literal.utf8Start, length) == 0
            else { continue }
            let next = index + length
            if next < bytes.count,
                parser.isWordByte(bytes[next]) || bytes[next] == UInt8(ascii: ".") || bytes[next] == UInt8(ascii: "-")
                    || bytes[next] == UInt8(ascii: "+")
            {
                break
            }
            index = next
            return
        }
        _ = try parser.parseLiteral([])
        throw refused()
    }

    /// Whitespace, counting lines (a line break can only be layout: strings cannot hold one).
    /// The indentation after a line break is skipped eight spaces at a time.
    @inline(__always)
    mutating func skipLayout() {
        var position = index
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
                position = skipSpaces(from: position)
            default:
                index = position
                return
            }
        }
        index = position
    }

    /// The first position from `position` on that is not a space (or the last word's start).
    func skipSpaces(from position: Int) -> Int {
        guard let base = bytes.baseAddress else { return position }
        let raw = UnsafeRawPointer(base)
        var position = position
        while position &+ 8 <= bytes.count {
            let other = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                ^ 0x2020_2020_2020_2020
            if other != 0 { return position &+ (other.trailingZeroBitCount &>> 3) }
            position &+= 8
        }
        return position
    }

    /// The error for a text the parser refuses too (it reports it precisely).
    func refused(at position: Int? = nil) -> JSONSyntaxError {
        parser.error("not JSON", at: position ?? index)
    }
}
