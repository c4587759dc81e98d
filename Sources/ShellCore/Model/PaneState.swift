import ZappCore

/// A hook pane on screen: the pane the hook asked for plus what the user typed, which
/// element has focus, the last error and the spinner.
public struct PaneState: Sendable, Hashable, Identifiable {
    /// Distinguishes panes (the update code assigns it; e.g. a counter).
    public var id: Int
    public var pane: Pane
    /// Field values, in the order of `pane.fields`.
    public var values: [String]
    /// The focused element: 0..<fields.count are fields, then the buttons.
    public var focusIndex: Int
    public var error: String?
    public var isBusy: Bool
    /// Answers the user gave before the hook asked for one, oldest first: the update hands the
    /// next over when the hook asks (`ShellEvent.paneAwaitingAnswer`). They go with the pane.
    public var queuedAnswers: [PaneAnswer] = []

    public init(id: Int, pane: Pane) {
        self.id = id
        self.pane = pane
        values = pane.fields.map(\.value)
        focusIndex = 0
        error = nil
        isBusy = false
    }

    /// Number of focusable elements (fields, then buttons).
    public var focusCount: Int { pane.fields.count + pane.buttons.count }

    /// The focused field index, if a field has focus.
    public var focusedField: Int? { focusIndex < pane.fields.count ? focusIndex : nil }

    /// The focused button index, if a button has focus.
    public var focusedButton: Int? {
        let index = focusIndex - pane.fields.count
        return index >= 0 && index < pane.buttons.count ? index : nil
    }

    /// Field values by key, as a pane answer carries them.
    public var valuesByKey: [String: String] {
        var result: [String: String] = [:]
        for (field, value) in zip(pane.fields, values) { result[field.key] = value }
        return result
    }
}
