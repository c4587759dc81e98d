import Foundation
import Testing
import ZappModel

/// The one rule for an entry's artwork, in both feed formats, with the JSON path it came from.
@Suite("Artwork")
struct ArtworkTests {
    @Test("image_base first, then thumb_* or thumbnail, then the first image item")
    func priority() {
        func pick(_ keys: [String?]) -> String? {
            Artwork.choose(keys.enumerated().map { Artwork.Candidate(key: $0.element, address: "\($0.offset)", path: "") })?.address
        }
        #expect(pick(["logo", "thumb_1", "image_base"]) == "2")
        #expect(pick(["logo", nil, "thumb_2", "thumbnail"]) == "2")
        #expect(pick(["logo", "thumbnail"]) == "1")
        #expect(pick([nil, "banner"]) == "0")
        #expect(pick([]) == nil)
    }

    @Test("Pipes2: the chosen item's src and its JSON path; non-image groups are skipped")
    func pipes2() throws {
        let json = """
            {"entry": [{"title": "A"}, {"title": "B", "media_group": [
              {"type": "video", "media_item": [{"key": "image_base", "src": "v.mp4"}]},
              {"type": "image", "media_item": [{"key": "logo", "src": "l.png"}, {"key": "thumb_1", "src": "t.png"}]}]}]}
            """
        let entry = try FeedParser.parse(Data(json.utf8)).entries[1]
        #expect(entry.imageURL == "t.png")
        #expect(entry.imagePath == "$.entry[1].media_group[1].media_item[1].src")
    }

    @Test("Atom: a thumbnail before an untyped content image; image_base wins")
    func atom() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><entry><title>A</title>
            <media:group><media:content url="c.jpg"/><media:thumbnail url="t.jpg"/></media:group></entry>
            <entry><title>B</title><media:thumbnail url="t.jpg"/><media:thumbnail key="image_base" url="b.jpg"/></entry></feed>
            """
        let feed = try FeedParser.parse(Data(xml.utf8))
        #expect(feed.entries[0].imageURL == "t.jpg")
        #expect(feed.entries[0].imagePath == "entry[1]/media:group/media:thumbnail/@url")
        #expect(feed.entries[1].imageURL == "b.jpg")
    }
}
