import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// The kept bottom layers (`ShellView.Layers`): a frame drawn through the layers is the frame
/// drawn afresh after every event, and the layer is kept exactly while its input is unchanged.
@Suite("Kept bottom layers")
struct ViewLayersTests {
    typealias Feeds = FeedUpdateTests

    /// The feeds app at 80x24 with a side menu, as the layout tests have it.
    static func model() -> ShellModel {
        FrameLayoutTests.model()
    }

    static func fresh(_ model: ShellModel) -> (Canvas, HitMap) {
        var canvas = Canvas(columns: model.columns, rows: model.rows)
        let hits = ShellView.render(model.view, into: &canvas)
        return (canvas, hits)
    }

    static func input(_ model: ShellModel) throws -> ShellView.Layers.Input {
        ShellView.Layers.Input(context: RenderContext(state: model.view, frame: try #require(model.frame)))
    }

    @Test("after every event the frame drawn through the kept layer is the frame drawn afresh, cells and hits")
    func layeredFramesAreFreshFrames() throws {
        var model = Self.model()
        var layers = ShellView.Layers()
        let events: [ShellEvent] = [
            .started, .tick, .terminal(.key(.down)), .terminal(.key(.down)),
            .feedLoaded(source: "feeds/home.json", result: .success(Feeds.homeFeed)),
            .terminal(.key(.right)), .terminal(.key(.down)), .terminal(.key(.character("m"))), .terminal(.key(.down)),
            .terminal(.key(.up)), .terminal(.key(.escape)), .terminal(.key(.backTab)), .terminal(.key(.right)), .terminal(.key(.left)),
            .terminal(.key(.tab)), .terminal(.key(.down)),
            .terminal(.resize(columns: 60, rows: 20)), .terminal(.key(.down)),
            .feedLoaded(source: "http://feeds.test/latest.xml", result: .failure(FeedLoadError("HTTP 500"))),
            .terminal(.key(.character("?"))), .terminal(.key(.escape)), .terminal(.key(.character("`"))),
            .terminal(.key(.pageDown)), .terminal(.resize(columns: 80, rows: 24)),
        ]
        for event in events {
            _ = ShellUpdate.update(&model, event, now: model.now + 50)
            let layout = try #require(model.frame)
            let layered = ShellView.render(model.view, layout: layout, columns: model.columns, rows: model.rows, layers: &layers)
            let (canvas, hits) = Self.fresh(model)
            #expect(layered.canvas == canvas, "after \(event)")
            #expect(layered.hits == hits, "after \(event)")
        }
    }

    @Test("the input is unchanged by a move in the side menu, and changed by the screen's selection, the focus and the content")
    func inputChangesWithWhatTheScreenAreaShows() throws {
        var model = Self.model()
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/home.json", result: .success(Feeds.homeFeed)))
        let home = try Self.input(model)
        _ = ShellUpdate.update(&model, .terminal(.key(.right)))
        let moved = try Self.input(model)
        #expect(moved != home, "the screen's selection moved")
        _ = ShellUpdate.update(&model, .terminal(.key(.character("m"))))
        let menu = try Self.input(model)
        #expect(menu != moved, "the focus left the screen: no cell is drawn focused")
        _ = ShellUpdate.update(&model, .terminal(.key(.down)))
        #expect(try Self.input(model) == menu, "a move in the side menu leaves the screen area as it was")
        _ = ShellUpdate.update(&model, .feedLoaded(source: "http://feeds.test/latest.xml", result: .failure(FeedLoadError("HTTP 500"))))
        let failed = try Self.input(model)
        #expect(failed != menu, "a feed's result changes the content")
        _ = ShellUpdate.update(&model, .terminal(.key(.escape)))
        _ = ShellUpdate.update(&model, .terminal(.key(.backTab)))
        let bar = try Self.input(model)
        #expect(failed.bar?.focused == nil && bar.bar?.focused != nil, "the bar took the focus: its focused item is part of its input")
    }
}
