import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// One layout per frame: the update lays the next frame out once per change (`ShellModel.frame`),
/// and the feed requests, the image requests and drawing use that layout; nobody lays it out again.
@Suite("One layout per frame")
struct FrameLayoutTests {
    typealias Feeds = FeedUpdateTests

    static func model() -> ShellModel {
        ShellModel(view: ShellViewState(app: Feeds.app, rootKind: .sideMenu), columns: 80, rows: 24)
    }

    static func fresh(_ model: ShellModel) -> Canvas {
        var canvas = Canvas(columns: model.columns, rows: model.rows)
        ShellView.render(model.view, into: &canvas)
        return canvas
    }

    static func shared(_ model: ShellModel) throws -> Canvas {
        var canvas = Canvas(columns: model.columns, rows: model.rows)
        ShellView.render(model.view, layout: try #require(model.frame), into: &canvas)
        return canvas
    }

    @Test("after every event the model's layout draws what laying the state out again draws")
    func sharedLayoutIsTheStates() throws {
        var model = Self.model()
        let events: [ShellEvent] = [
            .started, .tick, .terminal(.key(.down)), .terminal(.key(.character("m"))),
            .feedLoaded(source: "feeds/home.json", result: .success(Feeds.homeFeed)),
            .tick, .terminal(.key(.escape)), .terminal(.key(.down)), .terminal(.resize(columns: 60, rows: 20)),
            .feedLoaded(source: "http://feeds.test/latest.xml", result: .failure(FeedLoadError("HTTP 500"))),
            .frameDrawn(HitMap()), .terminal(.key(.character("g"))), .terminal(.key(.character("d"))),
        ]
        for event in events {
            _ = ShellUpdate.update(&model, event, now: model.now + 50)
            #expect(try Self.shared(model) == Self.fresh(model), "after \(event)")
        }
    }

    @Test("the feed requests come from the frame's layout: the sources it lays out, once")
    func requestsFromTheLayout() throws {
        var model = Self.model()
        let effects = ShellUpdate.update(&model, .notice("x", isError: false))
        let sources = try #require(model.frame?.content?.feedSources)
        #expect(sources == ["feeds/home.json", "http://feeds.test/latest.xml"])
        #expect(effects == sources.map { .loadFeed(source: $0, reload: false) })
        #expect(ShellUpdate.update(&model, .frameDrawn(HitMap())).isEmpty, "a drawn frame asks nothing again")
    }

    @Test("drawing lays nothing out: it draws the layout it is given")
    func drawingUsesTheGivenLayout() throws {
        var model = Self.model()
        _ = ShellUpdate.update(&model, .notice("x", isError: false))
        let loading = try #require(model.frame)
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/home.json", result: .success(Feeds.homeFeed)))
        var canvas = Canvas(columns: model.columns, rows: model.rows)
        ShellView.render(model.view, layout: loading, into: &canvas)
        #expect(canvas.plainText.contains("Loading feeds/home.json"), "the layout given, made while the feed loaded")
        #expect(!canvas.plainText.contains("Glass Harbor"))
        #expect(try Self.shared(model).plainText.contains("Glass Harbor"), "the model's own layout has the entries")
    }

    @Test("every key costs at most one layout: Down, Up, PageDown on 60 rows, Tab, a resize, the side menu's Down; a selection move none")
    func oneLayoutPerKey() throws {
        var model = ShellModel(view: ShellViewState(app: Feeds.app, rootKind: .sideMenu), columns: 100, rows: 60)
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/home.json", result: .success(Feeds.homeFeed)))
        _ = ShellUpdate.update(&model, .frameDrawn(HitMap()))
        let events: [(String, ShellEvent)] = [
            ("Down", .terminal(.key(.down))), ("Up", .terminal(.key(.up))), ("PageDown", .terminal(.key(.pageDown))),
            ("PageUp", .terminal(.key(.pageUp))), ("Tab", .terminal(.key(.tab))), ("BackTab", .terminal(.key(.backTab))),
            ("resize", .terminal(.resize(columns: 90, rows: 50))), ("m", .terminal(.key(.character("m")))),
            ("Down in the menu", .terminal(.key(.down))), ("Up in the menu", .terminal(.key(.up))),
        ]
        var counts: [String: Int] = [:]
        for (name, event) in events {
            let before = model.layoutCount
            _ = ShellUpdate.update(&model, event)
            counts[name] = model.layoutCount - before
            #expect(model.layoutCount - before <= 1, "\(name) laid out \(model.layoutCount - before) times")
            #expect(model.isFrameCurrent, "after \(name) the runtime draws the update's layout")
            #expect(try Self.shared(model) == Self.fresh(model), "after \(name) the frame is the one a fresh layout gives")
        }
        // What a selection or focus moves is drawn, not laid out; a new size or an opened menu is.
        #expect(counts["Down in the menu"] == 0 && counts["Up in the menu"] == 0 && counts["Down"] == 0, "\(counts)")
        #expect(counts["resize"] == 1 && counts["m"] == 1, "\(counts)")
        #expect(model.view.focus == .rootMenu && model.view.menuSelection == 0, "the keys reached the menu")
    }
}
