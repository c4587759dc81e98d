import FuzzSupport
import ZappModel

/// An Atom (or RSS-shaped) XML feed as the feed loader reads it: the bounded XML reader, then
/// the Atom decoding. Inputs that do not start with '<' are left to the Pipes2 target.
/// Invariants: it never crashes; an error's line:column is inside the input; the reader never
/// returns a tree deeper than its limit; an accepted feed is Atom.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAtom(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    guard data.first == UInt8(ascii: "<") else { return -1 }
    do {
        let root = try XMLReader.parse(data)
        Invariant.require(depth(root) <= XMLReader.maximumDepth, "the XML tree is deeper than the limit")
        let feed = try FeedParser.parse(data)
        Invariant.require(feed.format == .atom, "an XML document was read as \(feed.format)")
    } catch {
        FeedErrorCheck.require(error, in: data)
    }
    return 0
}

private func depth(_ element: XMLReader.Element) -> Int {
    1 + (element.children.map(depth).max() ?? 0)
}
