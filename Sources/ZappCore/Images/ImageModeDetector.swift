/// Chooses how `--images auto` draws images, from the environment first (pure, so every
/// terminal's rule is a test), and says when only a query to the terminal can tell.
///
/// Inside tmux an image protocol reaches the outer terminal only through tmux's passthrough
/// (`allow-passthrough on`, asked with `tmux show -gv allow-passthrough`): kitty and sixel are
/// used then when the outer terminal is known to have them; otherwise symbols. iTerm2's inline
/// images are not sent through tmux (tmux does not know the cells they cover, so they scroll
/// and linger).
public enum ImageModeDetector {
    /// What the environment says.
    public enum Decision: Equatable, Sendable {
        /// Use this mode.
        case use(ImageMode)
        /// The environment does not say: ask the terminal once (`queryBytes`, at most 150 ms,
        /// after the first frame) and read its reply with `mode(fromReply:)`.
        case query
    }

    /// The mode for `environment`. `tmuxAllowsPassthrough` is asked only inside tmux.
    public static func decide(environment: [String: String], tmuxAllowsPassthrough: () -> Bool) -> Decision {
        let term = (environment["TERM"] ?? "").lowercased()
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        if term == "dumb" || term.isEmpty && program.isEmpty { return .use(.symbols) }
        let inTmux = !(environment["TMUX"] ?? "").isEmpty || term.hasPrefix("tmux") || program == "tmux"
        let outer = outerProtocol(environment: environment, term: inTmux ? "" : term, program: inTmux ? "" : program)
        if inTmux {
            guard let outer, outer != .iterm, tmuxAllowsPassthrough() else { return .use(.symbols) }
            return .use(outer)
        }
        if let outer { return .use(outer) }
        if term.hasPrefix("screen") || term == "linux" || term.hasPrefix("vt") || term == "ansi" { return .use(.symbols) }
        if ["apple_terminal", "vscode", "hyper", "tabby"].contains(program) { return .use(.symbols) }
        if environment["VTE_VERSION"] != nil || environment["ALACRITTY_WINDOW_ID"] != nil || term == "alacritty" {
            return .use(.symbols)
        }
        return .query
    }

    /// The protocol of a terminal its variables name (inherited through tmux when tmux was
    /// started in it), nil when none says.
    private static func outerProtocol(environment: [String: String], term: String, program: String) -> ImageMode? {
        let lcTerminal = (environment["LC_TERMINAL"] ?? "").lowercased()
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || program == "kitty" { return .kitty }
        if program == "ghostty" || term == "xterm-ghostty" || environment["GHOSTTY_RESOURCES_DIR"] != nil { return .kitty }
        if program == "iterm.app" || lcTerminal == "iterm2" || environment["ITERM_SESSION_ID"] != nil { return .iterm }
        if program == "wezterm" || environment["WEZTERM_EXECUTABLE"] != nil || environment["WEZTERM_PANE"] != nil {
            return .iterm
        }
        if environment["KONSOLE_VERSION"] != nil || program == "mintty" || term.hasPrefix("foot") || term.hasPrefix("mlterm")
            || term.hasPrefix("contour") || program == "contour"
        {
            return .sixel
        }
        return nil
    }

    /// The one query: kitty's graphics query (a 1×1 image the terminal only checks) followed
    /// by the primary device attributes (DA1), which every terminal answers: a reply to the
    /// first means kitty graphics; a `4` among DA1's attributes means sixel.
    public static let queryBytes: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// What a reply to `queryBytes` says, and whether it is complete (the DA1 reply, which
    /// comes last, has arrived). Bytes of the reply are told apart from keys typed meanwhile:
    /// `keys` are the bytes that are neither.
    public struct Reply: Equatable, Sendable {
        public var mode: ImageMode
        public var isComplete: Bool
        public var keys: [UInt8]

        public init(mode: ImageMode, isComplete: Bool, keys: [UInt8]) {
            self.mode = mode
            self.isComplete = isComplete
            self.keys = keys
        }
    }

    /// Reads the terminal's reply to `queryBytes` out of `bytes`.
    public static func mode(fromReply bytes: [UInt8]) -> Reply {
        var kitty = false, sixel = false, complete = false
        var keys: [UInt8] = []
        var index = 0
        while index < bytes.count {
            // ESC _ G … ESC \ : kitty's answer.
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "_"), bytes[index + 2] == UInt8(ascii: "G") {
                var end = index + 3
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                let body = String(decoding: bytes[(index + 3)..<min(end, bytes.count)], as: UTF8.self)
                if body.hasPrefix("i=31;") && body.hasSuffix("OK") { kitty = true }
                index = min(end + 2, bytes.count)
                continue
            }
            // ESC [ ? … c : DA1.
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") {
                var end = index + 3
                while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                    end += 1
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "c") {
                    let attributes = String(decoding: bytes[(index + 3)..<end], as: UTF8.self).split(separator: ";")
                    if attributes.dropFirst().contains("4") { sixel = true }
                    complete = true
                    index = end + 1
                    continue
                }
            }
            keys.append(bytes[index])
            index += 1
        }
        return Reply(mode: kitty ? .kitty : sixel ? .sixel : .symbols, isComplete: complete, keys: keys)
    }
}
