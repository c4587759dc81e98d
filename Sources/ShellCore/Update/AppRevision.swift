import ZappCore
import ZappModel

/// An app as it was (re)loaded by an effect (a retry after "Loading failed", `r`, `run --watch`):
/// everything the update needs to show it, read off the main actor, so that the update itself
/// reads no file. The update replaces the running app with it and keeps everything that is not
/// the app (`ShellUpdate.replaceApp`).
public struct AppRevision: Sendable, Hashable {
    public var app: ZappApp
    /// The root menu the new app's services chose.
    public var rootKind: RootKind
    /// Its load warnings, as `validate` prints them (recomputed for this app).
    public var warnings: [String]
    /// The text assets of its bars.
    public var assets: AssetStore
    /// The services the runtime built for it, held until the update accepts the revision
    /// (`ShellEffect.adoptServices`) or drops it (`.discardServices`); nil: none were built
    /// (the running services go on).
    public var servicesID: Int?

    public init(app: ZappApp, rootKind: RootKind, warnings: [String], assets: AssetStore, servicesID: Int? = nil) {
        self.app = app
        self.rootKind = rootKind
        self.warnings = warnings
        self.assets = assets
        self.servicesID = servicesID
    }
}
