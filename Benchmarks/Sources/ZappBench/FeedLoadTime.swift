import Foundation
import ZappCore
import ZappModel
import ZappPlugins

/// Feed load time: a 1,000-entry feed in each format (Pipes2 JSON and Applicaster Media Atom
/// XML, entries shaped like real ones: summary, image, content, link, extensions), loaded
/// through the real `FeedLoader` from the app folder (read, recognise, parse), bypassing the
/// session cache on every sample.
enum FeedLoadTime {
    static let entryCount = 1_000

    static func run(into table: inout ResultTable, quick: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-bench-feeds-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(pipes2().utf8).write(to: folder.appendingPathComponent("feed.json"))
        try Data(atom().utf8).write(to: folder.appendingPathComponent("feed.xml"))
        let loader = FeedLoader(folder: folder)
        for (file, format) in [("feed.json", "Pipes2 JSON"), ("feed.xml", "Atom XML")] {
            var samples = Samples()
            for attempt in 0..<(quick ? 5 : 30) {
                let clock = ContinuousClock()
                let start = clock.now
                let result = await loader.load(file, reload: true)
                let elapsed = clock.now - start
                guard case .success(let feed) = result, feed.entries.count == entryCount else {
                    throw BenchApp.LoadFailure(description: "the \(format) feed did not load: \(result)")
                }
                if attempt > 1 { samples.append(elapsed) }
            }
            let size = BenchPaths.fileSize(folder.appendingPathComponent(file))
            table.add(
                "Feed load, \(entryCount.formatted()) entries, \(format) (\(Format.megabytes(Double(size))))",
                "median \(Format.milliseconds(samples.median)), p99 \(Format.milliseconds(samples.p99))",
                budget: "≤ 50 ms", within: samples.median <= 50_000_000)
        }
    }

    private static func pipes2() -> String {
        let entries = (0..<entryCount).map { index in
            """
            {"id": "e\(index)", "title": "Episode \(index)", "summary": "A summary of episode \(index), long enough to wrap \
            on a narrow terminal.", "type": {"value": "\(index % 10 == 0 ? "feed" : "video")"},
            "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "https://img.example/\(index).jpg"},
            {"key": "thumb", "src": null}]}], "content": {"src": "https://cdn.example/\(index).m3u8", "type": "video/hls"},
            "link": {"href": "https://example.com/e/\(index)"}, "extensions": {"duration": \(index * 7), "free": \(index % 2 == 0)}}
            """
        }
        return #"{"id": "bench", "title": "Benchmark feed", "type": {"value": "feed"}, "entry": ["# + entries.joined(separator: ",\n") + "]}"
    }

    private static func atom() -> String {
        let entries = (0..<entryCount).map { index in
            """
              <entry>
                <id>e\(index)</id>
                <title><![CDATA[Episode \(index) & friends]]></title>
                <summary>A summary of episode \(index) &amp; more, long enough to wrap on a narrow terminal.</summary>
                <type value="video"/>
                <link rel="alternate" href="https://example.com/e/\(index)"/>
                <content type="video/hls" src="https://cdn.example/\(index).m3u8"/>
                <media:group><media:thumbnail key="image_base" url="https://img.example/\(index).jpg"/></media:group>
                <extensions><duration>\(index * 7)</duration></extensions>
              </entry>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
              <id>bench</id>
              <title>Benchmark feed</title>
            \(entries.joined(separator: "\n"))
            </feed>
            """
    }
}
