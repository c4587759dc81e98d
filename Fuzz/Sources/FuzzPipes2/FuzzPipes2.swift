import FuzzSupport
import ZappModel

/// A Pipes2 (JSON) feed as the feed loader reads it. Inputs that are not a JSON object are left
/// to the Atom target. Invariants: it never crashes; an error's line:column is inside the
/// input; an accepted feed is Pipes2, and every entry keeps its JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipes2(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    guard data.first == UInt8(ascii: "{") else { return -1 }
    do {
        let feed = try FeedParser.parse(data)
        Invariant.require(feed.format == .pipes2, "a JSON object was read as \(feed.format)")
        for entry in feed.entries {
            Invariant.require(entry.json.objectValue != nil, "an entry's JSON is not an object: \(entry.json.jsonText)")
        }
    } catch {
        FeedErrorCheck.require(error, in: data)
    }
    return 0
}
