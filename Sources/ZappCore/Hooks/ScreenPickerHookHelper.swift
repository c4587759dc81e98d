import ZappModel

/// The screen-picker helper (`CAScreenPickerBodyPrehookHelper`): a tab switch runs the new
/// tab's screen hooks through the same `ScreenOpening` as every other navigation, and the tab
/// reverts to the previous one when a flow blocker fails.
public struct ScreenPickerHookHelper: Sendable {
    /// What the screen picker does with a requested tab switch.
    public enum Decision: Sendable, Hashable {
        /// Show the requested tab (then run the target's post hooks with `dataDict`).
        case switchTo(tab: Int, screenID: String, dataDict: JSONObject?)
        /// Stay on (revert to) `tab`: `blockedBy` failed as a flow blocker.
        case revert(to: Int, blockedBy: String, reason: String)
    }

    private let opener: any ScreenOpening

    public init(opener: any ScreenOpening) {
        self.opener = opener
    }

    /// Runs the pre hooks of the screen under the requested tab.
    public func switchTab(from current: Int, to requested: Int, target: ScreenModel, dataDict: JSONObject? = nil) async
        -> Decision
    {
        switch await opener.runPreHooks(for: target, from: .screenPicker, dataDict: dataDict) {
        case .presented(let screenID, let final):
            return .switchTo(tab: requested, screenID: screenID, dataDict: final)
        case .blocked(let identifier, let reason):
            return .revert(to: current, blockedBy: identifier, reason: reason)
        }
    }
}
