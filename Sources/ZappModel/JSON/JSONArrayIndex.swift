#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where each element of a JSON text's top-level array lies, found by the parser itself in a
/// pass that builds no values (`Parser.scan`): the same grammar, checks and messages as a
/// parse, so an element can be parsed later on its own (`parseElement`) and cannot fail then.
/// The large-river paths decode screens from these ranges (ARCHITECTURE.md, "Load checks
/// after the first frame").
///
/// The scan throws the parser's own error on a text the parser refuses. A text whose top level
/// is not an array gives nil without being checked further (the caller parses it).
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
    /// Throws when the array is not JSON, or holds more than `elementLimit` elements (the
    /// index stays bounded: the scan stops there).
    public init?(scanning data: Data, memberKeys: [String] = [], elementLimit: Int = .max) throws(JSONSyntaxError) {
        let keys = memberKeys.map { Array($0.utf8) }
        let scanned: Result<(elements: [Element], members: [Range<Int>?])?, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var parser = Parser(scanning: raw.bindMemory(to: UInt8.self), keys: keys, elementLimit: elementLimit)
            do throws(JSONSyntaxError) {
                try parser.checkEncoding()
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "[") else {
                    return parser.index < parser.bytes.count ? .success(nil) : .failure(parser.emptyDocument())
                }
                _ = try parser.parseValue()
                try parser.checkNothingFollows()
                return .success((parser.scan!.elements, parser.scan!.members))
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
                // Taken out (not copied), so that the caches are not copied on their first write.
                var parser = self.parser.take() ?? Parser(bytes: bytes)
                parser.bytes = bytes
                defer { self.parser = parser }
                parser.index = element.start
                parser.lineOrigin = (element.lineStart, element.line)
                parser.duplicateKeys = []
                parser.valueLimit = JSONParser.screenValueLimit
                parser.holder = "screen"
                parser.heldValues = 0
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

/// What the parser records while it scans a top-level array (`Parser.scan`): each element's
/// bytes, line and escapes, and where the values of the named members of an element object
/// lie. The parser calls it as it validates; the grammar and its checks are the parser's own.
struct ArrayScan {
    let keys: [[UInt8]]
    /// The most elements recorded; the parser refuses the text past it.
    let elementLimit: Int
    var elements: [JSONArrayIndex.Element] = []
    var members: [Range<Int>?] = []
    var sawEscape = false
    private var elementStart = (line: 1, lineStart: 0)
    /// The member key just read in the element object, when it is one of `keys`.
    private var pendingKey: Int?

    init(keys: [[UInt8]], elementLimit: Int) {
        self.keys = keys
        self.elementLimit = elementLimit
    }

    /// An element begins at the current value (depth 1).
    @inline(__always)
    mutating func elementStarts(line: Int, lineStart: Int) {
        sawEscape = false
        pendingKey = nil
        members.append(contentsOf: repeatElement(nil, count: keys.count))
        elementStart = (line, lineStart)
    }

    /// A key of the element object (depth 2) was read at `offset..<end` (its quotes included).
    mutating func keyRead(at offset: Int, end: Int, escaped: Bool, in bytes: UnsafeBufferPointer<UInt8>) {
        guard !keys.isEmpty else { return }
        if escaped {
            var reader = Parser(bytes: bytes)
            reader.index = offset
            let key = (try? reader.parseString(isKey: true).string).map { Array($0.utf8) }
            pendingKey = key.flatMap { keys.firstIndex(of: $0) }
        } else {
            let key = UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<(end - 1)])
            pendingKey = keys.firstIndex { $0.elementsEqual(key) }
        }
    }

    /// A value ended: an element (depth 1), or a member of an element object (depth 2).
    @inline(__always)
    mutating func completed(_ range: Range<Int>, depth: Int) {
        if depth == 1 {
            elements.append(JSONArrayIndex.Element(
                start: range.lowerBound, end: range.upperBound, line: elementStart.line, lineStart: elementStart.lineStart,
                hasEscapes: sawEscape))
        } else if depth == 2, let key = pendingKey {
            members[members.count - keys.count + key] = range
            pendingKey = nil
        }
    }
}
