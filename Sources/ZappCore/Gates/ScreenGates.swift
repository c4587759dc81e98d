import ZappModel

/// Which screens are gated for the user signed in now, for the running app's lock marks (root
/// menu, tab bar, go-to): a screen is gated when its navigation would not simply present it in
/// the session the registry holds, that is when the one `HookResolution`'s plan, every hook
/// that asks declining, ends blocked (`gates`' `whenDeclined`, in this session: a flow blocker
/// that asks). Signed in with what a login requires, the login passes and the lock goes. Part
/// of an app's services; worked out when the update asks (`.checkGates`: the screens a frame may
/// mark, again after a sign-in or out; a lazily loaded river decodes only those).
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
        let plan = await HookResolution(app: app, registry: registry).plan(of: target)
        return HookResolution.result(of: plan, target: target) { _ in .failure } != "presented \(target.id)"
    }
}
