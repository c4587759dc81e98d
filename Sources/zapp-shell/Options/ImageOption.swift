import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import ZappCore
import ZappModel

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
            tmuxAllowsPassthrough(environment: environment)
        }
        switch decision {
        case .use(let chosen): return chosen
        case .query: return .auto
        }
    }

    /// `tmux show -gv allow-passthrough` says `on` (or `all`); false when tmux cannot be asked.
    private static func tmuxAllowsPassthrough(environment: [String: String]) -> Bool {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        let paths = folders.map { String($0) + "/tmux" }
        guard let tmux = paths.first(where: { access($0, X_OK) == 0 }) else { return false }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        let null = open("/dev/null", O_RDWR)
        defer { if null >= 0 { close(null) } }
        let child = try? ChildProcess.spawn(
            path: tmux, arguments: ["show", "-gv", "allow-passthrough"], standardInput: null, standardOutput: ends[1],
            standardError: null)
        close(ends[1])
        defer { close(ends[0]) }
        guard let child else { return false }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while output.count < 256 {
            let count = read(ends[0], &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        _ = child.waitForExit()
        let answer = String(decoding: output, as: UTF8.self).trimmingWhitespace
        return answer == "on" || answer == "all"
    }
}
