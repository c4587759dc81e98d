import FuzzSupport
import ZappModel

/// A plugin configurations file through the whole load path beside a fixed river whose hook
/// names one of its plugins: parse, decode, validate. Invariants as for the river.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPluginConfigurations(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    let result = AppLoader.load(river: FixtureApp.river, plugins: data)
    DiagnosticCheck.check(result.diagnostics, file: AppLoader.pluginsFileName, bytes: data)
    Invariant.require(
        (result.app != nil) == !result.hasBlockingErrors, "an app was returned beside errors that stop it")
    return 0
}
