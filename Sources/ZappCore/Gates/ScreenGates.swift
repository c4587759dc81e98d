import Synchronization
import ZappModel

/// Which screens are gated, for the running app's lock marks (root menu, tab bar, go-to): a
/// screen is gated when one of its pre hooks can stop the navigation (`HookGate.canBlock` of the one `HookResolution`: it
/// may ask and it is a flow blocker), whatever the session, the rule `zapp-shell gates` reports
/// as `gated`. Part of an app's services: worked out per screen the first time the update asks
/// (`.checkGates`: the screens a frame may mark; a lazily loaded river decodes only those) and
/// kept; the answer depends only on the app and its registry. A reloaded app has its own.
public final class ScreenGates: Sendable {
    private let app: ZappApp
    private let registry: PluginRegistry
    private let known = Mutex<[String: Bool]>([:])

    public init(app: ZappApp, registry: PluginRegistry) {
        self.app = app
        self.registry = registry
    }

    /// Whether the screen with this id is gated (false for ids that are no river screen).
    public func isGated(_ screenID: String) -> Bool {
        if let known = known.withLock({ $0[screenID] }) { return known }
        let gated = app.screen(id: screenID).map { target in
            HookResolution(app: app, registry: registry).entries(of: target).contains { $0.gate.canBlock }
        } ?? false
        known.withLock { $0[screenID] = gated }
        return gated
    }
}
