import FuzzSupport
import ZappModel

/// A river through the whole load path: parse, decode, validate against fixed plugin
/// configurations. Invariants: it never crashes; every diagnostic about the river has a
/// line:column inside it; an app is returned only when nothing stops it from running.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRiver(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    let result = AppLoader.load(river: data, plugins: FixtureApp.plugins)
    DiagnosticCheck.check(result.diagnostics, file: AppLoader.riverFileName, bytes: data)
    Invariant.require(
        (result.app != nil) == !result.hasBlockingErrors, "an app was returned beside errors that stop it")
    return 0
}
