/// A key the UI understands, decoded by the terminal backend.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Ctrl plus a letter (lowercase), other than the ones above.
    case control(Character)
}

/// An input event from the terminal.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    /// A mouse click at a cell (column, row), zero-based.
    case click(column: Int, row: Int)
    case scrollUp, scrollDown
    /// The terminal now has this size (columns, rows).
    case resize(columns: Int, rows: Int)
    /// A focus report (`CSI ? 1004 h`): the terminal, or tmux for this pane, gained or lost the
    /// focus. Inside tmux a lost focus may mean the pane is hidden (another window shown).
    case focus(gained: Bool)
    /// The process was asked to stop (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or its terminal is gone
    /// (read as SIGHUP): quit now, cleanly.
    case terminate(signal: Int32)
}

/// What the terminal can show; the UI degrades colours to it.
public enum ColorSupport: Int, Sendable, Hashable, Comparable {
    case none = 0
    case ansi8 = 8
    case ansi256 = 256
    case trueColor = 16_777_216

    public static func < (lhs: ColorSupport, rhs: ColorSupport) -> Bool { lhs.rawValue < rhs.rawValue }
}
