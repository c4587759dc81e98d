import Foundation
import ModelTestFixtures
import Testing
@testable import ZappModel

/// `JSONArrayIndex` (the scan `run` makes of a large river) and `JSONParser` hold two copies of
/// JSON's byte loops; the scan must accept exactly what the parser accepts. This runs both over
/// every JSON file the repository holds (the demo app, `examples/`, the themes, the fuzz seeds,
/// the test fixtures), the real-world corpus beside the package when it is there
/// (read in place, never copied: its README asks so), and over texts made from each file that
/// break it where such files usually break: cut short, a trailing comma before each closing
/// bracket, a missing comma, a control character inside a string.
@Suite("JSON array index agrees with the parser on every file")
struct JSONArrayIndexAgreementTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ZappModelTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// Every `.json` file under the repository's folders (not build folders), then the corpus.
    static let files: [URL] = {
        var found: [URL] = []
        for folder in ["Sources", "examples", "themes", "Fuzz/Corpus", "Tests"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "json" && !url.path.contains("/.build") {
                found.append(url)
            }
        }
        found += Corpus.files(matching: ".json").map { Corpus.folder.appendingPathComponent($0) }
        return found.sorted { $0.path < $1.path }
    }()

    /// Whether the two agree on `data`: both refuse it, or both accept it and each element's
    /// range parses alone to the parser's element. Returns a description of a disagreement.
    static func disagreement(_ data: Data) -> String? {
        let parsed: JSONValue?
        do { parsed = try JSONParser.parse(data) } catch { parsed = nil }
        let scanned: JSONArrayIndex??
        do { scanned = .some(try JSONArrayIndex(scanning: data, memberKeys: ["id", "home"])) } catch { scanned = nil }
        switch (parsed, scanned) {
        case (nil, nil):
            return nil
        case (nil, .some(.none)):
            // Not an array at the top: the scan leaves the text to the parser unchecked.
            return nil
        case (nil, .some(.some)):
            return "the scan accepts what the parser refuses"
        case (.some, nil):
            return "the scan refuses what the parser accepts"
        case (.some(let value), .some(let index)):
            guard case .array(let elements) = value else {
                return index == nil ? nil : "the scan indexes a text that is not an array"
            }
            guard let index else { return "the scan does not index an array" }
            guard index.elements.count == elements.count else {
                return "\(index.elements.count) elements scanned, \(elements.count) parsed"
            }
            for (offset, element) in index.elements.enumerated() {
                guard (try? JSONArrayIndex.parseElement(element, in: data).value) == elements[offset] else {
                    return "element \(offset) parses alone to another value"
                }
            }
            return nil
        }
    }

    /// Texts made from `bytes` that break it as hand-edited files break.
    static func variants(of bytes: [UInt8]) -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        // Cut short at 16 places.
        for step in 1...16 where bytes.count > 1 {
            let cut = bytes.count * step / 17
            result.append(("cut at \(cut)", Array(bytes[..<cut])))
        }
        let closers = bytes.indices.filter { bytes[$0] == UInt8(ascii: "]") || bytes[$0] == UInt8(ascii: "}") }
        let commas = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") }
        let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
        // A trailing comma before up to 12 closing brackets (inside strings too: then it is text).
        for position in closers.evenlySpaced(12) {
            var text = bytes
            text.insert(UInt8(ascii: ","), at: position)
            result.append(("comma before offset \(position)", text))
        }
        // A comma missing, at up to 8 places.
        for position in commas.evenlySpaced(8) {
            var text = bytes
            text.remove(at: position)
            result.append(("no comma at offset \(position)", text))
        }
        // A raw control character after up to 8 quotes (inside or just after a string).
        for position in quotes.evenlySpaced(8) {
            var text = bytes
            text.insert(0x01, at: position + 1)
            result.append(("control after offset \(position)", text))
        }
        return result
    }

    @Test("the repository holds the files this runs over")
    func filesAreFound() {
        #expect(Self.files.count >= 40, "\(Self.files.count) files")
        #expect(Self.files.contains { $0.path.hasSuffix("DemoApp/river.json") })
    }

    @Test("each file as it is, and each of its broken variants: both accept, or both refuse")
    func agreeOnEveryFileAndVariant() throws {
        var checked = 0
        for file in Self.files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let name = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            if let problem = Self.disagreement(Data(bytes)) { Issue.record("\(name): \(problem)") }
            for (variant, text) in Self.variants(of: bytes) {
                if let problem = Self.disagreement(Data(text)) { Issue.record("\(name), \(variant): \(problem)") }
                checked += 1
            }
        }
        #expect(checked > 1000)
    }
}

extension Array {
    /// At most `count` of the elements, spread evenly from the first.
    fileprivate func evenlySpaced(_ count: Int) -> [Element] {
        guard self.count > count else { return self }
        return (0..<count).map { self[$0 * self.count / count] }
    }
}
