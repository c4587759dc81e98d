import ShellCore
import Testing
import ZappCore
import ZappModel

/// The Account pane (`a`): who is signed in, the logins' users, a typed name, Sign out; the
/// status line names the user, and a switch asks for the lock marks again.
@Suite("The Account pane")
struct AccountPaneTests {
    func key(_ key: Key) -> ShellEvent { .terminal(.key(key)) }

    static let local = LoginAccounts(
        identifier: "zapptv_login", name: "Premium Login",
        users: [KnownUser(username: "demo", entitlements: ["premium"]), KnownUser(username: "free", entitlements: [])],
        acceptsAnyUsername: false)
    static let http = LoginAccounts(identifier: "sso", name: "sso", users: [], acceptsAnyUsername: true)

    func opened(signedIn: String? = nil) -> ShellModel {
        var model = UpdateFixture.model()
        #expect(ShellUpdate.update(&model, key(.character("a"))) == [.loadAccounts])
        _ = ShellUpdate.update(&model, .accountsLoaded(AccountList(signedInUser: signedIn, logins: [Self.local, Self.http])))
        return model
    }

    @Test("a opens it with who is signed in, each login's users and a name to type")
    func drawn() {
        let model = opened()
        let frame = Fixtures.frame(model.view, 80, 24)
        #expect(frame.contains("Account"))
        #expect(frame.contains("Signed out"))
        #expect(frame.contains("Premium Login (zapptv_login)"))
        #expect(frame.contains("Sign in as demo (premium)"))
        #expect(frame.contains("Sign in as free (no entitlements)"))
        #expect(frame.contains("Sign in as: _") == false, "the cursor shows only on the chosen row")
        #expect(!frame.contains("Sign out"), "nobody to sign out")
    }

    @Test("Enter on a user signs in as them without a pane; the pane closes")
    func signInAsUser() {
        var model = opened()
        _ = ShellUpdate.update(&model, key(.down))
        #expect(ShellUpdate.update(&model, key(.enter)) == [.switchAccount(login: "zapptv_login", username: "free")])
        #expect(model.view.overlay == nil)
    }

    @Test("a typed name (q and j are letters there), then Enter")
    func typedName() {
        var model = opened()
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.down))
        for character in "jaq" { _ = ShellUpdate.update(&model, key(.character(character))) }
        #expect(Fixtures.frame(model.view, 80, 24).contains("Sign in as: jaq_"))
        #expect(ShellUpdate.update(&model, key(.enter)) == [.switchAccount(login: "sso", username: "jaq")])
    }

    @Test("signed in: the status line names the user, and Sign out is offered last")
    func signOut() {
        var model = opened(signedIn: "demo")
        #expect(model.view.signedInUser == "demo")
        #expect(Fixtures.frame(model.view, 80, 24).contains("Signed in as demo"))
        _ = ShellUpdate.update(&model, key(.end))
        for _ in 0..<5 { _ = ShellUpdate.update(&model, key(.down)) }
        #expect(ShellUpdate.update(&model, key(.enter)) == [.signOut])
        var login = UpdateFixture.model()
        login.view.signedInUser = "demo"
        #expect(Fixtures.frame(login.view, 100, 24).contains("a account: demo"))
    }

    /// The model after its frame at 80x24 was drawn (the hit map a click reads).
    func drawn(_ model: inout ShellModel) {
        var canvas = Canvas(columns: 80, rows: 24)
        let hits = ShellView.render(model.view, into: &canvas)
        _ = ShellUpdate.update(&model, .frameDrawn(hits))
    }

    func click(_ action: ShellAction, _ model: inout ShellModel) throws -> [ShellEffect] {
        drawn(&model)
        let region = try #require(model.hitMap.regions.last { $0.action == action })
        return ShellUpdate.update(&model, .terminal(.click(column: region.rect.x + 3, row: region.rect.y)))
    }

    @Test("the mouse: a click on a user signs in as them; on the name row it takes the cursor; nothing behind the pane is hit")
    func mouse() throws {
        var model = opened()
        #expect(try click(.chooseAccountRow(2), &model).isEmpty, "the name row, no name yet")
        guard case .account(let pane) = model.view.overlay else { Issue.record("the pane closed"); return }
        #expect(pane.selection == 2)
        #expect(try click(.chooseAccountRow(1), &model) == [.switchAccount(login: "zapptv_login", username: "free")])
        #expect(model.view.overlay == nil)
        var again = opened()
        drawn(&again)
        let inside = again.hitMap.regions.filter { $0.action == .chooseAccountRow(0) }.first!.rect
        #expect(ShellUpdate.update(&again, .terminal(.click(column: inside.x, row: inside.y - 2))).isEmpty, "the pane's frame: nothing")
        #expect(again.view.overlay != nil)
    }

    @Test("an app without a login plugin says so; Esc closes the pane")
    func noLoginAndEscape() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .accountsLoaded(AccountList(signedInUser: nil, logins: [])))
        #expect(model.view.overlay == nil)
        #expect(model.view.toast?.kind == .error)
        var open = opened()
        _ = ShellUpdate.update(&open, key(.escape))
        #expect(open.view.overlay == nil)
    }
}
