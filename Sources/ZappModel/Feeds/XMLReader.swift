#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension XMLReader {
    /// An element of a small XML tree: its qualified name, the namespace its prefix resolves to,
    /// its attributes (qualified names as written), children and character data.
    public struct Element: Sendable, Hashable {
        public var name: String
        /// The name without its prefix (`media:group` → `group`).
        public var localName: String
        public var namespace: String?
        public var attributes: [String: String]
        public var children: [Element]
        public var text: String


        /// Children with this local name in this namespace (nil: any namespace).
        public func children(_ localName: String, in namespace: String? = nil) -> [Element] {
            children.filter { $0.localName == localName && (namespace == nil || $0.namespace == namespace) }
        }

        public func child(_ localName: String, in namespace: String? = nil) -> Element? {
            children.first { $0.localName == localName && (namespace == nil || $0.namespace == namespace) }
        }
    }
}

/// A small, tolerant, bounded XML reader for the subset feeds use: elements, attributes,
/// namespaces (`xmlns`, `xmlns:media`), the five named entities and numeric character
/// references, CDATA sections, comments, processing instructions and a DOCTYPE without
/// internal entity declarations.
///
/// It is hand-written instead of using Foundation's `XMLParser` because that lives in
/// FoundationXML, which links libxml2 and slows every start-up of the shell (which does
/// not otherwise need full Foundation). Being ours, it is also bounded: it never expands
/// user-defined entities (no "billion laughs"), refuses nesting deeper than
/// `maximumDepth`, and builds its tree iteratively, so hostile input cannot exhaust the
/// stack. Errors say what is wrong and at which line and column.
public enum XMLReader {
    /// The deepest element nesting accepted.
    public static let maximumDepth = 256

    /// Elements and attributes a document may hold per byte, beyond `minimumNodeLimit`: each
    /// costs a few hundred bytes at most, so memory stays within a fixed multiple of the size.
    public static let bytesPerNode = 16
    /// The elements and attributes a document may hold however small it is.
    public static let minimumNodeLimit = 1_000_000

    /// Parses a whole document and returns its root element.
    public static func parse(_ data: Data) throws(FeedError) -> Element {
        try parse(data, keepingAtMost: .max, of: "").root
    }

    /// Parses a whole document whose root keeps only its first `limit` children named
    /// `localName` (a feed's entries): the others are read, checked and dropped at once. Also
    /// gives how many were dropped.
    public static func parse(_ data: Data, keepingAtMost limit: Int, of localName: String) throws(FeedError)
        -> (root: Element, dropped: Int)
    {
        var reader = Reader(bytes: [UInt8](data), kept: (localName, limit))
        let root = try reader.document()
        return (root, reader.dropped)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// The root's children that are capped, and how many of them were kept and dropped.
        let kept: (localName: String, limit: Int)
        var keptCount = 0
        var dropped = 0
        /// Elements and attributes held, and the most allowed (`bytesPerNode`).
        var held = 0
        let heldLimit: Int

        init(bytes: [UInt8], kept: (localName: String, limit: Int)) {
            self.bytes = bytes
            self.kept = kept
            heldLimit = max(XMLReader.minimumNodeLimit, bytes.count / XMLReader.bytesPerNode)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        /// An open element, the namespace prefixes it declared, and `held` before it began.
        struct Open {
            var element: Element
            var prefixes: [String: String]
            var text: [UInt8]
            var heldBefore = 0
        }

        /// Adds a finished element to its parent (or makes it the root), unless it is a capped
        /// child past the limit: that one is dropped, with what it held.
        private mutating func attach(_ element: Element, heldBefore: Int, to stack: inout [Open], root: inout Element?) {
            guard !stack.isEmpty else {
                root = element
                return
            }
            if stack.count == 1, element.localName == kept.localName {
                guard keptCount < kept.limit else {
                    dropped += 1
                    held = heldBefore
                    return
                }
                keptCount += 1
            }
            stack[stack.count - 1].element.children.append(element)
        }

        mutating func document() throws(FeedError) -> Element {
            var stack: [Open] = []
            var root: Element?
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                    let chunk = bytes[start..<index]
                    if stack.isEmpty {
                        guard chunk.allSatisfy(Self.isSpace) else { throw error("text outside the root element", at: start) }
                    } else {
                        try decodeEntities(chunk, from: start, into: &stack[stack.count - 1].text)
                    }
                    continue
                }
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                    try markup(&stack)
                } else if next == UInt8(ascii: "/") {
                    let start = index
                    index += 2
                    let name = try self.name()
                    skipSpace()
                    try expect(">", after: "</\(name)")
                    guard let open = stack.popLast() else { throw error("</\(name)> closes nothing", at: start) }
                    guard open.element.name == name else {
                        throw error("</\(name)> closes <\(open.element.name)>", at: start)
                    }
                    attach(finish(open), heldBefore: open.heldBefore, to: &stack, root: &root)
                } else {
                    let start = index
                    guard root == nil else { throw error("a second root element", at: start) }
                    let (tag, selfClosing) = try startTag(inherited: stack.last?.prefixes ?? [:])
                    var open = tag
                    open.heldBefore = held
                    held += 1 + open.element.attributes.count
                    guard held <= heldLimit else {
                        throw error(
                            "the document holds more than \(heldLimit) elements and attributes; it is not read further"
                                + " (at most one per \(XMLReader.bytesPerNode) bytes, \(XMLReader.minimumNodeLimit) at least)",
                            at: start)
                    }
                    if selfClosing {
                        attach(finish(open), heldBefore: open.heldBefore, to: &stack, root: &root)
                    } else {
                        guard stack.count < XMLReader.maximumDepth else {
                            throw error("elements nested deeper than \(XMLReader.maximumDepth)", at: start)
                        }
                        stack.append(open)
                    }
                }
            }
            if let open = stack.last { throw error("unclosed <\(open.element.name)> at the end of the document", at: bytes.count) }
            guard let root else { throw error("no root element", at: bytes.count) }
            return root
        }

        /// `<!-- -->`, `<![CDATA[ ]]>` (its text joins the open element's), `<? ?>` and `<!DOCTYPE>`.
        private mutating func markup(_ stack: inout [Open]) throws(FeedError) {
            if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                let start = index
                index += 9
                guard let end = find("]]>") else { throw error("unclosed CDATA section", at: start) }
                guard !stack.isEmpty else { throw error("CDATA outside the root element", at: start) }
                stack[stack.count - 1].text += bytes[index..<end]
                index = end + 3
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                try doctype()
            } else {
                throw error("unexpected markup", at: index)
            }
        }

        private func finish(_ open: Open) -> Element {
            var element = open.element
            let text = open.text
            if let first = text.firstIndex(where: { !Self.isSpace($0) }), let last = text.lastIndex(where: { !Self.isSpace($0) }) {
                element.text = String(decoding: text[first...last], as: UTF8.self)
            }
            return element
        }

        /// `<name attr="value" ...>` or `.../>`; resolves the element's namespace.
        private mutating func startTag(inherited: [String: String]) throws(FeedError) -> (Open, Bool) {
            index += 1
            let name = try self.name()
            var attributes: [String: String] = [:]
            var prefixes = inherited
            while true {
                skipSpace()
                guard index < bytes.count else { throw error("unclosed tag <\(name)", at: index) }
                if starts(with: "/>") {
                    index += 2
                    return (try open(name, attributes, prefixes), true)
                }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    return (try open(name, attributes, prefixes), false)
                }
                let attributeStart = index
                let attribute = try self.name()
                skipSpace()
                try expect("=", after: "attribute \(attribute)")
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw error("attribute \(attribute) needs a quoted value", at: index)
                }
                let quote = bytes[index]
                index += 1
                let valueStart = index
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { throw error("unclosed value of attribute \(attribute)", at: valueStart) }
                var value: [UInt8] = []
                try decodeEntities(bytes[valueStart..<index], from: valueStart, into: &value)
                index += 1
                guard attributes[attribute] == nil else { throw error("attribute \(attribute) written twice", at: attributeStart) }
                let text = String(decoding: value, as: UTF8.self)
                attributes[attribute] = text
                if attribute == "xmlns" { prefixes[""] = text }
                if attribute.hasPrefix("xmlns:") { prefixes[String(attribute.dropFirst(6))] = text }
            }
        }

        private func open(_ name: String, _ attributes: [String: String], _ prefixes: [String: String]) throws(FeedError) -> Open {
            let colon = name.utf8.firstIndex(of: UInt8(ascii: ":"))
            let prefix = colon.map { String(name[..<$0]) } ?? ""
            let localName = colon.map { String(name[name.index(after: $0)...]) } ?? name
            let element = Element(
                name: name, localName: localName, namespace: prefixes[prefix], attributes: attributes, children: [], text: "")
            return Open(element: element, prefixes: prefixes, text: [])
        }

        private mutating func name() throws(FeedError) -> String {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            guard index > start else { throw error("expected a name", at: start) }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A DOCTYPE is skipped; one declaring entities is refused (they are never expanded).
        private mutating func doctype() throws(FeedError) {
            let start = index
            var depth = 0
            while index < bytes.count {
                if starts(with: "<!ENTITY") { throw error("entity declarations are not supported", at: index) }
                switch bytes[index] {
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ">") where depth <= 0:
                    index += 1
                    return
                default: break
                }
                index += 1
            }
            throw error("unclosed DOCTYPE", at: start)
        }

        /// Appends character data, replacing entity and character references.
        private func decodeEntities(_ chunk: ArraySlice<UInt8>, from start: Int, into output: inout [UInt8]) throws(FeedError) {
            var position = chunk.startIndex
            while position < chunk.endIndex {
                let byte = chunk[position]
                guard byte == UInt8(ascii: "&") else {
                    output.append(byte)
                    position += 1
                    continue
                }
                guard let semicolon = chunk[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw error("\"&\" must be written &amp;", at: position)
                }
                let reference = String(decoding: chunk[(position + 1)..<semicolon], as: UTF8.self)
                let scalar: Unicode.Scalar?
                switch reference {
                case "lt": scalar = "<"
                case "gt": scalar = ">"
                case "amp": scalar = "&"
                case "quot": scalar = "\""
                case "apos": scalar = "'"
                default:
                    if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                        scalar = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if reference.hasPrefix("#") {
                        scalar = UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                    } else {
                        throw error("unknown entity &\(reference);", at: position)
                    }
                }
                guard let scalar else { throw error("bad character reference &\(reference);", at: position) }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                position = semicolon + 1
            }
        }

        private mutating func skip(past terminator: String, what: String) throws(FeedError) {
            let start = index
            guard let end = find(terminator) else { throw error("unclosed \(what)", at: start) }
            index = end + terminator.utf8.count
        }

        private func find(_ text: String) -> Int? {
            let pattern = Array(text.utf8)
            var position = index
            while position + pattern.count <= bytes.count {
                if bytes[position] == pattern[0], bytes[position..<(position + pattern.count)].elementsEqual(pattern) {
                    return position
                }
                position += 1
            }
            return nil
        }

        private func starts(with text: String) -> Bool {
            var position = index
            for byte in text.utf8 {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
            }
            return true
        }

        private mutating func expect(_ text: String, after what: String) throws(FeedError) {
            guard starts(with: text) else { throw error("expected \"\(text)\" after \(what)", at: index) }
            index += text.utf8.count
        }

        private mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                UInt8(ascii: "."), 0x80...0xFF:
                return true
            default:
                return false
            }
        }

        /// `bad XML at LINE:COLUMN: message`, counting Unicode scalars in the line.
        private func error(_ message: String, at offset: Int) -> FeedError {
            let end = min(offset, bytes.count)
            var line = 1
            var lineStart = 0
            for position in 0..<end where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            let column = bytes[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
            return FeedError("bad XML: \(message)", line: line, column: column)
        }
    }
}

