/// The cross-reference checks of a loaded river (`AppValidator`: targets, hooks, home,
/// duplicate ids, hook cycles), kept to run later. None of them can stop an app from running,
/// so `run` shows its first frame without waiting for them and adds their warnings when they
/// arrive; `AppLoadResult.completingChecks()` puts them where an eager load puts them.
public struct DeferredChecks: Sendable {
    let app: ZappApp
    let riverFile: String
    /// False when the plugin configurations could not be loaded (checks that need them are skipped).
    let pluginsKnown: Bool
    let sourceMap: RiverSourceMap
    /// Where the checks' diagnostics go in the load's list: after the river's decoding
    /// diagnostics, before the plugin configurations'.
    let position: Int

    /// Runs the checks (on several threads for a large app); every diagnostic names the river.
    public func run() -> [Diagnostic] {
        AppValidator.checkRiver(app, riverFile: riverFile, pluginsKnown: pluginsKnown, sourceMap: sourceMap)
    }
}
