/// The work of loading a river that `run` leaves for after its first frame: the river's
/// cross-reference checks (`AppValidator`: targets, hooks, home, duplicate ids, hook cycles)
/// and, for a river scanned rather than decoded (`ScannedRiver`), its decoding diagnostics. None of it can stop an app from running, so `run` shows its
/// first frame without waiting and adds the warnings when they arrive;
/// `AppLoadResult.completingChecks()` puts them where an eager load puts them.
public struct DeferredChecks: Sendable {
    let app: ZappApp
    /// The river whose screens are still to be decoded; nil when they were decoded at load.
    let river: ScannedRiver?
    let riverFile: String
    /// False when the plugin configurations could not be loaded (checks that need them are skipped).
    let pluginsKnown: Bool
    let sourceMap: RiverSourceMap
    /// Where the checks' diagnostics go in the load's list: after the river's decoding
    /// diagnostics, before the plugin configurations'.
    let position: Int

    init(app: ZappApp, riverFile: String, pluginsKnown: Bool, sourceMap: RiverSourceMap, position: Int) {
        self.app = app
        river = nil
        self.riverFile = riverFile
        self.pluginsKnown = pluginsKnown
        self.sourceMap = sourceMap
        self.position = position
    }

    /// For a river decoded lazily: its decoding diagnostics come first in the load's list.
    init(app: ZappApp, river: ScannedRiver, riverFile: String, pluginsKnown: Bool) {
        self.app = app
        self.river = river
        self.riverFile = riverFile
        self.pluginsKnown = pluginsKnown
        sourceMap = RiverSourceMap()
        position = 0
    }

    /// Runs the checks (on several threads for a large app), after a scanned river's decoding
    /// report; every diagnostic names the river. A scanned river's screens are decoded as the
    /// checks read them and not kept (`ScannedRiver.decodingReport`).
    public func run() -> [Diagnostic] {
        guard let river else {
            return AppValidator.checkRiver(app, riverFile: riverFile, pluginsKnown: pluginsKnown, sourceMap: sourceMap)
        }
        let report = river.decodingReport(threads: Processors.available)
        return report.diagnostics
            + AppValidator.checkRiver(app, riverFile: riverFile, pluginsKnown: pluginsKnown, sourceMap: report.sourceMap)
    }
}
