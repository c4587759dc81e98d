import ZappModel

/// Which screens are gated for the user signed in now, for the running app's lock marks (root
/// menu, tab bar, go-to). A screen none of whose pre hooks can stop the navigation
/// (`HookGate.canBlock`, read from the factories' traits: no hook is made) is never gated; any
/// other is walked through the one interpreter with every hook that asks declining
/// (`ScreenHookManager.walk`, `gates`' declined branch, in the session the registry holds): gated when
/// that walk ends blocked. Signed in with what a login requires, the login passes and the lock
/// goes. Part of an app's services; worked out when the update asks (`.checkGates`: the screens a
/// frame may mark, again after a sign-in or out).
public final class ScreenGates: Sendable {
    private let app: ZappApp
    private let registry: PluginRegistry

    public init(app: ZappApp, registry: PluginRegistry) {
        self.app = app
        self.registry = registry
    }

    /// Whether the screen with this id is gated now (false for ids that are no river screen).
    public func isGated(_ screenID: String) async -> Bool {
        guard let target = app.screen(id: screenID) else { return false }
        guard HookResolution(app: app, registry: registry).entries(of: target).contains(where: { $0.gate.canBlock })
        else { return false }
        if case .blocked = await ScreenHookManager.walk(app: app, registry: registry, target: target, branch: .failure) {
            return true
        }
        return false
    }
}
