#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a feed's bytes into a `Feed`, recognising the format by content rather than by the
/// URL's extension or the server's content type (Pipes2 is served as
/// `application/vnd+applicaster.pipes2+json`, Atom often as `text/xml` or `text/plain`):
/// a JSON object is Pipes2, an XML document whose root is `<feed>` is Atom. Entries past
/// `Feed.entryLimit` are dropped while the feed is parsed, so memory follows what is kept.
public enum FeedParser {
    public static func parse(_ data: Data) throws(FeedError) -> Feed {
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < data.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(data[index]) { index += 1 }
        guard index < data.endIndex else { throw FeedError("the feed is empty") }
        switch data[index] {
        case UInt8(ascii: "{"):
            let parsed: (value: JSONValue, dropped: Int)
            do {
                parsed = try JSONParser.parse(data, keepingAtMost: Feed.entryLimit, of: "entry")
            } catch {
                throw FeedError("bad JSON: \(error.message)", line: error.line, column: error.column)
            }
            return try Pipes2Decoder.decode(parsed.value, dropped: parsed.dropped)
        case UInt8(ascii: "<"):
            let parsed = try XMLReader.parse(data, keepingAtMost: Feed.entryLimit, of: "entry")
            return try AtomDecoder.decode(parsed.root, dropped: parsed.dropped)
        case UInt8(ascii: "["):
            throw FeedError("a JSON array is not a feed (a Pipes2 feed is an object with \"entry\")")
        default:
            throw FeedError("not a feed: neither Pipes2 JSON (an object) nor Atom XML (<feed>)")
        }
    }
}
