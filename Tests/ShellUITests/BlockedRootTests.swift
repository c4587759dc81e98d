import Foundation
import Testing
import ZappCore
import ZappModel

@testable import ShellCore

/// A root screen a failing flow-blocking pre hook stopped is not shown: its area says which
/// plugin blocked it, Enter tries again, and the menu, the bar and go-to still work.
@Suite("A blocked root screen")
struct BlockedRootTests {
    func key(_ key: Key) -> ShellEvent { .terminal(.key(key)) }

    func blockedHome() -> ShellModel {
        var model = UpdateFixture.model()
        model.view.phase = .splash(message: "Starting")
        _ = ShellUpdate.update(&model, .startupStepEnded(.presentRoot, .rootPresented(.blocked(by: "login", reason: "User has closed hook execution"))))
        return model
    }

    @Test("home blocked at start: its content is not drawn, the message is, with Try again")
    func notShown() {
        let model = blockedHome()
        let frame = Fixtures.frame(model.view, 80, 24)
        #expect(frame.contains("Blocked by login: User has closed hook execution"))
        #expect(frame.contains("Try again"))
        #expect(!frame.contains("Picks") && !frame.contains("Detail"), "home's content stays hidden")
        let cells = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .screen)
        #expect(cells.map(\.action) == [.retryBlockedRoot], "nothing of home can be opened")
    }

    @Test("Enter on Try again opens home again through its hooks; shown, the content comes back")
    func retry() throws {
        var model = blockedHome()
        model.view.focus = .screen
        let before = model.view.navigation
        let effects = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        #expect(effects == [.navigate(.selectRootItem(before.rootItemID), activityID: activity.id, from: before, app: model.view.app)])
        let home = try #require(UpdateFixture.app.screen(id: "home"))
        _ = ShellUpdate.update(&model, .navigationFinished(
            activityID: activity.id, request: .selectRootItem(before.rootItemID), outcome: .navigation(.shown(step: .selectRoot(itemID: before.rootItemID, rootScreenID: "home", resetting: false), screen: home, dataDict: nil))))
        #expect(model.view.blockedRoot == nil)
        #expect(Fixtures.frame(model.view, 80, 24).contains("Picks"))
    }

    @Test("a retry blocked again keeps the screen hidden with the new reason")
    func retryBlockedAgain() throws {
        var model = blockedHome()
        model.view.focus = .screen
        let itemID = model.view.navigation.rootItemID
        _ = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        _ = ShellUpdate.update(&model, .navigationFinished(
            activityID: activity.id, request: .selectRootItem(itemID), outcome: .navigation(.blocked(by: "login", reason: "Sign-in cancelled"))))
        #expect(Fixtures.frame(model.view, 80, 24).contains("Blocked by login: Sign-in cancelled"))
    }

    @Test("the root menu and go-to still work")
    func menuAndGoToWork() throws {
        var model = blockedHome()
        _ = ShellUpdate.update(&model, key(.character("m")))
        _ = ShellUpdate.update(&model, key(.down))
        let effects = ShellUpdate.update(&model, key(.enter))
        #expect(effects.contains { if case .navigate(.selectRootItem("m-premium"), _, _, _) = $0 { true } else { false } })
        model.activity = nil
        _ = ShellUpdate.update(&model, key(.escape))
        _ = ShellUpdate.update(&model, key(.character("g")))
        #expect(model.view.overlay == .goTo(filter: "", selection: 0))
    }
}
