import ZappModel

/// Demo-mode overrides of a bar (`s` / `p` / `S` keys, `zapp-shell render` flags); nil keeps
/// the configured value.
public struct BarOverride: Sendable, Hashable {
    public var style: BarStyle?
    public var presentation: PresentationStyle?
    public var state: BarState?

    public init(style: BarStyle? = nil, presentation: PresentationStyle? = nil, state: BarState? = nil) {
        self.style = style
        self.presentation = presentation
        self.state = state
    }
}
