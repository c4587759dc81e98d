import FuzzSupport
import ZappModel

/// A river through the whole load path: parse, decode, validate against fixed plugin
/// configurations. Invariants: it never crashes; every diagnostic about the river has a
/// line:column inside it; an app is returned only when nothing stops it from running; `run`'s
/// lazy load (scanned, home decoded, the rest with the deferred checks) completes to the eager load: the
/// same app and the same diagnostics in the same order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRiver(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    let result = AppLoader.load(river: data, plugins: FixtureApp.plugins)
    DiagnosticCheck.check(result.diagnostics, file: AppLoader.riverFileName, bytes: data)
    Invariant.require(
        (result.app != nil) == !result.hasBlockingErrors, "an app was returned beside errors that stop it")
    let lazy = AppLoader.load(
        river: data, plugins: .data(FixtureApp.plugins), name: "app", folder: nil, riverFile: AppLoader.riverFileName,
        pluginsFile: AppLoader.pluginsFileName, deferringChecks: true, lazyMinimumSize: 0)
    Invariant.require((lazy.app != nil) == (result.app != nil), "the lazy load refuses another app than the eager one")
    if let app = lazy.app, let eager = result.app {
        Invariant.require(app.homeScreen == eager.homeScreen, "the lazy load finds another home screen")
    }
    let completed = lazy.completingChecks()
    Invariant.require(completed.diagnostics == result.diagnostics, "the lazy load completes to other diagnostics")
    Invariant.require(completed.app == result.app, "the lazy load completes to another app")
    return 0
}
