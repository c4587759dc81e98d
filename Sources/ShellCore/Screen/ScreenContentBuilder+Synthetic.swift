import ZappCore
import ZappModel

/// The screens the shell draws itself: white-label Settings and the EPG.
extension ScreenContent.Builder {
    mutating func settings() {
        heading("Settings")
        let labelWidth = 14
        func line(_ label: String, _ value: String) {
            add(.text(label, .dim), Rect(x: 1, y: y, width: labelWidth, height: 1))
            add(.text(value, .base), Rect(x: 1 + labelWidth, y: y, width: max(0, width - labelWidth - 1), height: 1))
        }
        line("Theme", state.theme.name)
        y += 1
        settingsButton("Next theme", action: .nextTheme)
        y += 1
        line("Signed in", state.signedInUser ?? "not signed in")
        y += 1
        if state.signedInUser != nil {
            settingsButton("Sign out", action: .signOut)
        } else {
            add(.text("(sign in happens when a screen asks for it)", .dim), Rect(x: 1 + labelWidth, y: y, width: max(0, width - labelWidth - 1), height: 1))
        }
        y += 2
        line("App", "\(state.app.name) · \(state.app.screens.count) screens")
        y += 1
        line("Colours", state.colorSupport.label)
        y += 1
        line("Glyphs", state.glyphs.isASCII ? "ASCII" : "Unicode")
        y += 1
    }

    mutating func settingsButton(_ title: String, action: ShellAction) {
        let rect = Rect(x: 15, y: y, width: DisplayWidth.of(title) + 4, height: 1)
        content.focusables.append(FocusableItem(id: "settings.\(title)", title: title, action: action, row: row))
        content.focusRects.append(rect)
        add(.button(title, focus: content.focusables.count - 1), rect)
        row += 1
    }

    mutating func epg() {
        heading("EPG · Today")
        let grid = EPGGrid.sample
        let focusStart = content.focusables.count
        for (index, channel) in grid.channels.enumerated() {
            content.focusables.append(
                FocusableItem(
                    id: "epg.\(index)", title: channel.name,
                    action: .inert("\(channel.name): playback is not available in a terminal"), row: row))
            content.focusRects.append(Rect(x: 0, y: y + 1 + index, width: width, height: 1))
            row += 1
        }
        add(.epg(grid, focusStart: focusStart), Rect(x: 0, y: y, width: width, height: grid.channels.count + 1))
        y += grid.channels.count + 1
    }
}
