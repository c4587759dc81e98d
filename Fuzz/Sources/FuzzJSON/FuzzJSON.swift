#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FuzzSupport
import ZappModel

/// The JSON parser on arbitrary bytes, and the scan `run` makes of a river before its first
/// frame (`JSONArrayIndex`). Invariants: neither crashes; a refused input's error points at a
/// line:column inside it; an accepted document printed as JSON text parses again to an equal
/// value; the scan refuses exactly the arrays the parser refuses (other texts it leaves alone),
/// and each element range it finds parses on its own to the parser's element.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    let value: JSONValue
    do {
        value = try JSONParser.parse(data)
    } catch {
        Invariant.require(
            SourcePosition.isValid(line: error.line, column: error.column, in: data),
            "syntax error at \(error.line):\(error.column) is outside the input: \(error)")
        // Refused, or (a text whose top level is not an array) not scanned at all.
        Invariant.require((try? JSONArrayIndex(scanning: data)) == nil, "the scan accepts what the parser refuses")
        return 0
    }
    checkScan(data, value: value)
    let text = value.jsonText
    do {
        let reparsed = try JSONParser.parse(text)
        Invariant.require(reparsed == value, "printed JSON parses to a different value: \(text)")
    } catch {
        Invariant.require(false, "printed JSON does not parse (\(error)): \(text)")
    }
    return 0
}

/// The scan of a document the parser accepted.
private func checkScan(_ data: Data, value: JSONValue) {
    let scanned: JSONArrayIndex?
    do {
        scanned = try JSONArrayIndex(scanning: data, memberKeys: ["id"])
    } catch {
        Invariant.require(false, "the scan refuses what the parser accepts: \(error)")
        return
    }
    guard case .array(let elements) = value else {
        Invariant.require(scanned == nil, "the scan finds an array in a document whose top level is not one")
        return
    }
    guard let scanned else {
        Invariant.require(false, "the scan finds no array in an array")
        return
    }
    Invariant.require(scanned.elements.count == elements.count, "the scan finds \(scanned.elements.count) of \(elements.count) elements")
    var parser = JSONArrayIndex.ElementParser()
    for (offset, element) in zip(elements.indices, scanned.elements) {
        do {
            let parsed = try parser.parse(element, in: data).value
            Invariant.require(parsed == elements[offset], "element \(offset) parses alone to another value")
        } catch {
            Invariant.require(false, "element \(offset) does not parse alone: \(error)")
        }
        if case .object(let object) = elements[offset], let id = object["id"] {
            let range = scanned.member(0, of: offset)
            Invariant.require(
                range.flatMap { try? JSONParser.parse(data[$0]) } == id, "element \(offset)'s id is not where the scan says")
        }
    }
}
