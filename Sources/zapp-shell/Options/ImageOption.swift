import ArgumentParser
import ZappCore

/// `--images auto|kitty|iterm|sixel|symbols|off` of `run` and `render` (`LookOptions`): how
/// images are drawn.
enum ImageOption {
    static let valueName = ImageMode.allCases.map(\.rawValue).joined(separator: "|")

    static let help = ArgumentHelp(
        "How images (logos, artwork) are drawn: auto (chosen from the environment), kitty, iterm, sixel, "
            + "symbols (Unicode half blocks in colour, every colour terminal) or off (titles, as without images).",
        valueName: valueName)

    static func parse(_ text: String) throws -> ImageMode {
        try RenderCommand.parse(text, as: ImageMode.self, option: "--images")
    }

    /// The mode `run` draws with: `auto` is chosen from the environment (`ImageModeDetector`,
    /// asking tmux whether it passes escape sequences through when inside it), never by asking
    /// the terminal before the first frame; `auto` stays when the environment says nothing:
    /// symbols until the terminal answers the one query after the first frame
    /// (`ShellSetup.queryImageMode`).
    static func resolve(_ mode: ImageMode?, environment: [String: String]) -> ImageMode {
        guard (mode ?? .auto) == .auto else { return mode ?? .symbols }
        let decision = ImageModeDetector.decide(environment: environment) {
            TmuxPassthroughCheck.isAllowed(environment: environment)
        }
        switch decision {
        case .use(let chosen): return chosen
        case .query: return .auto
        }
    }
}
