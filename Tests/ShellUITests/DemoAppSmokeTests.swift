import Foundation
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Every screen of the bundled demo app renders at several sizes and positions without
/// crashing and without control characters.
@Suite struct DemoAppSmokeTests {
    static var demoFolder: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/zapp-shell/DemoApp")
    }

    @Test func everyDemoScreenRenders() throws {
        let result = AppLoader.load(folder: Self.demoFolder)
        let app = try #require(result.app, "demo app loads: \(result.diagnostics.map(\.description))")
        let base = ShellViewState(app: app)
        let ids = app.screens.map(\.id) + SyntheticScreen.allCases.map(\.rawValue)
        let home = base.rootMenu.homeScreenID ?? "home"
        for id in ids {
            for position in StackPosition.allCases {
                var state = base
                state.navigation = .showing(id, as: position, rootItemID: base.rootMenu.item(forScreen: id)?.id ?? base.rootMenu.homeItemID, rootScreenID: home)
                state.isSideMenuOpen = position == .root
                for (columns, rows) in [(80, 24), (20, 6), (160, 48), (19, 5)] {
                    var canvas = Canvas(columns: columns, rows: rows)
                    ShellView.render(state, into: &canvas)
                    let text = canvas.plainText
                    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == rows)
                    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(id) \(columns)x\(rows)")
                }
            }
        }
    }
}
