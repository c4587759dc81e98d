/// Which terminal emulator the environment names, and what is known of it beyond its terminfo
/// entry (pure, so each environment's rule is a test; ARCHITECTURE.md, "The terminal layer").
///
/// A terminal is known by the variables it sets (`KITTY_WINDOW_ID`, `TERM_PROGRAM`,
/// `COLORTERM=rxvt-xpm`, `XTERM_VERSION`, `WEZTERM_PANE`, …) or by `TERM` itself. Inside tmux
/// the terminal this process writes to is tmux, and `outer` is the one tmux runs in (its
/// variables are inherited when tmux was started there).
public struct TerminalIdentity: Equatable, Sendable {
    public enum Emulator: String, Sendable, CaseIterable {
        case kitty, ghostty, iterm2, wezterm, konsole, mintty, foot, mlterm, contour
        case xterm, urxvt, vte, alacritty, appleTerminal, vscode, hyper, tabby, linuxConsole
    }

    /// The emulator the environment names (inherited through tmux when tmux runs), nil when none.
    public var outer: Emulator?
    /// Whether this process runs inside tmux (or screen): the terminal it writes to is that.
    public var insideMultiplexer: Bool

    public init(outer: Emulator?, insideMultiplexer: Bool) {
        self.outer = outer
        self.insideMultiplexer = insideMultiplexer
    }

    /// The terminal `environment` describes.
    public init(environment: [String: String]) {
        let term = (environment["TERM"] ?? "").lowercased()
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        insideMultiplexer = !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
            || term.hasPrefix("tmux") || term.hasPrefix("screen") || program == "tmux"
        // Inside tmux, TERM and TERM_PROGRAM are tmux's: only the inherited variables tell.
        outer = Self.emulator(
            environment: environment, term: insideMultiplexer ? "" : term, program: insideMultiplexer ? "" : program)
    }

    private static func emulator(environment: [String: String], term: String, program: String) -> Emulator? {
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        let lcTerminal = (environment["LC_TERMINAL"] ?? "").lowercased()
        func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if has("KITTY_WINDOW_ID") || term == "xterm-kitty" || program == "kitty" { return .kitty }
        if program == "ghostty" || term == "xterm-ghostty" || has("GHOSTTY_RESOURCES_DIR") { return .ghostty }
        if program == "iterm.app" || lcTerminal == "iterm2" || has("ITERM_SESSION_ID") { return .iterm2 }
        if program == "wezterm" || has("WEZTERM_EXECUTABLE") || has("WEZTERM_PANE") { return .wezterm }
        if has("KONSOLE_VERSION") { return .konsole }
        if program == "mintty" { return .mintty }
        if term.hasPrefix("foot") { return .foot }
        if term.hasPrefix("mlterm") || has("MLTERM") { return .mlterm }
        if term.hasPrefix("contour") || program == "contour" { return .contour }
        // urxvt sets COLORTERM=rxvt-xpm (or rxvt) whatever TERM the user chose.
        if term.hasPrefix("rxvt") || colorTerm.hasPrefix("rxvt") { return .urxvt }
        if has("VTE_VERSION") { return .vte }
        if has("ALACRITTY_WINDOW_ID") || term == "alacritty" { return .alacritty }
        if program == "apple_terminal" { return .appleTerminal }
        if program == "vscode" { return .vscode }
        if program == "hyper" { return .hyper }
        if program == "tabby" { return .tabby }
        if term == "linux" { return .linuxConsole }
        if has("XTERM_VERSION") { return .xterm }
        return nil
    }

    /// The image protocol the outer terminal is known to have, nil when none is known (symbols
    /// are drawn, or the query asks).
    public var imageProtocol: ImageMode? {
        switch outer {
        case .kitty, .ghostty: return .kitty
        case .iterm2, .wezterm: return .iterm
        case .konsole, .mintty, .foot, .mlterm, .contour: return .sixel
        case .xterm, .urxvt, .vte, .alacritty, .appleTerminal, .vscode, .hyper, .tabby, .linuxConsole, nil: return nil
        }
    }

    /// Whether the terminal is known to have no image protocol at all: nothing is asked, symbols
    /// are drawn. urxvt prints control strings it does not know (APC, DCS, OSC 1337) as text.
    public var lacksImages: Bool {
        switch outer {
        case .urxvt, .vte, .alacritty, .appleTerminal, .vscode, .hyper, .tabby, .linuxConsole: return true
        default: return false
        }
    }

    /// Whether the terminal this process writes to lacks REP (`CSI n b`) although its terminfo
    /// entry may say otherwise (urxvt under `TERM=xterm-256color`). Inside tmux, tmux reads REP.
    public var lacksRepeat: Bool {
        !insideMultiplexer && outer == .urxvt
    }
}
