import SnapshotTesting
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Snapshots of feed components in each state (loading, failed, loaded) at two sizes, and of
/// the entry-details and feed-list overlays.
@Suite struct FeedSnapshotTests {
    func state() -> ShellViewState {
        var state = ShellViewState(app: FeedUpdateTests.app, rootKind: .sideMenu, colorSupport: .none)
        state.feeds["feeds/home.json"] = .loaded(FeedUpdateTests.homeFeed)
        state.feeds["http://feeds.test/latest.xml"] = .failed("HTTP 404 Not Found from feeds.test")
        return state
    }

    func frame(_ state: ShellViewState, _ columns: Int, _ rows: Int) -> String {
        var canvas = Canvas(columns: columns, rows: rows)
        ShellView.render(state, into: &canvas)
        return canvas.plainText
    }

    @Test func components() {
        var state = state()
        assertSnapshot(of: frame(state, 80, 16), as: .lines, named: "loaded-and-failed-80x16")
        assertSnapshot(of: frame(state, 40, 16), as: .lines, named: "loaded-and-failed-40x16")
        state.feeds = ["feeds/home.json": .loading]
        assertSnapshot(of: frame(state, 60, 10), as: .lines, named: "loading")
    }

    @Test func overlays() {
        var state = state()
        state.overlay = .entry(
            FeedEntry(
                id: "v1", title: "Glass Harbor", summary: "A drama on the docks.", typeValue: "video",
                contentURL: "https://c/v1.m3u8", contentType: "video/hls", extensions: ["duration": 3120]))
        assertSnapshot(of: frame(state, 70, 16), as: .lines, named: "entry-details")
        state.overlay = .feed(source: "feeds/home.json", title: "More shows", selection: 1)
        assertSnapshot(of: frame(state, 70, 12), as: .lines, named: "feed-list")
    }
}
