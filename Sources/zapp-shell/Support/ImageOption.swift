import ArgumentParser
import ZappCore

/// `--images auto|kitty|iterm|sixel|symbols|off` of `run` and `render`: how images are drawn.
enum ImageOption {
    static let valueName = ImageMode.allCases.map(\.rawValue).joined(separator: "|")

    static let help = ArgumentHelp(
        "How images (logos, artwork) are drawn: auto (chosen from the environment), kitty, iterm, sixel, "
            + "symbols (Unicode half blocks in colour, every colour terminal) or off (titles, as without images).",
        valueName: valueName)

    static func parse(_ text: String) throws -> ImageMode {
        try RenderCommand.parse(text, as: ImageMode.self, option: "--images")
    }

    /// The mode `run` draws with: `auto` chosen from the environment (never by asking the
    /// terminal before the first frame).
    static func resolve(_ mode: ImageMode?, environment: [String: String]) -> ImageMode {
        switch mode ?? .auto {
        case .auto: .symbols
        case let chosen: chosen
        }
    }
}
