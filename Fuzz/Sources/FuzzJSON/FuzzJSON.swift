import FuzzSupport
import ZappModel

/// The JSON parser on arbitrary bytes. Invariants: it never crashes; a refused input's error
/// points at a line:column inside it; an accepted document printed as JSON text parses again
/// to an equal value.
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
        return 0
    }
    let text = value.jsonText
    do {
        let reparsed = try JSONParser.parse(text)
        Invariant.require(reparsed == value, "printed JSON parses to a different value: \(text)")
    } catch {
        Invariant.require(false, "printed JSON does not parse (\(error)): \(text)")
    }
    return 0
}
