import CNCurses
import ShellCore
import ShellUI

/// Decodes what `wget_wch` returns into the UI's keys, clicks, resizes and focus reports. ncurses turns the
/// terminal's bytes into characters and key codes (terminfo's escape sequences, the mouse
/// protocol); this is the one place that turns those into `TerminalEvent`s, for the terminal
/// and for `RawInputDecoder`.
struct KeyDecoder: Sendable {
    /// The ncurses key codes this decoder recognises (read from the C header once).
    struct Codes: Sendable {
        var up = zs_key_up(), down = zs_key_down(), left = zs_key_left(), right = zs_key_right()
        var home = zs_key_home(), end = zs_key_end(), pageUp = zs_key_ppage(), pageDown = zs_key_npage()
        var backTab = zs_key_btab(), enter = zs_key_enter(), backspace = zs_key_backspace(), delete = zs_key_dc()
        var resize = zs_key_resize(), mouse = zs_key_mouse()
        var focusIn = zs_key_focus_in(), focusOut = zs_key_focus_out()
        var function1 = zs_key_f(1)
    }

    /// What a function-key code means beyond a plain key.
    enum FunctionKey: Equatable, Sendable {
        case key(Key)
        case resize
        case mouse
        /// A focus report: the terminal (or tmux, for this pane) gained (true) or lost the focus.
        case focus(Bool)
        /// A key the UI has no use for.
        case ignored
    }

    let codes = Codes()

    /// The event one `wget_wch` read (its status and value) means, or nil for input the UI has
    /// no use for. `resized` is asked for the event of a resize (the terminal's new size).
    func event(status: Int32, value: wint_t, resized: () -> TerminalEvent) -> TerminalEvent? {
        guard status == zs_key_code_yes() else {
            return decodeCharacter(UInt32(value)).map { TerminalEvent.key($0) }
        }
        switch decodeFunctionKey(Int32(bitPattern: value)) {
        case .key(let key): return .key(key)
        case .resize: return resized()
        case .mouse: return mouseEvent()
        case .focus(let gained): return .focus(gained: gained)
        case .ignored: return nil
        }
    }

    /// The mouse event ncurses decoded last: a click, a wheel step, or nil for anything else.
    func mouseEvent() -> TerminalEvent? {
        var column: Int32 = 0
        var row: Int32 = 0
        var state: mmask_t = 0
        guard zs_get_mouse(&column, &row, &state) == 0 else { return nil }
        if zs_is_click(state) != 0 {
            return Self.click(column: Int(column), row: Int(row), columns: Int(zs_cols()), rows: Int(zs_lines()))
        }
        if zs_is_wheel_up(state) != 0 { return .scrollUp }
        if zs_is_wheel_down(state) != 0 { return .scrollDown }
        return nil
    }

    /// A click on a cell of the screen; nil for a report outside it. ncurses passes on what the
    /// terminal sent: an X10 report past column or row 223 (or a garbled one) decodes to a
    /// negative or too large cell (found by the fuzz target FuzzKeys).
    static func click(column: Int, row: Int, columns: Int, rows: Int) -> TerminalEvent? {
        guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
        return .click(column: column, row: row)
    }

    /// A character read with `OK`: printable text, Enter, Tab, Esc, Backspace or Ctrl plus a letter.
    func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0x00, 0x1C...0x1F, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// A key code read with `KEY_CODE_YES`.
    func decodeFunctionKey(_ code: Int32) -> FunctionKey {
        switch code {
        case codes.up: return .key(.up)
        case codes.down: return .key(.down)
        case codes.left: return .key(.left)
        case codes.right: return .key(.right)
        case codes.home: return .key(.home)
        case codes.end: return .key(.end)
        case codes.pageUp: return .key(.pageUp)
        case codes.pageDown: return .key(.pageDown)
        case codes.backTab: return .key(.backTab)
        case codes.enter: return .key(.enter)
        case codes.backspace: return .key(.backspace)
        case codes.delete: return .key(.delete)
        case codes.resize: return .resize
        case codes.mouse: return .mouse
        case codes.focusIn: return .focus(true)
        case codes.focusOut: return .focus(false)
        case codes.function1..<(codes.function1 + 12): return .key(.function(Int(code - codes.function1) + 1))
        default: return .ignored
        }
    }
}
