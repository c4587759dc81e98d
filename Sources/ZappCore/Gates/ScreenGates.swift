import Synchronization
import ZappModel

/// Which screens are gated, for the running app's lock marks (root menu, tab bar, go-to): a
/// screen is gated when one of its pre hooks can stop the navigation (`HookGate.canBlock` of the one `HookResolution`: it
/// may ask and it is a flow blocker), whatever the session, the rule `zapp-shell gates` reports
/// as `gated`. Worked out per screen the first time a view asks (a lazily loaded river decodes
/// only the screens shown) and kept; the answer depends only on the app and its registry.
public final class ScreenGates: Sendable {
    private let app: ZappApp
    private let registry: PluginRegistry
    private let rebuild: @Sendable (ZappApp) -> PluginRegistry
    private let known = Mutex<[String: Bool]>([:])

    /// - Parameter rebuild: the registry of a reloaded app (`reloaded(_:)`).
    public init(app: ZappApp, registry: PluginRegistry, rebuild: @escaping @Sendable (ZappApp) -> PluginRegistry) {
        self.app = app
        self.registry = registry
        self.rebuild = rebuild
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

    /// The gates of a reloaded version of the app.
    public func reloaded(_ app: ZappApp) -> ScreenGates {
        ScreenGates(app: app, registry: rebuild(app), rebuild: rebuild)
    }
}
