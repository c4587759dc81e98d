#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A strict JSON parser over UTF-8 bytes that says precisely where and why a file is not
/// JSON: line and column, what was found, and a hint for the usual mistakes (trailing or
/// missing commas, unquoted keys, single quotes, comments, unclosed brackets, bad escapes,
/// control characters, invalid UTF-8, binary files).
///
/// It is iterative (an explicit stack, no recursion), so hostile nesting cannot overflow the
/// call stack; nesting deeper than `maximumDepth` is reported as an error. Positions are
/// tracked as byte offsets and turned into line and column only when something is reported,
/// which keeps the common path fast.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses a whole JSON text.
    public static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        var duplicates: [JSONDuplicateKey] = []
        return try parse(data, duplicateKeys: &duplicates)
    }

    /// Parses a whole JSON text, collecting keys written twice in one object.
    public static func parse(_ data: Data, duplicateKeys: inout [JSONDuplicateKey]) throws(JSONSyntaxError) -> JSONValue {
        try withParser(over: data, duplicateKeys: &duplicateKeys) { parser throws(JSONSyntaxError) in
            try parser.parseDocument()
        }
    }

    /// Parses a whole JSON text whose top-level object's array `member` keeps only its first
    /// `limit` elements (a feed's entries): the others are parsed, checked and dropped at once,
    /// so a long array costs what is kept. Also gives how many elements were dropped.
    public static func parse(_ data: Data, keepingAtMost limit: Int, of member: String) throws(JSONSyntaxError)
        -> (value: JSONValue, dropped: Int)
    {
        var duplicates: [JSONDuplicateKey] = []
        return try withParser(over: data, duplicateKeys: &duplicates) { parser throws(JSONSyntaxError) in
            parser.cappedMember = (member, limit)
            return (try parser.parseDocument(), parser.droppedElements)
        }
    }

    /// The most keys and values (objects, arrays, strings, numbers, literals) a whole parse
    /// holds before it refuses the text: with the stacks, arrays and indexes each costs (about
    /// 100 bytes, under 150), under 150 MB. A real configuration file holds a few thousand; a
    /// river larger than `AppLoader.lazyRiverMinimumSize` is never parsed whole (issue 34).
    public static let valueLimit = 1_000_000
    /// The most keys and values one screen of a scanned river holds (`JSONArrayIndex.ElementParser`):
    /// each thread decoding a screen then holds under 15 MB. A real screen holds a few hundred.
    public static let screenValueLimit = 100_000

    /// Runs `body` with a parser over `data`, collecting the keys written twice.
    private static func withParser<Value>(
        over data: Data, duplicateKeys: inout [JSONDuplicateKey],
        _ body: (inout Parser) throws(JSONSyntaxError) -> Value
    ) throws(JSONSyntaxError) -> Value {
        let result: Result<(Value, [JSONDuplicateKey]), JSONSyntaxError> = data.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            parser.valueLimit = valueLimit
            do throws(JSONSyntaxError) {
                let value = try body(&parser)
                return .success((value, parser.locatedDuplicateKeys()))
            } catch {
                return .failure(error)
            }
        }
        let (value, duplicates) = try result.get()
        duplicateKeys.append(contentsOf: duplicates)
        return value
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Data(text.utf8))
    }
}

// MARK: - The parser

/// The parser's state over one text (also used by `JSONArrayIndex`'s scan, which shares its
/// string, number and encoding checks).
struct Parser {
    /// The text (`var` so that a parser's caches can be kept for another buffer: `JSONArrayIndex.ElementParser`).
    var bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// A known line start (its byte offset and 1-based line number) at or before every offset
    /// reported: a parse of one element of a large text counts lines from there, not from the
    /// start of the text.
    var lineOrigin = (offset: 0, line: 1)
    /// Keys written twice (key, byte offset); located only once parsing is done.
    var duplicateKeys: [(key: String, offset: Int)] = []
    /// Nil while parsing; while scanning (`JSONArrayIndex`), what the scan records instead of
    /// building values: the same grammar, checks and messages, no value made.
    var scan: ArrayScan?
    /// Line breaks passed between values (`skipWhitespace`): the line of a scanned element.
    var lineCount = 1
    var lineStart = 0
    /// The most keys and values held (`JSONParser.valueLimit`, `screenValueLimit` for an
    /// element; no limit for a scan), and how many are held: each added to a container, less
    /// those dropped; what holds them, in messages ("file", "screen").
    var valueLimit = Int.max
    var holder = "file"
    var heldValues = 0
    /// A member of the top-level object whose array keeps only its first `limit` elements
    /// (`JSONParser.parse(_:keepingAtMost:of:)`), and how many elements it dropped.
    var cappedMember: (key: String, limit: Int)?
    var droppedElements = 0
    /// Keys, their offsets and values of all open containers, innermost last: each container
    /// owns the tail from its `keyStart`/`valueStart`, so every finished array or object is
    /// copied out once, at its exact size.
    var keyStack: [String] = []
    /// Where each key on `keyStack` was written, and the hash of its bytes.
    var keyMarkStack: [KeyMark] = []
    var valueStack: [JSONValue] = []
    /// Keys already made, by a hash of their bytes: the same few keys repeat throughout a
    /// river, so equal keys share one string instead of each being decoded (and, when
    /// longer than 15 bytes, allocated) again.
    var keyCache = [InternedString](repeating: InternedString(hash: 0, string: ""), count: Self.stringCacheSize)
    /// The same for string values longer than 15 bytes (shorter ones are stored inline and
    /// cost no allocation): titles, URLs and plugin identifiers repeat too.
    var valueCache = [InternedString](repeating: InternedString(hash: 0, string: ""), count: Self.stringCacheSize)

    /// Key lists of closed objects, by a signature of their keys: objects of one shape (every
    /// nav item, every screen) share one `keys` array instead of each allocating its own.
    var keyListCache = [KeyList](repeating: KeyList(signature: 0, keys: []), count: Self.keyListCacheSize)

    /// Where a key was written and the hash of its bytes (`Parser.hash`).
    struct KeyMark {
        let offset: Int
        let hash: UInt64
    }

    /// One entry of `keyListCache`: the keys and a hash of their hashes.
    struct KeyList {
        let signature: UInt64
        let keys: [String]
    }

    /// Entries in `keyListCache` (a power of two; a colliding list replaces the entry).
    static let keyListCacheSize = 256

    /// One entry of `keyCache` or `valueCache`.
    struct InternedString {
        let hash: UInt64
        let string: String
    }

    /// Entries in each string cache (a power of two; a colliding string replaces the entry).
    static let stringCacheSize = 1024

    /// Longest string Swift stores inline, without an allocation.
    static let inlineStringLimit = 15

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// A parser that scans rather than builds (`JSONArrayIndex`).
    init(scanning bytes: UnsafeBufferPointer<UInt8>, keys: [[UInt8]], elementLimit: Int) {
        self.bytes = bytes
        scan = ArrayScan(keys: keys, elementLimit: elementLimit)
    }

    /// An array or object being filled.
    struct Container {
        let isObject: Bool
        /// Offset of its opening bracket.
        let start: Int
        /// Where its keys and values begin in the stacks.
        let keyStart: Int
        let valueStart: Int
        /// Key to member position, for objects with many keys (duplicate detection).
        var seen: [String: Int]?
        /// The most elements an array keeps (`cappedMember`), and `heldValues` once it is full:
        /// what a dropped element leaves held.
        var keeps = Int.max
        var heldWhenFull = 0
    }

    /// Objects with more members than this find duplicate keys through a dictionary.
    static let linearDuplicateSearchLimit = 16

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        try checkEncoding()
        skipWhitespace()
        guard index < bytes.count else { throw emptyDocument() }
        let value = try parseValue()
        try checkNothingFollows()
        return value
    }

    /// The error for a text with no value.
    func emptyDocument() -> JSONSyntaxError {
        error(
            bytes.isEmpty || (bytes.count == 3 && bytes[0] == 0xEF) ? "the file is empty" : "the file contains only whitespace",
            hint: "expected a JSON value such as an array of screens", at: index)
    }

    /// One whole value starting at `index`; leaves `index` just after it.
    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        var containers: [Container] = []
        var value: JSONValue
        /// Where the value just completed starts (scanning only).
        var valueStart = index

        nextValue: while true {
            guard index < bytes.count else { throw unexpectedEnd(containers) }
            valueStart = index
            if scan != nil, containers.count == 1 {
                guard scan!.elements.count < scan!.elementLimit else {
                    throw error(
                        "the array holds more than \(scan!.elementLimit) elements; it is not read further",
                        hint: "a river lists a few hundred screens; check that this is the file you meant", at: index)
                }
                scan!.elementStarts(line: lineCount, lineStart: lineStart)
            }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard containers.count < JSONParser.maximumDepth else {
                    throw error(
                        "nesting is deeper than \(JSONParser.maximumDepth) levels",
                        hint: "no Zapp configuration is nested this deeply; look for brackets that are never closed",
                        at: index)
                }
                let start = index
                index += 1
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count, bytes[index] == closer {
                    index += 1
                    value = scan != nil ? .null : isObject ? .object(JSONObject()) : .array([])
                } else {
                    var container = Container(isObject: isObject, start: start, keyStart: keyStack.count, valueStart: valueStack.count)
                    if let capped = cappedMember, !isObject, containers.count == 1, containers[0].isObject, keyStack.last == capped.key {
                        container.keeps = capped.limit
                    }
                    containers.append(container)
                    if isObject { try parseKey(into: &containers, first: true) }
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                if scan != nil {
                    if try scanString() != nil { scan!.sawEscape = true }
                    value = .null
                } else {
                    value = .string(try parseString().string)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Scanning converts too: a number out of range is refused either way.
                value = .number(try parseNumber())
            default:
                value = try parseLiteral(containers)
            }

            // A complete value: add it to the enclosing containers, closing those that end here.
            while true {
                guard !containers.isEmpty else { return value }
                let top = containers.count - 1
                if scan != nil {
                    scan!.completed(valueStart..<index, depth: containers.count)
                } else if containers[top].isObject {
                    addMember(value, to: &containers[top])
                    try hold(2)
                } else if valueStack.count - containers[top].valueStart < containers[top].keeps {
                    valueStack.append(value)
                    try hold()
                    if valueStack.count - containers[top].valueStart == containers[top].keeps { containers[top].heldWhenFull = heldValues }
                } else {
                    droppedElements += 1
                    heldValues = containers[top].heldWhenFull
                }
                let valueEnd = index
                skipWhitespace()
                guard index < bytes.count else { throw unexpectedEnd(containers) }
                let isObject = containers[top].isObject
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: "}") {
                        // Points at the comma to remove, not at the bracket after it.
                        throw error(
                            "trailing comma before '\(Character(Unicode.Scalar(bytes[index])))'",
                            hint: isObject ? "remove the comma after the last member" : "remove the comma after the last element",
                            at: comma)
                    }
                    if isObject { try parseKey(into: &containers, first: false) }
                    continue nextValue
                }
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    let closed = containers.removeLast()
                    valueStart = closed.start
                    value = scan != nil ? .null : close(closed)
                    continue
                }
                throw afterValueError(container: containers[top], valueEnd: valueEnd)
            }
        }
    }

    /// Counts a value added to a container (`count` 2: a member, its key and its value);
    /// refuses the text past `valueLimit`.
    @inline(__always)
    mutating func hold(_ count: Int = 1) throws(JSONSyntaxError) {
        heldValues += count
        guard heldValues > valueLimit else { return }
        throw error(
            "the \(holder) holds more than \(valueLimit) keys and values; it is not read further",
            hint: "a real \(holder) holds a few thousand at most; check that this is the file you meant",
            at: index)
    }

    // MARK: Encoding and layout

    /// Skips a UTF-8 byte-order mark; rejects UTF-16/32 text, which is a common export mistake.
    mutating func checkEncoding() throws(JSONSyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            return
        }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw error("the file is UTF-16 encoded", hint: "save it as UTF-8", at: 0)
        }
        if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 {
            throw error(
                "the file contains NUL bytes: it is UTF-16 or binary, not UTF-8 text",
                hint: "save it as UTF-8 JSON text", at: bytes[0] == 0 ? 0 : 1)
        }
    }

    /// Skips layout, counting line breaks; the indentation after a line break is skipped eight
    /// spaces at a time.
    @inline(__always)
    mutating func skipWhitespace() {
        var position = index
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0D, 0x09:
                position += 1
            case 0x0A:
                position += 1
                lineCount += 1
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
        firstFlaggedByte(from: position) { $0 ^ 0x2020_2020_2020_2020 }
    }

    /// The first position from `position` on whose byte `flags` marks (a nonzero byte in the
    /// word it returns for eight bytes read little-endian), eight bytes at a time; the last few
    /// bytes of the text (less than a word) are left to the caller.
    @inline(__always)
    func firstFlaggedByte(from position: Int, _ flags: (UInt64) -> UInt64) -> Int {
        guard let base = bytes.baseAddress else { return position }
        let raw = UnsafeRawPointer(base)
        var position = position
        while position &+ 8 <= bytes.count {
            let flagged = flags(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
            if flagged != 0 { return position &+ (flagged.trailingZeroBitCount &>> 3) }
            position &+= 8
        }
        return position
    }

    mutating func checkNothingFollows() throws(JSONSyntaxError) {
        let valueEnd = index
        skipWhitespace()
        guard index < bytes.count else { return }
        let found = describe(at: index)
        let hint: String
        switch bytes[index] {
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            hint = "there is one closing bracket too many"
        case UInt8(ascii: ","):
            hint = "a JSON file holds one value: remove the ',' or put the values in an array"
        default:
            let (line, column) = position(of: valueEnd)
            hint = "the JSON value ended at \(line):\(column); a file holds one value: put several values in an array"
        }
        throw error("unexpected \(found) after the end of the JSON value", hint: hint, at: index)
    }

    // MARK: Objects

    /// Reads `"key" :` (after `{` or `,`) into the top container.
    mutating func parseKey(into containers: inout [Container], first: Bool) throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count else { throw unexpectedEnd(containers) }
        let keyOffset = index
        let byte = bytes[index]
        if byte != UInt8(ascii: "\"") {
            if isWordByte(byte) {
                let word = self.word(at: index)
                throw error(
                    "unquoted key \(Quoted.value(word, mark: "'"))",
                    hint: "object keys must be in double quotes: \(Quoted.value(word))", at: index)
            }
            if byte == UInt8(ascii: "'") {
                throw error("key in single quotes", hint: "JSON keys must be in double quotes", at: index)
            }
            if byte == UInt8(ascii: ",") {
                throw error("unexpected ','", hint: first ? "remove the comma after '{'" : "remove the extra comma", at: index)
            }
            if byte == UInt8(ascii: "/") { throw commentError(at: index) }
            throw error("expected a key in double quotes, found \(describe(at: index))", at: index)
        }
        var key = ""
        var hash: UInt64 = 0
        if scan != nil {
            let escape = try scanString()
            if escape != nil { scan!.sawEscape = true }
            if containers.count == 2 { scan!.keyRead(at: keyOffset, end: index, escaped: escape != nil, in: bytes) }
        } else {
            (key, hash) = try parseString(isKey: true)
        }
        skipWhitespace()
        guard index < bytes.count else { throw unexpectedEnd(containers) }
        guard bytes[index] == UInt8(ascii: ":") else {
            let found = describe(at: index)
            let hint = startsValue(bytes[index]) ? "add ':' between the key and its value" : nil
            throw error("expected ':' after key \(Quoted.value(keyText(key, at: keyOffset))), found \(found)", hint: hint, at: index)
        }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: ",") {
            throw error(
                "missing value for key \(Quoted.value(keyText(key, at: keyOffset)))",
                hint: "write a value after the ':' (null if there is none)", at: index)
        }
        guard scan == nil else { return }
        keyStack.append(key)
        keyMarkStack.append(KeyMark(offset: keyOffset, hash: hash))
    }

    /// The key at `offset` for a message: `key` as parsed, or read now when scanning made none.
    func keyText(_ key: String, at offset: Int) -> String {
        guard scan != nil else { return key }
        var reader = self
        reader.scan = nil
        reader.index = offset
        return (try? reader.parseString(isKey: true).string) ?? ""
    }

    /// Adds a member whose key is the last on the key stack; a key already in the object
    /// keeps its place and takes the later value.
    mutating func addMember(_ value: JSONValue, to container: inout Container) {
        let keyIndex = keyStack.count - 1
        let key = keyStack[keyIndex]
        let count = keyIndex - container.keyStart
        var existing: Int?
        if count > Self.linearDuplicateSearchLimit {
            if container.seen == nil {
                var seen: [String: Int] = [:]
                for position in container.keyStart..<keyIndex { seen[keyStack[position]] = position - container.keyStart }
                container.seen = seen
            }
            existing = container.seen?[key]
            if existing == nil { container.seen?[key] = count }
        } else {
            let hash = keyMarkStack[keyIndex].hash
            var position = container.keyStart
            while position < keyIndex {
                if keyMarkStack[position].hash == hash, keyStack[position] == key {
                    existing = position - container.keyStart
                    break
                }
                position += 1
            }
        }
        if let existing {
            duplicateKeys.append((key, keyMarkStack[keyIndex].offset))
            valueStack[container.valueStart + existing] = value
            keyStack.removeLast()
            keyMarkStack.removeLast()
        } else {
            valueStack.append(value)
        }
    }

    /// The finished array or object, moved off the stacks.
    mutating func close(_ container: Container) -> JSONValue {
        let values = Self.moveTail(of: &valueStack, from: container.valueStart, leaving: .null)
        guard container.isObject else { return .array(values) }
        let keys = sharedKeys(from: container.keyStart)
        while keyMarkStack.count > container.keyStart { keyMarkStack.removeLast() }
        return .object(JSONObject(uniqueKeys: keys, values: values))
    }

    /// The keys `keyStack[start...]` as an array, removed from the stack: an equal array made
    /// before when `keyListCache` holds one, otherwise a new one (which the cache then keeps).
    mutating func sharedKeys(from start: Int) -> [String] {
        var signature = UInt64(truncatingIfNeeded: keyStack.count - start)
        for position in start..<keyStack.count { signature = Self.mix(signature ^ keyMarkStack[position].hash) }
        let slot = Int(truncatingIfNeeded: signature) & (Self.keyListCacheSize - 1)
        if keyListCache[slot].signature == signature, Self.sameStrings(keyListCache[slot].keys, keyStack, from: start) {
            while keyStack.count > start { keyStack.removeLast() }
            return keyListCache[slot].keys
        }
        let keys = Self.moveTail(of: &keyStack, from: start, leaving: "")
        keyListCache[slot] = KeyList(signature: signature, keys: keys)
        return keys
    }

    /// True when `keys` equals `stack[start...]`, element by element. The strings are mostly
    /// the very same interned ones, so equal bits settle most of them without a string
    /// comparison, and nothing is retained.
    static func sameStrings(_ keys: [String], _ stack: [String], from start: Int) -> Bool {
        guard keys.count == stack.count - start else { return false }
        return keys.withUnsafeBufferPointer { keys in
            stack.withUnsafeBufferPointer { stack in
                for offset in 0..<keys.count {
                    let key = UnsafeRawPointer(keys.baseAddress.unsafelyUnwrapped + offset)
                    let other = UnsafeRawPointer(stack.baseAddress.unsafelyUnwrapped + start + offset)
                    if memcmp(key, other, MemoryLayout<String>.size) == 0 { continue }
                    if keys[offset] != stack[start + offset] { return false }
                }
                return true
            }
        }
    }

    /// Moves `stack[start...]` into a new array of exactly that size and removes it from the
    /// stack. Elements are moved, not copied, so no reference counts change; `filler` (a value
    /// without references) briefly takes their place. Always inlined, so that it is compiled
    /// for each concrete element type: the generic version looked the array's storage type up
    /// at run time for every array it made.
    @inline(__always)
    static func moveTail<Element>(of stack: inout [Element], from start: Int, leaving filler: Element) -> [Element] {
        let count = stack.count - start
        guard count > 0 else { return [] }
        let moved = stack.withUnsafeMutableBufferPointer { source in
            [Element](unsafeUninitializedCapacity: count) { destination, initialized in
                for offset in 0..<count {
                    let element = (source.baseAddress.unsafelyUnwrapped + start + offset).move()
                    (destination.baseAddress.unsafelyUnwrapped + offset).initialize(to: element)
                    (source.baseAddress.unsafelyUnwrapped + start + offset).initialize(to: filler)
                }
                initialized = count
            }
        }
        while stack.count > start { stack.removeLast() }
        return moved
    }

    /// What went wrong after a value inside a container: a missing comma, a mismatched
    /// bracket, or something that does not belong there.
    func afterValueError(container: Container, valueEnd: Int) -> JSONSyntaxError {
        let byte = bytes[index]
        let (endLine, endColumn) = position(of: valueEnd)
        let starts = container.isObject ? (byte == UInt8(ascii: "\"") || isWordByte(byte)) : startsValue(byte)
        if starts {
            return error(
                container.isObject ? "missing ',' between object members" : "missing ',' between array elements",
                hint: "add a ',' after the value that ends at \(endLine):\(endColumn)", at: index)
        }
        let (openLine, openColumn) = position(of: container.start)
        if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
            let expected = container.isObject ? "}" : "]"
            let opener = container.isObject ? "{" : "["
            return error(
                "mismatched '\(Character(Unicode.Scalar(byte)))'",
                hint: "the '\(opener)' opened at \(openLine):\(openColumn) must be closed with '\(expected)'", at: index)
        }
        if byte == UInt8(ascii: "/") { return commentError(at: index) }
        if byte == UInt8(ascii: ":"), !container.isObject {
            return error("unexpected ':' in an array", hint: "key-value pairs belong in an object ('{...}')", at: index)
        }
        return error(
            "expected ',' or '\(container.isObject ? "}" : "]")' after \(container.isObject ? "an object member" : "an array element"), found \(describe(at: index))",
            at: index)
    }

    // MARK: Strings

    /// Reads a string starting at the opening quote; leaves `index` after the closing quote.
    /// `isKey` picks the cache that an equal string read before is reused from. The hash of the
    /// string's bytes comes with keys and with strings too long to be stored inline (0 otherwise).
    mutating func parseString(isKey: Bool = false) throws(JSONSyntaxError) -> (string: String, hash: UInt64) {
        let quote = index
        if let escape = try scanString() {
            index = quote
            return try parseEscapedString(quote: quote, escapeAt: escape)
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(index - 1)])
        if !isKey, slice.count <= Self.inlineStringLimit { return (String(decoding: slice, as: UTF8.self), 0) }
        let hash = Self.hash(slice)
        let string = isKey
            ? Self.interned(slice, hash: hash, in: &keyCache) : Self.interned(slice, hash: hash, in: &valueCache)
        return (string, hash)
    }

    /// Checks the string starting at the opening quote (control characters, UTF-8, escapes)
    /// and leaves `index` after the closing quote; returns where its first escape is, if any.
    /// The one tokenizer of strings: parsing builds the string from what this found.
    mutating func scanString() throws(JSONSyntaxError) -> Int? {
        let quote = index
        var position = index + 1
        var firstEscape: Int?
        while true {
            position = skipPlainASCII(from: position)
            guard position < bytes.count else { throw unterminatedString(quote: quote) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                return firstEscape
            }
            if byte == UInt8(ascii: "\\") {
                if firstEscape == nil { firstEscape = position }
                guard position + 1 < bytes.count else { throw unterminatedString(quote: quote) }
                switch bytes[position + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 2
                case UInt8(ascii: "u"):
                    position += try parseUnicodeEscape(at: position).length
                default:
                    throw invalidEscape(at: position)
                }
                continue
            }
            if byte < 0x20 { throw controlCharacterError(byte, at: position) }
            position += byte < 0x80 ? 1 : try validateUTF8(at: position)
        }
    }

    /// An escape that JSON does not have, at `position` (its backslash).
    func invalidEscape(at position: Int) -> JSONSyntaxError {
        let escape = bytes[position + 1]
        let shown = escape < 0x20 || escape >= 0x7F ? describe(at: position + 1) : "'\\\(Character(Unicode.Scalar(escape)))'"
        return error(
            "invalid escape \(shown) in a string",
            hint: "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\",
            at: position)
    }

    /// The first position from `position` on that is not plain ASCII string content (a quote, a
    /// backslash, a control character or a non-ASCII byte), or the end: eight bytes at a time.
    /// In a word holding such a byte, the lowest flag marks the first one exactly (the borrows
    /// of the subtractions only run towards higher bytes), so the position is exact; only the
    /// last few bytes of the text (less than a word) are left to the caller's byte loop.
    func skipPlainASCII(from position: Int) -> Int {
        firstFlaggedByte(from: position) { word in
            let high: UInt64 = 0x8080_8080_8080_8080
            let ones: UInt64 = 0x0101_0101_0101_0101
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            return (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | (word &- ones &* 0x20) | word) & high
        }
    }

    /// A quick hash of a string's bytes (its length and its first, middle and last eight bytes):
    /// enough to pick a cache slot and to tell most different keys apart without comparing them.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return hash }
        if count >= 8 {
            let raw = UnsafeRawPointer(base)
            hash = mix(hash ^ raw.loadUnaligned(as: UInt64.self))
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: (count - 8) / 2, as: UInt64.self))
            return mix(hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        var word: UInt64 = 0
        for offset in 0..<count { word |= UInt64(base[offset]) << (offset * 8) }
        return mix(hash ^ word)
    }

    /// Spreads every bit of `value` over the whole word (the finaliser of MurmurHash3).
    static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        return value ^ (value >> 33)
    }

    /// The string of `slice` (valid UTF-8 without escapes), from `cache` when it holds it.
    static func interned(_ slice: UnsafeBufferPointer<UInt8>, hash: UInt64, in cache: inout [InternedString]) -> String {
        let slot = Int(truncatingIfNeeded: hash) & (stringCacheSize - 1)
        if cache[slot].hash == hash, sameBytes(cache[slot].string, slice) { return cache[slot].string }
        let string = String(decoding: slice, as: UTF8.self)
        cache[slot] = InternedString(hash: hash, string: string)
        return string
    }

    /// True when `string`'s UTF-8 is exactly `bytes` (a length check and a memcmp).
    static func sameBytes(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard string.utf8.count == bytes.count else { return false }
        let same = string.utf8.withContiguousStorageIfAvailable { stored in
            guard let storedBase = stored.baseAddress, let base = bytes.baseAddress else { return true }
            return memcmp(storedBase, base, bytes.count) == 0
        }
        return same ?? string.utf8.elementsEqual(bytes)
    }

    /// The slow path of `parseString` once a backslash was seen: builds the bytes.
    mutating func parseEscapedString(quote: Int, escapeAt firstEscape: Int) throws(JSONSyntaxError)
        -> (string: String, hash: UInt64)
    {
        var buffer = [UInt8](UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<firstEscape]))
        var position = firstEscape
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                index = position + 1
                return (String(decoding: buffer, as: UTF8.self), buffer.withUnsafeBufferPointer(Self.hash))
            case UInt8(ascii: "\\"):
                guard position + 1 < bytes.count else { throw unterminatedString(quote: quote) }
                let escape = bytes[position + 1]
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape(at: position)
                    UTF8.encode(scalar.value) { buffer.append($0) }
                    position += scalar.length
                    continue
                default:
                    throw invalidEscape(at: position)
                }
                position += 2
            default:
                if byte < 0x20 { throw controlCharacterError(byte, at: position) }
                let length = byte < 0x80 ? 1 : try validateUTF8(at: position)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]))
                position += length
            }
        }
        throw unterminatedString(quote: quote)
    }

    /// Reads `\uXXXX` (and its low surrogate when it is a high one) at `position` (the backslash).
    func parseUnicodeEscape(at position: Int) throws(JSONSyntaxError) -> (value: Unicode.Scalar, length: Int) {
        let high = try hexQuad(at: position)
        if (0xDC00...0xDFFF).contains(high) {
            throw error(
                "unpaired low surrogate \\u\(hex4(high)) in a string",
                hint: "a \\uDC00-\\uDFFF escape must follow a \\uD800-\\uDBFF escape", at: position)
        }
        if (0xD800...0xDBFF).contains(high) {
            guard position + 7 < bytes.count, bytes[position + 6] == UInt8(ascii: "\\"), bytes[position + 7] == UInt8(ascii: "u")
            else {
                throw error(
                    "unpaired high surrogate \\u\(hex4(high)) in a string",
                    hint: "a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape", at: position)
            }
            let low = try hexQuad(at: position + 6)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(
                    "unpaired high surrogate \\u\(hex4(high)) in a string",
                    hint: "a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape", at: position)
            }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else {
                throw error("invalid \\u escape", at: position)
            }
            return (scalar, 12)
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape", at: position) }
        return (scalar, 6)
    }

    /// The four hex digits after `\u` at `position` (the backslash).
    func hexQuad(at position: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 2..<6 {
            let at = position + offset
            guard at < bytes.count else {
                throw error("unexpected end of input in a \\u escape", hint: "write \\u and four hex digits", at: at)
            }
            let digit: UInt32
            switch bytes[at] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(bytes[at] - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(bytes[at] - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(bytes[at] - UInt8(ascii: "A") + 10)
            default:
                throw error("invalid \\u escape: \(describe(at: at)) is not a hex digit", hint: "write \\u and four hex digits, such as \\u00E9", at: position)
            }
            value = value << 4 | digit
        }
        return value
    }

    func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    func controlCharacterError(_ byte: UInt8, at position: Int) -> JSONSyntaxError {
        switch byte {
        case 0x0A, 0x0D:
            return error(
                "line break inside a string",
                hint: "a string cannot span lines: close it with '\"' or write the line break as \\n", at: position)
        case 0x09:
            return error("unescaped tab inside a string", hint: "write it as \\t", at: position)
        default:
            return error(
                "unescaped control character U+\(hex4(UInt32(byte))) inside a string",
                hint: "write it as \\u\(hex4(UInt32(byte)))", at: position)
        }
    }

    func unterminatedString(quote: Int) -> JSONSyntaxError {
        let (line, column) = position(of: quote)
        return error(
            "unexpected end of input inside a string",
            hint: "the string that starts at \(line):\(column) is never closed with '\"'", at: bytes.count)
    }

    /// Checks one UTF-8 encoded scalar of two or more bytes at `position`; returns its length.
    func validateUTF8(at position: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalidUTF8(at: position)
        }
        guard position + length <= bytes.count else { throw invalidUTF8(at: position) }
        let second = bytes[position + 1]
        guard second >= low, second <= high else { throw invalidUTF8(at: position) }
        var offset = 2
        while offset < length {
            guard bytes[position + offset] & 0xC0 == 0x80 else { throw invalidUTF8(at: position) }
            offset += 1
        }
        return length
    }

    func invalidUTF8(at position: Int) -> JSONSyntaxError {
        error(
            "invalid UTF-8 byte 0x\(String(bytes[position], radix: 16, uppercase: true))",
            hint: "the file must be UTF-8 text; re-save it as UTF-8", at: position)
    }

    // MARK: Numbers and literals

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let isInteger = try scanNumber()
        let position = index
        let digits = UnsafeBufferPointer(rebasing: bytes[start..<position])
        if isInteger, digits.count <= 16 {
            var value = 0
            var negative = false
            for byte in digits {
                if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            }
            return Double(negative ? -value : value)
        }
        guard let value = Double(String(decoding: digits, as: UTF8.self)), value.isFinite else {
            throw error(
                "number \(Quoted.value(String(decoding: digits, as: UTF8.self), mark: "'")) is out of range", at: start)
        }
        return value
    }

    /// Checks the number at `index` and leaves `index` after it; true when it is an integer
    /// (no fraction, no exponent). The one tokenizer of numbers.
    mutating func scanNumber() throws(JSONSyntaxError) -> Bool {
        let start = index
        var position = index
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number \(Quoted.value(word(at: start), mark: "'"))", hint: "expected digits after '-'", at: start)
            }
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error(
                    "invalid number \(Quoted.value(word(at: start), mark: "'")): leading zero",
                    hint: "write the number without leading zeros, or quote it as a string", at: start)
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number \(Quoted.value(word(at: start), mark: "'"))", hint: "expected digits after '.'", at: start)
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number \(Quoted.value(word(at: start), mark: "'"))", hint: "expected digits in the exponent", at: start)
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, isWordByte(bytes[position]) || bytes[position] == UInt8(ascii: ".") {
            throw error(
                "invalid number \(Quoted.value(word(at: start), mark: "'"))",
                hint: "quote it if it is meant to be a string", at: start)
        }
        index = position
        return isInteger
    }

    /// `true`, `false`, `null`; anything else that cannot start a value is explained here.
    mutating func parseLiteral(_ containers: [Container]) throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let byte = bytes[index]
        // The usual case without making the word: a literal that no word byte follows.
        if let literal = literal(at: start) { return literal }
        if isWordByte(byte) {
            let word = self.word(at: start)
            switch word {
            case "true": index += 4; return .bool(true)
            case "false": index += 5; return .bool(false)
            case "null": index += 4; return .null
            case "True", "TRUE", "False", "FALSE", "Null", "NULL":
                throw error("invalid literal '\(word)'", hint: "JSON literals are lowercase: \(word.lowercased())", at: start)
            case "None", "nil", "undefined":
                throw error("invalid literal '\(word)'", hint: "write null", at: start)
            case "NaN", "Infinity":
                throw error("invalid literal '\(word)'", hint: "JSON has no \(word); use null or a string", at: start)
            default:
                throw error(
                    "unexpected word \(Quoted.value(word, mark: "'"))",
                    hint: "strings must be in double quotes: \(Quoted.value(word))", at: start)
            }
        }
        switch byte {
        case UInt8(ascii: "'"):
            throw error("string in single quotes", hint: "JSON strings must be in double quotes", at: start)
        case UInt8(ascii: "/"):
            throw commentError(at: start)
        case UInt8(ascii: "+"):
            throw error("unexpected '+'", hint: "numbers cannot start with '+': remove it", at: start)
        case UInt8(ascii: "."):
            throw error("unexpected '.'", hint: "numbers must start with a digit, as in 0.5", at: start)
        case UInt8(ascii: ","):
            let hint = containers.last.map { $0.isObject } == false ? "an element is missing: remove the extra ','" : nil
            throw error("unexpected ','", hint: hint, at: start)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw error("unexpected \(describe(at: start))", hint: "a value is missing here", at: start)
        case 0:
            throw error("unexpected NUL byte", hint: "this looks like a binary file, not JSON text", at: start)
        case 0x80...0xFF:
            _ = try validateUTF8(at: start)
            throw error("unexpected \(describe(at: start))", hint: "strings must be in double quotes", at: start)
        default:
            throw error("unexpected \(describe(at: start))", hint: byte < 0x20 ? "this looks like a binary file, not JSON text" : nil, at: start)
        }
    }

    /// `true`, `false` or `null` at `position`, ending where a word would (leaves `index` after it).
    @inline(__always)
    mutating func literal(at position: Int) -> JSONValue? {
        let (spelled, value): (StaticString, JSONValue)
        switch bytes[position] {
        case UInt8(ascii: "t"): (spelled, value) = ("true", .bool(true))
        case UInt8(ascii: "f"): (spelled, value) = ("false", .bool(false))
        case UInt8(ascii: "n"): (spelled, value) = ("null", .null)
        default: return nil
        }
        let length = spelled.utf8CodeUnitCount
        let end = position + length
        guard end <= bytes.count, memcmp(bytes.baseAddress! + position, spelled.utf8Start, length) == 0 else { return nil }
        if end < bytes.count {
            let next = bytes[end]
            // `word(at:)` reads these as part of the word too.
            if isWordByte(next) || next == UInt8(ascii: ".") || next == UInt8(ascii: "-") || next == UInt8(ascii: "+") {
                return nil
            }
        }
        index = end
        return value
    }

    func commentError(at position: Int) -> JSONSyntaxError {
        error("comments are not allowed in JSON", hint: "remove the comment", at: position)
    }

    func unexpectedEnd(_ containers: [Container]) -> JSONSyntaxError {
        guard let open = containers.last else {
            return error("unexpected end of input", hint: "a value is missing", at: bytes.count)
        }
        let (line, column) = position(of: open.start)
        let (opener, closer) = open.isObject ? ("{", "}") : ("[", "]")
        let unclosed = containers.count > 1 ? " (\(containers.count) brackets are open)" : ""
        return error(
            "unexpected end of input\(unclosed)",
            hint: "the '\(opener)' opened at \(line):\(column) is never closed with '\(closer)'", at: bytes.count)
    }

    // MARK: Helpers

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default:
            return false
        }
    }

    /// True for a byte that can begin a JSON value.
    func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// The run of word characters (and number punctuation) at `position`, for messages
    /// (quoted with `Quoted.value`, which bounds its length).
    func word(at position: Int) -> String {
        var end = position
        while end < bytes.count,
            isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "-")
                || bytes[end] == UInt8(ascii: "+")
        {
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<max(end, position + 1)]), as: UTF8.self)
    }

    /// How the character at `position` is shown in a message: `'x'`, `U+0007`, `byte 0xFF`.
    func describe(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x20 || byte == 0x7F { return "control character U+\(hex4(UInt32(byte)))" }
        if let length = try? validateUTF8(at: position) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]), as: UTF8.self)
            return Quoted.value(text, mark: "'")
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// The duplicate keys with their lines and columns, found in one pass over the input.
    func locatedDuplicateKeys() -> [JSONDuplicateKey] {
        guard let last = duplicateKeys.map(\.offset).max() else { return [] }
        var lineStarts = [lineOrigin.offset]
        for position in lineOrigin.offset..<last where bytes[position] == 0x0A { lineStarts.append(position + 1) }
        return duplicateKeys.map { duplicate in
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= duplicate.offset { low = middle } else { high = middle - 1 }
            }
            let column = columnCount(from: lineStarts[low], to: duplicate.offset)
            return JSONDuplicateKey(
                key: duplicate.key, offset: duplicate.offset, line: lineOrigin.line + low, column: column)
        }
    }

    /// 1-based column of `offset` on the line starting at `lineStart`, counting Unicode scalars.
    func columnCount(from lineStart: Int, to offset: Int) -> Int {
        var column = 1
        var position = lineStart
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return column
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        let origin = end >= lineOrigin.offset ? lineOrigin : (offset: 0, line: 1)
        var line = origin.line
        var lineStart = origin.offset
        var position = origin.offset
        while position < end {
            if bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        return (line, columnCount(from: lineStart, to: end))
    }

    func error(_ message: String, hint: String? = nil, at offset: Int) -> JSONSyntaxError {
        let (line, column) = position(of: offset)
        return JSONSyntaxError(message: message, hint: hint, offset: offset, line: line, column: column)
    }
}
