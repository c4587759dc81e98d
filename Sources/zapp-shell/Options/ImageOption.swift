import ArgumentParser
import ShellCore
import ShellUI
import ZappCore

/// `--images auto|kitty|iterm|sixel|symbols|off` of `run` and `render` (`LookOptions`): how
/// images are drawn.
enum ImageOption {
    // Both are made by every `run`, help or not, without `joined()`: the first one of a run builds
    // its generic metadata, 0.2 million instructions of the start (docs/performance.md).
    static let valueName = ImageMode.allCases.reduce("") { names, mode in names.isEmpty ? mode.rawValue : names + "|" + mode.rawValue }

    static let help = ArgumentHelp(
        "How images (logos, artwork) are drawn: auto (chosen from the environment), "
            + ImageMode.allCases.reduce("") { names, mode in mode.usesProtocol ? names + mode.rawValue + ", " : names }
            + "symbols (Unicode half blocks in colour, every colour terminal) or off (titles, as without images).",
        valueName: valueName)

    static func parse(_ text: String) throws -> ImageMode {
        try RenderCommand.parse(text, as: ImageMode.self, option: "--images")
    }

    /// The mode `run` draws with: `auto` is chosen from the environment (`ImageModeDetector`,
    /// asking tmux whether it passes escape sequences through when inside it), never by asking
    /// the terminal before the first frame; `auto` stays when the environment says nothing:
    /// symbols until the terminal answers the one query after the first frame
    /// (`ShellSetup.queryTerminal`).
    /// Also says, inside tmux, which way images go and why: `note` for the log, always;
    /// `warning` for the warnings (`w`) only when protocol images are lost (the outer terminal
    /// has a protocol, tmux's passthrough is off), so that a run with images counts the same
    /// warnings as one without.
    static func resolveExplained(_ mode: ImageMode?, environment: [String: String])
        -> (mode: ImageMode, note: String?, warning: String?)
    {
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        var passthrough: Bool?
        let chosen: ImageMode
        if let mode, mode != .auto {
            chosen = mode
        } else {
            let decision = ImageModeDetector.decide(environment: environment) {
                passthrough = TmuxPassthroughCheck.isAllowed(environment: environment)
                return passthrough ?? false
            }
            switch decision {
            case .use(let decided): chosen = decided
            case .query: chosen = .auto
            }
        }
        guard inTmux, chosen != .off else { return (chosen, nil, nil) }
        if chosen.usesProtocol {
            return (chosen, "images: inside tmux, \(chosen.rawValue) through tmux's passthrough, placed at the pane's "
                + "offset on the outer terminal (tmux display #{pane_top} #{pane_left}); kitty's Unicode placeholders "
                + "are not used (kitty before 0.28 does not have them)", nil)
        }
        guard mode == nil || mode == .auto else { return (chosen, nil, nil) }
        guard passthrough == false else {
            return (chosen, "images: inside tmux, symbols: the environment names no outer terminal whose protocol passes through tmux", nil)
        }
        let lost = "images: inside tmux, symbols: tmux's allow-passthrough is off "
            + "(tmux set -g allow-passthrough on lets kitty and sixel images through)"
        return (chosen, lost, lost)
    }
}
