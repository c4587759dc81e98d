#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON document tree, kept as written (object keys in their original order) so that
/// configuration can be handed on unchanged (to hooks, external processes, traces) and
/// read tolerantly, the way the Zapp SDK reads real-world files.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// An ordered JSON object: keys keep the order in which they were written.
///
/// Keys and values are kept in two parallel arrays. Small objects (most of a river) are
/// searched linearly, which is faster than hashing; objects with many keys get a hash index.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// Objects with more keys than this are indexed by a dictionary.
    private static let indexThreshold = 12

    public private(set) var keys: [String]
    /// The values, in the order of `keys`.
    public private(set) var values: [JSONValue]
    /// Key to position, only for objects larger than `indexThreshold`.
    private var index: [String: Int]?

    public init() {
        keys = []
        values = []
    }

    /// An object from keys known to be distinct and their values (the parser's fast path).
    init(uniqueKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
        rebuildIndex()
    }

    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// The members as a dictionary (unordered).
    public var storage: [String: JSONValue] {
        Dictionary(zip(keys, values), uniquingKeysWith: { _, last in last })
    }

    /// The position of `key` in `keys`.
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        // Comparing lengths first skips most string comparisons (keys of other lengths).
        let length = key.utf8.count
        return keys.firstIndex { $0.utf8.count == length && $0 == key }
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else if let position = position(of: key) {
                keys.remove(at: position)
                values.remove(at: position)
                rebuildIndex()
            }
        }
    }

    /// Sets `value` for `key`, keeping the key's first position when it was already present.
    /// Returns true when the key is new, false when an existing value was replaced.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> Bool {
        if let position = position(of: key) {
            values[position] = value
            return false
        }
        keys.append(key)
        values.append(value)
        if index != nil {
            index?[key] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            rebuildIndex()
        }
        return true
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.indexThreshold else {
            index = nil
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { index[key] = position }
        self.index = index
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public func makeIterator() -> Iterator {
        Iterator(keys: keys, values: values)
    }

    /// The members in order, as `(key:value:)` pairs (a concrete iterator: no boxing or closure
    /// call per member, as an `AnyIterator` would need).
    public struct Iterator: IteratorProtocol {
        private let keys: [String]
        private let values: [JSONValue]
        private var position = 0

        fileprivate init(keys: [String], values: [JSONValue]) {
            self.keys = keys
            self.values = values
        }

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard position < keys.count else { return nil }
            defer { position += 1 }
            return (key: keys[position], value: values[position])
        }
    }

    /// Equal when the same keys hold the same values in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// The object, if this is one.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array, if this is one.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, if this is one (numbers and booleans are not converted).
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// A number, tolerating numbers written as strings (`"17"`), as the SDK does.
    public var doubleValue: Double? {
        switch self {
        case .number(let number): return number
        case .string(let string): return Double(string.trimmingSpacesAndTabs)
        default: return nil
        }
    }

    /// An integer, tolerating numbers written as strings.
    public var intValue: Int? {
        guard let double = doubleValue, double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    /// A boolean, tolerating `"1"`/`"0"`, `"true"`/`"false"` and the numbers 1 and 0.
    public var boolValue: Bool? {
        switch self {
        case .bool(let bool): return bool
        case .number(let number): return number == 1 ? true : (number == 0 ? false : nil)
        case .string(let string):
            switch string.lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Member lookup on an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// A short name of the kind of value, for diagnostics ("a string", "an object", ...).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
