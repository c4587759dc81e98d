import Foundation

/// A small Pipes2 feed and a scratch app folder holding it as `feeds/home.json`, for the feed
/// loader's tests on files (ZappPluginsTests) and over HTTP (IntegrationTests).
public enum FeedFixtures {
    public static let feed = #"{"id": "f", "title": "Feed", "entry": [{"title": "One"}, {"title": "Two"}]}"#

    /// A new folder under the temporary directory; the caller removes it.
    public static func scratchApp() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        try Data(feed.utf8).write(to: folder.appendingPathComponent("feeds/home.json"))
        return folder
    }
}
