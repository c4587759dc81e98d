#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--feeds MAP.json`: where the feeds of a component's `data.source` really come from, so a
/// real app whose sources are CMS ids or provider addresses (`FeedSource`) can be browsed
/// offline and QA can pin its feeds. The file is one JSON object; each key is a source, exact
/// (`"3126"`) or a prefix ending in `*` (`"jw://playlist/*"`), and each value a file (relative
/// to the map file) or an http(s) URL. A `*` in the value stands for what the key's `*` matched.
/// An exact key wins over prefixes, and a longer prefix over a shorter one.
///
///     {"3126": "feeds/featured.json", "jw://playlist/*": "feeds/jw-*.json"}
public struct FeedMap: Sendable, Hashable {
    /// The map file as the user named it (nil: no map).
    public private(set) var file: String?
    private var exact: [String: String] = [:]
    /// Prefix rules, longest prefix first.
    private var prefixes: [Rule] = []

    private struct Rule: Sendable, Hashable {
        var prefix: String
        var target: String
    }

    /// No map: every source is read as written.
    public init() {}

    public var isEmpty: Bool { exact.isEmpty && prefixes.isEmpty }

    /// Where `source` comes from: an absolute path or an http(s) URL, or nil when the map does
    /// not name it (it is then read as written).
    public func target(for source: String) -> String? {
        let source = source.trimmingWhitespace
        if let target = exact[source] { return target }
        for rule in prefixes where source.hasPrefix(rule.prefix) {
            let rest = source.dropFirst(rule.prefix.count)
            return rule.target.replacing("*", with: rest)
        }
        return nil
    }

    /// Why a component's `source` (of `data.type` `type`) cannot be shown: unmapped and not
    /// something the loader reads (`FeedSource.unreachableReason`); nil when it can be loaded.
    public func unreachableReason(_ source: String, type: String?) -> String? {
        guard target(for: source) == nil else { return nil }
        return FeedSource.unreachableReason(source, type: type)
    }

    // MARK: Reading the file

    /// Reads the map file at `path` (relative paths in it resolve against its folder).
    public static func load(path: String) throws(FeedMapError) -> FeedMap {
        let data: Data
        switch FileSystem.contents(atPath: path) {
        case .success(let contents): data = contents
        case .failure(let refusal) where refusal.problem == .notAFile(.folder):
            throw FeedMapError(file: path, line: nil, message: "is a folder, not a feed map (a JSON object of source: file or URL)")
        case .failure(let refusal): throw FeedMapError(file: path, line: nil, message: refusal.reason)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        return try parse(data, file: path, folder: folder)
    }

    /// Parses a map file's bytes; `folder` is what relative targets resolve against.
    public static func parse(_ data: Data, file: String, folder: String) throws(FeedMapError) -> FeedMap {
        var duplicates: [JSONDuplicateKey] = []
        let value: JSONValue
        do {
            value = try JSONParser.parse(data, duplicateKeys: &duplicates)
        } catch {
            throw FeedMapError(
                file: file, line: error.line, column: error.column, message: error.message + (error.hint.map { " (hint: \($0))" } ?? ""))
        }
        if let duplicate = duplicates.first {
            throw FeedMapError(file: file, line: duplicate.line, message: "\(Quoted.value(duplicate.key)) is mapped twice")
        }
        guard let object = value.objectValue else {
            throw FeedMapError(
                file: file, line: 1,
                message: "expected a JSON object of source: file or URL, got \(value.kindDescription) (e.g. {\"3126\": \"feeds/featured.json\"})")
        }
        let text = String(decoding: data, as: UTF8.self)
        var map = FeedMap()
        map.file = file
        for (key, value) in object where key != "$schema" {
            let line = Self.line(ofKey: key, in: text)
            func fail(_ message: String) -> FeedMapError {
                FeedMapError(file: file, line: line, message: "\(Quoted.value(key)): \(message)")
            }
            guard let written = value.stringValue else {
                throw fail("expected a file path or an http(s) URL (a string), got \(value.kindDescription)")
            }
            let source = key.trimmingWhitespace
            let target = written.trimmingWhitespace
            guard !source.isEmpty, source != "*" else { throw fail("a source to map must not be empty (a prefix is text followed by *)") }
            guard !target.isEmpty else { throw fail("the file or URL is empty") }
            let stars = source.filter { $0 == "*" }.count
            guard stars == 0 || (stars == 1 && source.hasSuffix("*")) else {
                throw fail("a * may only end a source, as in \"jw://playlist/*\"")
            }
            if stars == 0, target.contains("*") {
                throw fail("the target has a * but the source is exact (end the source with * to map a prefix)")
            }
            let resolved: String
            let lower = target.lowercased()
            if target.isWebURL {
                resolved = target
            } else if lower.hasPrefix("file://") {
                resolved = String(target.dropFirst("file://".count))
            } else if target.contains("://") {
                throw fail("expected a file path or an http(s) URL, got \(Quoted.value(target))")
            } else if target.hasPrefix("/") {
                resolved = target
            } else {
                resolved = folder.hasSuffix("/") ? folder + target : folder + "/" + target
            }
            if stars == 1 {
                map.prefixes.append(Rule(prefix: String(source.dropLast()), target: resolved))
            } else {
                map.exact[source] = resolved
            }
        }
        map.prefixes.sort { $0.prefix.count > $1.prefix.count }
        return map
    }

    /// The 1-based line where `key` is written as a key (the first `"key"` followed by `:`).
    private static func line(ofKey key: String, in text: String) -> Int? {
        let quoted = "\"" + key + "\""
        var line = 1
        var rest = text[...]
        while let found = rest.firstRange(of: quoted) {
            line += rest[..<found.lowerBound].count(where: { $0 == "\n" })
            let after = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if after.first == ":" { return line }
            rest = rest[found.upperBound...]
        }
        return nil
    }
}

/// A feed map file that cannot be used: the file, the line when known, and why.
public struct FeedMapError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    /// The column of a syntax error.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `feeds.json:3: "3126": expected a file path or an http(s) URL (a string), got a number`,
    /// `feeds.json:2:10: expected ':' after key "3126", found '"' (hint: …)`.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? "")\(column.map { ":\($0)" } ?? ""): \(message)"
    }
}
