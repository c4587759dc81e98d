import Foundation
@testable import ShellCore
@testable import ShellUI
import ZappCore
import ZappModel

/// An app with an image logo and a Pipes2 feed with artwork, and prepared images to answer
/// with, for the image tests of the update, the views and the exports.
enum ImageFixtures {
    static let logo = "https://img.test/logo.png"
    static let feedSource = "feeds/shows.json"

    static let river = """
        [
          {"id": "home", "name": "Home", "type": "general_content", "home": true,
           "navigations": [
             {"id": "menu", "category": "menu", "navigation_type": "side",
              "nav_items": [{"id": "m-home", "title": "Home", "type": "label", "data": {"target": "home"}}]},
             {"id": "bar", "category": "nav_bar", "navigation_type": "bar",
              "styles": {"presentation_style": "logo", "style": "center", "background_color": "#FF202020"},
              "assets": {"app_logo": "\(logo)"},
              "nav_items": [{"id": "search", "title": "Search", "type": "button", "data": {"target": "home"}}]}
           ],
           "ui_components": [
             {"id": "hero", "component_type": "hero", "position": 0, "data": {"source": "\(feedSource)"}, "rules": {"item_limit": 1}},
             {"id": "grid", "component_type": "grid", "position": 1, "data": {"title": "Shows", "source": "\(feedSource)"}}
           ]}
        ]
        """

    static let app: ZappApp = {
        let plugins = """
            [{"plugin": {"identifier": "side", "type": "menu", "api": {"class_name": "ZappRoot.ZPSideMenuViewController"}}, "configuration_json": {}},
             {"plugin": {"identifier": "bar", "type": "nav_bar", "api": {"class_name": "KanNavigationBarAdapter"}}, "configuration_json": {}}]
            """
        let result = AppLoader.load(river: Data(river.utf8), plugins: Data(plugins.utf8), name: "Images")
        guard let app = result.app else { fatalError("the images fixture does not load: \(result.diagnostics)") }
        return app
    }()

    static let feed: Feed = {
        let json = """
            {"title": "Shows", "entry": [
              {"id": "1", "title": "Glass Harbor", "media_group": [{"type": "image", "media_item": [
                {"key": "thumb_1", "src": "images/glass-thumb.png"}, {"key": "image_base", "src": "images/glass.png"}]}]},
              {"id": "2", "title": "Night Shift", "media_group": [{"type": "image", "media_item": [
                {"key": "thumb_1", "src": "http://img.test/night.png"}]}]},
              {"id": "3", "title": "Quiet Hills"}
            ]}
            """
        return try! FeedParser.parse(Data(json.utf8))
    }()

    /// A view state showing home with the feed loaded and images drawn as `mode`.
    /// The fixture app's state. `embedsImages` (a document's frame) keeps the bar's image logo
    /// in its 3-row box whatever the mode, so these tests see it in symbols too; the rule that
    /// gives a small symbols logo's place to the title is `LogoReadabilityTests`'.
    static func state(mode: ImageMode = .symbols, colors: ColorSupport = .none, embedsImages: Bool = true) -> ShellViewState {
        var state = ShellViewState(app: app, rootKind: .sideMenu, colorSupport: colors)
        state.feeds[feedSource] = .loaded(feed)
        state.imageMode = mode
        state.embedsImages = embedsImages
        return state
    }

    /// A prepared image of `columns` x `rows` cells: upper half blocks in two colours.
    static func image(columns: Int, rows: Int, protocolBytes: [UInt8]? = nil, mode: ImageMode = .symbols) -> PreparedImage {
        let top = ZappColor(red: 230, green: 40, blue: 40)
        let bottom = ZappColor(red: 20, green: 60, blue: 200)
        let row = Array(repeating: ImageCell(character: "▀", foreground: top, background: bottom), count: columns)
        return PreparedImage(
            columns: columns, rows: rows, cells: Array(repeating: row, count: rows), dominantColor: top,
            protocolBytes: protocolBytes, png: [0x89, 0x50, 0x4E, 0x47], mode: mode)
    }

    /// Every image of a frame made ready, each filling its box (with `protocolBytes`, in the
    /// state's mode).
    static func readyAll(_ state: inout ShellViewState, columns: Int, rows: Int, protocolBytes: [UInt8]? = nil) {
        for request in state.imagesOnScreen(columns: columns, rows: rows) {
            state.images[request] = .ready(
                image(columns: request.columns, rows: request.rows, protocolBytes: protocolBytes, mode: request.mode))
        }
    }

    static func frame(_ state: ShellViewState, _ columns: Int, _ rows: Int) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        ShellView.render(state, into: &canvas)
        return canvas
    }
}
