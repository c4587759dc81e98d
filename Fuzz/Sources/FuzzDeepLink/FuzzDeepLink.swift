import FuzzSupport
import ZappCore
import ZappModel

/// The `--open` deep-link parser on arbitrary text, and the screen lookup it leads to.
/// Invariants: it never crashes; an accepted link names a non-empty screen key, its dataDict
/// is nil or not empty, and looking it up in an app never crashes; a refusal quotes a reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: size), as: UTF8.self)
    do {
        let link = try DeepLink(text)
        Invariant.require(!link.screenKey.isEmpty, "an accepted link names an empty screen: \(text)")
        Invariant.require(link.dataDict.map { !$0.isEmpty } ?? true, "an accepted link has an empty dataDict")
        _ = link.screen(in: fixtureApp)
    } catch {
        Invariant.require(!error.reason.isEmpty, "a refused link gives no reason")
    }
    return 0
}

private let fixtureApp: ZappApp = {
    guard let app = AppLoader.load(river: FixtureApp.river, plugins: FixtureApp.plugins).app else {
        fatalError("the fixture app does not load")
    }
    return app
}()
