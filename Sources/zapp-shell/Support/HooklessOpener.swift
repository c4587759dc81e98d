import ZappCore
import ZappModel

/// The screen opener of `render`, which runs no hook: every screen opens as it is. Only the
/// services' navigator needs one; `render` navigates nowhere.
struct HooklessOpener: ScreenOpening {
    func runPreHooks(for target: ScreenModel, from source: NavigationSource, dataDict: JSONObject?) async
        -> HookChainResult
    {
        .presented(screenID: target.id, dataDict: dataDict)
    }

    func runPostHooks(for target: ScreenModel, dataDict: JSONObject?) async {}
}
