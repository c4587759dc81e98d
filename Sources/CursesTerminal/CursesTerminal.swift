import CNCurses
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ShellUI

/// The real terminal: ncursesw behind ShellUI's `Terminal` protocol.
///
/// It starts ncurses in raw mode with a UTF-8 locale, flushes each frame by writing only the
/// cells that changed since the previous one followed by a single `doupdate`, decodes keys,
/// mouse clicks and resizes, and restores the terminal exactly once on every exit path
/// (`restore()`, deinit, termination signals and crashes through `SignalGuard`).
/// Every call must come from one thread (the UI's main actor).
public final class CursesTerminal: Terminal {
    /// How to start the terminal.
    public struct Options: Sendable {
        /// Draw without colours (`--no-color`); `NO_COLOR` in the environment does the same.
        public var noColor: Bool
        /// Ask the terminal to report mouse clicks.
        public var mouse: Bool
        /// How long ncurses waits after Esc for the rest of an escape sequence.
        public var escapeDelayMilliseconds: Int

        public init(noColor: Bool = false, mouse: Bool = true, escapeDelayMilliseconds: Int = 25) {
            self.noColor = noColor
            self.mouse = mouse
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
        }
    }

    public let colorSupport: ColorSupport
    /// Whether the locale is UTF-8; when false, text outside ASCII is drawn as `?`
    /// (callers should switch to ASCII glyphs).
    public let isUTF8: Bool
    /// The terminfo entry in use (a `-direct` variant of `TERM` when truecolor was available).
    public let terminalName: String

    private let mapper: ColorMapper
    private var pairs: ColorPairCache
    private let decoder = KeyDecoder()
    private let attributeBits: (bold: attr_t, dim: attr_t, underline: attr_t, reverse: attr_t, italic: attr_t)
    private var previous: Canvas?
    /// The pair each screen cell was last drawn with (row-major, previous canvas size).
    private var pairOnScreen: [Int32] = []
    private var needsFullRedraw = true
    private var watcher: InputWatcher?
    private var mouseEnabled = false
    private var reportedSignal = false
    private var isRestored = false
    /// Out of curses mode since Ctrl-Z: the terminal is the shell's until a flush in the
    /// foreground takes it back.
    private var isSuspended = false
    private var restoreSequence = ""

    /// Starts ncurses. Throws, without touching the terminal, when it cannot drive it.
    public init(options: Options = Options(), environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try TerminalRefusal.check(environment: environment)
        let term = environment["TERM"] ?? ""

        setlocale(LC_ALL, "")
        if zs_locale_is_utf8() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        isUTF8 = zs_locale_is_utf8() != 0

        terminalName = Self.terminalName(term: term, colorTerm: environment["COLORTERM"])
        SignalGuard.install()
        guard let screen = newterm(terminalName, zs_stdout(), zs_stdin()) else {
            throw TerminalRefusal.unknownTerminalType(term)
        }
        set_term(screen)
        raw()
        noecho()
        nonl()
        keypad(zs_stdscr(), true)
        leaveok(zs_stdscr(), true)
        curs_set(0)
        wtimeout(zs_stdscr(), 0)
        zs_set_escdelay(Int32(clamping: options.escapeDelayMilliseconds))

        let noColorRequested = options.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
        var support = ColorSupport.none
        if !noColorRequested && has_colors() {
            start_color()
            use_default_colors()
            let colors = Int(zs_colors())
            if colors >= 1 << 24 {
                support = .trueColor
            } else if colors >= 256 {
                support = .ansi256
            } else if colors >= 8 {
                support = .ansi8
            }
        }
        colorSupport = support
        let mapper = ColorMapper(support: support, paletteSize: Int(zs_colors()))
        self.mapper = mapper
        pairs = ColorPairCache(
            capacity: support == .none ? 0 : Int(zs_color_pairs()) - 1,
            definePair: { pair, colors in init_extended_pair(pair, colors.foreground, colors.background) },
            distance: { Self.distance($0, $1, mapper: mapper) }
        )
        attributeBits = (zs_a_bold(), zs_a_dim(), zs_a_underline(), zs_a_reverse(), zs_a_italic())

        mouseEnabled = options.mouse && zs_enable_mouse() != 0
        SignalGuard.installResize()
        restoreSequence = Self.restoreSequence(mouseEnabled: mouseEnabled)
        SignalGuard.arm(restoreSequence: restoreSequence)
    }

    deinit {
        restore()
    }

    public var size: (columns: Int, rows: Int) {
        (Int(zs_cols()), Int(zs_lines()))
    }

    // MARK: - Output

    /// Writes the cells that differ from the previous frame, then updates the screen once.
    public func flush(_ canvas: Canvas) {
        guard !isRestored, takeTerminalBack() else { return }
        let screen = size
        let diff = FrameDiff(
            previous: previous, next: canvas, forceFull: needsFullRedraw,
            visibleColumns: screen.columns, visibleRows: screen.rows
        )
        let window = zs_stdscr()
        if diff.isFullRedraw {
            werase(window)
            pairs.releaseAll()
            pairOnScreen = Array(repeating: 0, count: canvas.columns * canvas.rows)
            needsFullRedraw = false
        }
        for index in diff.changedIndices {
            write(canvas.cells[index], at: index, column: index % canvas.columns, row: index / canvas.columns, window: window)
        }
        wnoutrefresh(window)
        doupdate()
        previous = canvas
    }

    private func write(_ cell: Cell, at index: Int, column: Int, row: Int, window: UnsafeMutablePointer<WINDOW>?) {
        let colors = ColorPairCache.Colors(
            foreground: mapper.colorNumber(for: cell.style.foreground),
            background: mapper.colorNumber(for: cell.style.background)
        )
        let pair = pairs.pair(for: colors)
        pairs.release(pairOnScreen[index])
        pairs.retain(pair)
        pairOnScreen[index] = pair

        var text = characters(of: cell.grapheme)
        var value = cchar_t()
        let status = text.withUnsafeMutableBufferPointer { buffer in
            zs_setcchar(&value, buffer.baseAddress, attributes(of: cell.style.attributes), pair)
        }
        if status == ERR {
            text = [wchar_t(UInt8(ascii: "?")), 0]
            _ = text.withUnsafeMutableBufferPointer { buffer in
                zs_setcchar(&value, buffer.baseAddress, attributes(of: cell.style.attributes), pair)
            }
        }
        // Writing the bottom-right cell reports ERR (the cursor cannot advance) but stores the cell.
        _ = mvwadd_wch(window, Int32(row), Int32(column), &value)
    }

    /// The wide characters for one cell: a printable base character and up to
    /// `CCHARW_MAX - 1` zero-width marks, NUL-terminated. Control characters become `?`.
    private func characters(of grapheme: String) -> [wchar_t] {
        let question = wchar_t(UInt8(ascii: "?"))
        var result: [wchar_t] = []
        result.reserveCapacity(4)
        for scalar in grapheme.unicodeScalars {
            let value = wchar_t(bitPattern: scalar.value)
            if result.isEmpty {
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result.append(question)
                } else if !isUTF8 && scalar.value > 0x7E {
                    result.append(question)
                } else {
                    result.append(zs_wcwidth(value) < 0 ? question : value)
                }
            } else if result.count < Int(zs_ccharw_max()) - 1, isUTF8, zs_wcwidth(value) == 0 {
                result.append(value)
            } else {
                break
            }
        }
        if result.isEmpty { result.append(wchar_t(UInt8(ascii: " "))) }
        result.append(0)
        return result
    }

    private func attributes(of attributes: CellAttributes) -> attr_t {
        var bits = zs_a_normal()
        if attributes.contains(.bold) { bits |= attributeBits.bold }
        if attributes.contains(.dim) { bits |= attributeBits.dim }
        if attributes.contains(.underline) { bits |= attributeBits.underline }
        if attributes.contains(.reverse) { bits |= attributeBits.reverse }
        if attributes.contains(.italic) { bits |= attributeBits.italic }
        return bits
    }

    // MARK: - Input

    /// Watches the terminal's input and the signal self-pipe; see `InputWatcher`.
    public func watchInput(_ inputReady: @escaping @Sendable () -> Void) {
        guard watcher == nil, !isRestored else { return }
        var descriptors = [STDIN_FILENO]
        if let wake = SignalGuard.wakeDescriptor { descriptors.append(wake) }
        watcher = InputWatcher(descriptors: descriptors, onReady: inputReady)
    }

    /// Everything waiting now, handed to `handle` as it is read: a termination request, a lost
    /// terminal (hang-up or error on input: the loop quits as on SIGHUP), a continue after a
    /// stop, then keys, clicks and resizes as ncurses decodes them, without waiting. Keys the UI
    /// has no use for are dropped. Reading stops when `handle` returns false; ncurses reads the
    /// terminal a byte at a time, so what follows stays in the terminal for the shell.
    public func readEvents(_ handle: (TerminalEvent) -> Bool) {
        guard !isRestored else { return }
        defer { watcher?.resume() }
        SignalGuard.drainWake()
        if let event = pendingTermination(), !handle(event) { return }
        if zs_input_lost(STDIN_FILENO) != 0 {
            if !reportedSignal {
                reportedSignal = true
                _ = handle(.terminate(signal: SIGHUP))
            }
            return
        }
        if SignalGuard.takeContinued(), !handle(resized()) { return }
        for _ in 0..<Self.maximumEventsPerRead {
            var value: wint_t = 0
            let status = wget_wch(zs_stdscr(), &value)
            if status == ERR { break }
            if let event = decoder.event(status: status, value: value, resized: resized), !handle(event) { return }
        }
    }

    /// At most this many events are read at once; the rest wait for the next read (the
    /// watcher fires again at once), so a flood of input cannot starve drawing.
    static let maximumEventsPerRead = 512

    /// Ctrl-Z: leaves curses mode (mouse off, shell modes back), stops the process group, and
    /// returns once continued. The terminal stays the shell's until the next flush, which takes
    /// it back (and redraws everything) only in the foreground: see `takeTerminalBack()`.
    public func suspend() -> Bool {
        guard !isRestored else { return false }
        zs_disable_mouse()
        endwin()
        fflush(zs_stdout())
        SignalGuard.disarm()
        isSuspended = true
        let stopped = zs_suspend_process() != 0
        needsFullRedraw = true
        clearok(zs_curscr(), true)
        return stopped
    }

    /// Whether the terminal may be drawn on; after Ctrl-Z, re-enters curses mode first.
    ///
    /// A suspended app continued in the background (`bg`, or `kill %1`, which sends SIGCONT
    /// after SIGTERM) must not touch the shell's terminal: ncurses would switch it to the
    /// alternate screen and raw mode under the shell (it blocks SIGTTOU, so the kernel does not
    /// stop it). So it stops again, as a background program writing to the terminal is stopped,
    /// until `fg`; with a termination signal pending it draws nothing and lets the loop end.
    private func takeTerminalBack() -> Bool {
        guard isSuspended else { return true }
        while !Self.isForeground {
            if SignalGuard.pendingSignal != nil || zs_suspend_process() == 0 { return false }
        }
        isSuspended = false
        if mouseEnabled { _ = zs_enable_mouse() }
        SignalGuard.arm(restoreSequence: restoreSequence)
        return true
    }

    /// Whether this process group owns the terminal (false in the background, or with no terminal).
    private static var isForeground: Bool {
        tcgetpgrp(STDIN_FILENO) == getpgrp()
    }

    private func pendingTermination() -> TerminalEvent? {
        guard !reportedSignal, let signal = SignalGuard.pendingSignal else { return nil }
        reportedSignal = true
        return .terminate(signal: signal)
    }

    private func resized() -> TerminalEvent {
        needsFullRedraw = true
        clearok(zs_curscr(), true)
        let (columns, rows) = size
        return .resize(columns: columns, rows: rows)
    }

    // MARK: - Teardown

    /// Gives the terminal back as it was: mouse reporting off, cursor shown, shell modes and
    /// the main screen restored. Safe to call more than once; only the first call acts.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        watcher?.stop()
        watcher = nil
        // Suspended (Ctrl-Z) and not drawn since: the terminal is already the shell's, and may
        // be in use by it (the app ended in the background).
        guard !isSuspended else { return }
        zs_disable_mouse()
        curs_set(1)
        endwin()
        SignalGuard.disarm()
        fflush(zs_stdout())
    }

    // MARK: - Helpers

    /// `TERM`, or its `-direct` (24-bit colour) variant when `COLORTERM` says the terminal
    /// has truecolor and such a terminfo entry exists.
    static func terminalName(term: String, colorTerm: String?) -> String {
        guard let colorTerm, ["truecolor", "24bit"].contains(colorTerm.lowercased()), !term.contains("direct") else {
            return term
        }
        let family = term.split(separator: "-", maxSplits: 1).first.map(String.init) ?? term
        let candidate = family + "-direct"
        return zs_terminfo_exists(candidate) != 0 ? candidate : term
    }

    /// The bytes an emergency restore writes: attributes off, cursor on, keypad and mouse
    /// reporting off, back to the main screen.
    private static func restoreSequence(mouseEnabled: Bool) -> String {
        var sequence = ""
        for capability in ["sgr0", "cnorm", "rmkx"] {
            if let value = zs_tigetstr(capability) { sequence += String(cString: value) }
        }
        if mouseEnabled { sequence += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l" }
        if let value = zs_tigetstr("rmcup") { sequence += String(cString: value) }
        return sequence
    }

    /// How different two colour pairs look, for standing in when the terminal runs out of pairs.
    private static func distance(_ a: ColorPairCache.Colors, _ b: ColorPairCache.Colors, mapper: ColorMapper) -> Int {
        func colorDistance(_ x: Int32, _ y: Int32) -> Int {
            switch (mapper.approximateRGB(of: x), mapper.approximateRGB(of: y)) {
            case (nil, nil): return 0
            case (let p?, let q?): return ColorMapper.distance(p, q)
            default: return 300_000
            }
        }
        return colorDistance(a.foreground, b.foreground) + 2 * colorDistance(a.background, b.background)
    }
}
