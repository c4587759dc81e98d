/// The compiled-in dark theme: used when no theme file is found, and for roles a theme file
/// leaves out. `themes/dark.json` holds the same values.
extension Theme {
    public static let defaultDark: Theme = {
        func c(_ hex: String) -> ZappColor? { ZappColor(hex: hex) }
        let background = c("#1B1F27")
        let roles: [ThemeRole: ThemeStyle] = [
            .base: ThemeStyle(foreground: c("#D8DEE9"), background: background),
            .dim: ThemeStyle(foreground: c("#7B8394"), background: background),
            .accent: ThemeStyle(foreground: c("#5FB3F9"), background: background, bold: true),
            .bar: ThemeStyle(foreground: c("#E5E9F0"), background: c("#2B3A55")),
            .barTitle: ThemeStyle(foreground: c("#FFFFFF"), background: c("#2B3A55"), bold: true),
            .barButton: ThemeStyle(foreground: c("#CFE3FF"), background: c("#2B3A55")),
            .barButtonDisabled: ThemeStyle(foreground: c("#6E7B93"), background: c("#2B3A55")),
            .barButtonFocused: ThemeStyle(foreground: c("#1B1F27"), background: c("#5FB3F9"), bold: true),
            .menu: ThemeStyle(foreground: c("#D8DEE9"), background: c("#232833")),
            .menuHeader: ThemeStyle(foreground: c("#7B8394"), background: c("#232833"), bold: true),
            .menuSelected: ThemeStyle(foreground: c("#5FB3F9"), background: c("#232833"), bold: true),
            .menuFocused: ThemeStyle(foreground: c("#232833"), background: c("#5FB3F9"), bold: true),
            .menuDisabled: ThemeStyle(foreground: c("#5C6370"), background: c("#232833")),
            .tabBar: ThemeStyle(foreground: c("#D8DEE9"), background: c("#232833")),
            .tabSelected: ThemeStyle(foreground: c("#5FB3F9"), background: c("#232833"), bold: true, underline: true),
            .tabFocused: ThemeStyle(foreground: c("#1B1F27"), background: c("#5FB3F9"), bold: true),
            .sectionTitle: ThemeStyle(foreground: c("#F0C674"), background: background, bold: true),
            .cell: ThemeStyle(foreground: c("#D8DEE9"), background: background),
            .cellFocused: ThemeStyle(foreground: c("#1B1F27"), background: c("#5FB3F9"), bold: true),
            .placeholder: ThemeStyle(foreground: c("#7B8394"), background: background, italic: true),
            .pane: ThemeStyle(foreground: c("#E5E9F0"), background: c("#2E3440")),
            .paneBorder: ThemeStyle(foreground: c("#5FB3F9"), background: c("#2E3440")),
            .paneTitle: ThemeStyle(foreground: c("#FFFFFF"), background: c("#2E3440"), bold: true),
            .field: ThemeStyle(foreground: c("#E5E9F0"), background: c("#3B4252")),
            .fieldFocused: ThemeStyle(foreground: c("#FFFFFF"), background: c("#4C566A"), underline: true),
            .button: ThemeStyle(foreground: c("#E5E9F0"), background: c("#434C5E")),
            .buttonFocused: ThemeStyle(foreground: c("#1B1F27"), background: c("#5FB3F9"), bold: true),
            .error: ThemeStyle(foreground: c("#FF6B6B"), background: c("#2E3440"), bold: true),
            .status: ThemeStyle(foreground: c("#AEB6C4"), background: c("#14171D")),
            .statusKey: ThemeStyle(foreground: c("#F0C674"), background: c("#14171D"), bold: true),
            .toast: ThemeStyle(foreground: c("#1B1F27"), background: c("#F0C674"), bold: true),
            .trace: ThemeStyle(foreground: c("#A3BE8C"), background: c("#101318")),
            .overlay: ThemeStyle(foreground: c("#E5E9F0"), background: c("#2E3440")),
            .epgNow: ThemeStyle(foreground: c("#1B1F27"), background: c("#A3BE8C"), bold: true),
        ]
        return Theme(name: "dark", glyphs: .unicode, border: .rounded, roles: roles)
    }()
}
