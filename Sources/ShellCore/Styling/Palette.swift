import ZappModel

/// A theme turned into cell styles for one colour capability, computed once per theme and
/// colour support (`ShellViewState.palette`).
/// Without colour, focus and selection roles get reverse video or underline so that they
/// stay visible.
public struct Palette: Sendable, Equatable {
    private var styles: [CellStyle]
    public let support: ColorSupport

    public init(theme: Theme, support: ColorSupport) {
        self.support = support
        styles = ThemeRole.allCases.map { role in
            let style = theme[role]
            var attributes: CellAttributes = []
            if style.bold { attributes.insert(.bold) }
            if style.dim { attributes.insert(.dim) }
            if style.underline { attributes.insert(.underline) }
            if style.reverse { attributes.insert(.reverse) }
            if style.italic { attributes.insert(.italic) }
            if support == .none {
                switch role {
                case .barButtonFocused, .menuFocused, .tabFocused, .cellFocused, .fieldFocused, .buttonFocused,
                    .toast, .epgNow:
                    attributes.insert(.reverse)
                case .menuSelected, .tabSelected: attributes.insert(.underline)
                case .barButtonDisabled, .menuDisabled, .placeholder: attributes.insert(.dim)
                default: break
                }
            }
            let background = style.background.flatMap { TerminalColor($0) } ?? .default
            let foreground = style.foreground.flatMap { TerminalColor($0, over: background) } ?? .default
            return CellStyle(
                foreground: foreground.degraded(to: support), background: background.degraded(to: support),
                attributes: attributes
            ).legible(support, minimum: Self.minimumContrast(role))
        }
    }

    /// The contrast a role's letters keep with its background: 3:1 for disabled items, 4.5:1
    /// for every other letter (WCAG AA).
    public static func minimumContrast(_ role: ThemeRole) -> Double {
        switch role {
        case .barButtonDisabled, .menuDisabled: Contrast.disabled
        default: Contrast.text
        }
    }

    /// The cell style of a role.
    public subscript(role: ThemeRole) -> CellStyle {
        styles[Self.index[role] ?? 0]
    }

    /// A role's style with a configured (river) colour over it, degraded to the terminal; the
    /// theme's letters are kept legible on a configured background (a configured foreground is
    /// the app's choice and kept as it is). A configured background paints the cells: a theme's
    /// reverse video (mono's bar) would turn it into the letters' colour, so it is dropped.
    public func style(_ role: ThemeRole, foreground: ZappColor? = nil, background: ZappColor? = nil) -> CellStyle {
        var style = self[role]
        if let background, let color = TerminalColor(background, over: style.background), support != .none {
            style.background = color.degraded(to: support)
            style.attributes.remove(.reverse)
        }
        if let foreground, let color = TerminalColor(foreground, over: style.background) {
            style.foreground = color.degraded(to: support)
            return style
        }
        return style.legible(support, minimum: Self.minimumContrast(role))
    }

    /// A role's letters over another background (a bar painted in the river's colour): the
    /// role's style there, kept legible.
    public func style(_ role: ThemeRole, over background: TerminalColor) -> CellStyle {
        var style = self[role]
        style.background = background
        if background != .default { style.attributes.remove(.reverse) }
        return style.legible(support, minimum: Self.minimumContrast(role))
    }

    private static let index: [ThemeRole: Int] = Dictionary(
        uniqueKeysWithValues: ThemeRole.allCases.enumerated().map { ($0.element, $0.offset) })
}
