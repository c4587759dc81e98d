#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A path into a JSON document, written the way diagnostics show it:
/// `$[3].navigations[0].styles.state`. Keys that are not plain identifiers are quoted
/// (`$["my key"]`).
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object key or an array index.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    /// The root, `$`.
    public static let root = JSONPath(components: [])

    public init(components: [Component] = []) {
        self.components = components
    }

    /// This path extended by an object key.
    public func appending(_ key: String) -> JSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// This path extended by an array index.
    public func appending(_ index: Int) -> JSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    /// Extends this path in place by one component (a decoder walking a document keeps one
    /// path and extends it while it decodes a part, instead of making a path for every part).
    mutating func push(_ component: Component) {
        components.append(component)
    }

    /// Removes the last component that `push` added.
    mutating func pop() {
        components.removeLast()
    }

    /// Reserves room for `count` components, so that `push` does not reallocate.
    mutating func reserveCapacity(_ count: Int) {
        components.reserveCapacity(count)
    }

    public static func + (path: JSONPath, key: String) -> JSONPath { path.appending(key) }
    public static func + (path: JSONPath, index: Int) -> JSONPath { path.appending(index) }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if key.utf8.count <= Quoted.limit, Self.isPlain(key) {
                    text += ".\(key)"
                } else {
                    text += "[\(Quoted.value(key))]"
                }
            }
        }
        return text
    }

    private static func isPlain(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }
    }
}
