import FuzzSupport
import ZappModel

/// `content_types.json` as an app folder's loading reads it: parse, decode, and check the
/// screens it names against a fixed app. Invariants: it never crashes; diagnostics have a
/// line:column inside the file; every mapping kept names a non-empty screen id, and every
/// mapping to a screen the app lacks is reported.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentTypes(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    var result = fixtureLoad
    let file = ContentTypes.fileName
    AppLoader.addContentTypes(data, shown: file, to: &result)
    DiagnosticCheck.check(result.diagnostics, file: file, bytes: data)
    guard let app = result.app else { return 0 }
    let reported = result.diagnostics.filter { $0.file == file && $0.code == .unknownTarget }.count
    let missing = app.contentTypes.screens.values.filter { app.screen(id: $0) == nil }.count
    Invariant.require(
        !app.contentTypes.screens.values.contains(""), "a type maps to an empty screen id")
    Invariant.require(reported == missing, "\(missing) mappings name missing screens, \(reported) reported")
    return 0
}

/// The fixture app, loaded once; each input adds its content types to a copy.
private let fixtureLoad = AppLoader.load(river: FixtureApp.river, plugins: FixtureApp.plugins)
