import CNCurses
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ShellCore
import ShellUI
import ZappCore

/// The real terminal: ncursesw behind ShellUI's `Terminal` protocol.
///
/// ncurses does what it is good at: terminfo, the terminal modes, the alternate screen, key and
/// mouse decoding, suspend and resume. Frames it does not draw: `FrameEncoder` turns the cells
/// that changed since the previous frame into escape sequences checked against terminfo
/// (`TerminalCodes`), and `flush` writes them with one `write()` (ARCHITECTURE.md, "The
/// terminal layer"). ncurses' own screen stays blank and is never refreshed after the start:
/// keys are read through a pad, which `wget_wch` does not refresh. The terminal is restored
/// exactly once on every exit path (`restore()`, deinit, termination signals and crashes
/// through `SignalGuard`). Every call must come from one thread (the UI's main actor).
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
    /// The terminfo entry in use (`TERM`; `COLORTERM` may add 24-bit colour to it, `TerminalCodes`).
    public let terminalName: String

    private var encoder: FrameEncoder
    private let decoder = KeyDecoder()
    /// The window keys are read from: a pad, so that reading never refreshes ncurses' screen.
    private let input: UnsafeMutablePointer<WINDOW>
    private var previous: Canvas?
    private var needsFullRedraw = true
    private var watcher: InputWatcher?
    private var mouseEnabled = false
    private var reportedSignal = false
    private(set) var isRestored = false
    /// Out of curses mode since Ctrl-Z: the terminal is the shell's until a flush in the
    /// foreground takes it back.
    private(set) var isSuspended = false
    private var restoreSequence = ""
    /// The protocol images on screen (kitty, iTerm2, sixel), placed after each frame.
    var images: ImagePlacementWriter
    /// The cells the last flush wrote (row-major indices, in order): a sixel or iTerm2 image
    /// over any of them was erased there and is placed again.
    private var lastWritten: (columns: Int, indices: [Int]) = (0, [])
    /// Inside tmux: the environment to ask tmux for the pane's position with, and whether the
    /// writer's origin is known (asked before the first image, again after a resize).
    let tmuxEnvironment: [String: String]?
    var isOriginKnown = false
    /// Inside tmux: the terminal of the client showing this session (`client_tty`), learnt when
    /// the pane's visibility is asked.
    var clientTerminal: String?
    public private(set) var cellPixelSize: CellPixelSize?
    /// Armed when the one query ended before the terminal's last answer: its late reply is not keys.
    var lateReplies = LateReplyFilter()

    /// Starts ncurses. Throws, without touching the terminal, when it cannot drive it.
    public init(options: Options = Options(), environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try TerminalRefusal.check(environment: environment)
        let term = environment["TERM"] ?? ""
        images = ImagePlacementWriter(wrapsForTmux: !(environment["TMUX"] ?? "").isEmpty)
        tmuxEnvironment = images.wrapsForTmux ? environment : nil

        // Only the character type: ncurses and the width of text need nothing else, and
        // LC_ALL would read every other locale category's file before the first frame.
        setlocale(LC_CTYPE, "")
        if zs_locale_is_utf8() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        isUTF8 = zs_locale_is_utf8() != 0

        terminalName = term
        var codes = try TerminalCodes.terminfo(
            named: terminalName, colorTerm: environment["COLORTERM"], identity: TerminalIdentity(environment: environment))
        let noColorRequested = options.noColor || !(environment["NO_COLOR"] ?? "").isEmpty
        if noColorRequested { codes.colorFormat = .none }
        let (support, paletteSize) = codes.colorFormat.support
        colorSupport = support
        encoder = FrameEncoder(codes: codes, mapper: ColorMapper(support: support, paletteSize: paletteSize), isUTF8: isUTF8)

        SignalGuard.install()
        guard let screen = newterm(terminalName, zs_stdout(), zs_stdin()), let input = newpad(1, 1) else {
            throw TerminalRefusal.unknownTerminalType(term)
        }
        set_term(screen)
        self.input = input
        raw()
        noecho()
        nonl()
        keypad(input, true)
        zs_define_focus_keys()
        wtimeout(input, 0)
        leaveok(zs_stdscr(), true)
        curs_set(0)
        zs_set_escdelay(Int32(clamping: options.escapeDelayMilliseconds))

        mouseEnabled = options.mouse && zs_enable_mouse() != 0
        SignalGuard.installResize()
        restoreSequence = Self.restoreSequence(mouseEnabled: mouseEnabled)
        SignalGuard.arm(restoreSequence: restoreSequence)
        // ncurses' first update: it writes its start-up sequences (alternate screen, keypad,
        // mouse) and clears the screen, in one write; every frame after is the encoder's.
        wnoutrefresh(zs_stdscr())
        doupdate()
        encoder.screenWasCleared()
        TerminalOutput.write(Self.focusReportsOn)
        cellPixelSize = Self.windowCell()
    }

    /// Focus reporting (`CSI ? 1004 h` / `l`): the terminal, and tmux for this pane when its
    /// `focus-events` option is on, reports `ESC [ I` / `ESC [ O` (`TerminalEvent.focus`). Every
    /// ECMA-48 terminal ignores a private mode it does not know. On while the app has the screen.
    static let focusReportsOn = Array("\u{1B}[?1004h".utf8)
    static let focusReportsOff = "\u{1B}[?1004l"

    deinit {
        restore()
    }

    public var size: (columns: Int, rows: Int) {
        (Int(zs_cols()), Int(zs_lines()))
    }

    // MARK: - Output

    /// Writes the cells that differ from the previous frame (all of them after a resize, a
    /// resume or a forced redraw) with one `write()`.
    public func flush(_ canvas: Canvas) {
        guard !isRestored, takeTerminalBack() else { return }
        let screen = size
        let diff = FrameDiff(
            previous: previous, next: canvas, forceFull: needsFullRedraw,
            visibleColumns: screen.columns, visibleRows: screen.rows
        )
        needsFullRedraw = false
        // A full redraw clears the screen: the images on it are written again after it.
        var bytes = diff.isFullRedraw ? images.removeAll() : []
        bytes += encoder.encode(diff, next: canvas, screenColumns: screen.columns, screenRows: screen.rows)
        if !bytes.isEmpty { TerminalOutput.write(bytes) }
        previous = canvas
        lastWritten = (canvas.columns, diff.changedIndices)
    }

    /// Places the frame's protocol images after its text and removes those it no longer
    /// lists (`ImagePlacementWriter`): kitty placements deleted, then the cells under a removed
    /// (or written over) sixel or iTerm2 image written again from the frame, then the new
    /// placements. Images move the cursor and may change the pen, so the encoder forgets both.
    public func showImages(_ placements: [ImagePlacement]) {
        guard !isRestored, !isSuspended, let previous else { return }
        if let tmuxEnvironment, !isOriginKnown, !placements.isEmpty {
            isOriginKnown = true
            images.origin = TmuxPassthroughCheck.paneOrigin(environment: tmuxEnvironment) ?? (0, 0)
        }
        let written = lastWritten
        let (removal, redraw, placing) = images.show(placements) { box in Self.contains(written, box) }
        var bytes = removal
        if !redraw.isEmpty {
            let screen = size
            let diff = FrameDiff(redrawing: redraw, in: previous, visibleColumns: screen.columns, visibleRows: screen.rows)
            encoder.forget()
            bytes += encoder.encode(diff, next: previous, screenColumns: screen.columns, screenRows: screen.rows)
        }
        bytes += placing
        lastWritten = (0, [])
        guard !bytes.isEmpty else { return }
        TerminalOutput.write(bytes)
        encoder.forget()
    }

    /// Whether any of the `written` cells (sorted row-major indices) is in `box`.
    static func contains(_ written: (columns: Int, indices: [Int]), _ box: ImagePlacementWriter.Box) -> Bool {
        guard written.columns > 0, !written.indices.isEmpty else { return false }
        for row in box.row..<(box.row + box.rows) {
            let start = row * written.columns + box.column
            var low = 0, high = written.indices.count
            while low < high {
                let middle = (low + high) / 2
                if written.indices[middle] < start { low = middle + 1 } else { high = middle }
            }
            if low < written.indices.count, written.indices[low] < start + box.columns { return true }
        }
        return false
    }

    /// The cell size `TIOCGWINSZ` gives (its pixels over its cells), nil where it gives none.
    private static func windowCell() -> CellPixelSize? {
        var width: Int32 = 0, height: Int32 = 0, columns: Int32 = 0, rows: Int32 = 0
        zs_window_pixels(STDOUT_FILENO, &width, &height, &columns, &rows)
        return CellPixelSize(windowWidth: Int(width), windowHeight: Int(height), columns: Int(columns), rows: Int(rows))
    }

    /// Before `endwin`: resets the pen and puts the cursor in the bottom-left corner, where
    /// `endwin` leaves it (ncurses addresses it there itself, as it has not drawn since its
    /// last update, but the encoder does not rely on that).
    private func leaveScreen() {
        var bytes = encoder.leave()
        bytes.append(contentsOf: CursorMotion.address(row: max(0, Int(zs_lines()) - 1), column: 0))
        TerminalOutput.write(bytes)
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
    /// terminal a byte at a time, so what follows stays in the terminal for the shell. The
    /// watcher waits for `resumeInput()`.
    public func readEvents(_ handle: (TerminalEvent) -> Bool) {
        guard !isRestored else { return }
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
            let status = wget_wch(input, &value)
            if status == ERR { break }
            if status == OK, lateReplies.isArmed {
                switch lateReplies.feed(UInt32(value)) {
                case .pass: break
                case .held, .dropped: continue
                case .released(let keys):
                    for key in keys {
                        if let event = decoder.event(status: OK, value: wint_t(key), resized: resized), !handle(event) { return }
                    }
                    continue
                }
            }
            if let event = decoder.event(status: status, value: value, resized: resized), !handle(event) { return }
        }
        for key in lateReplies.flush() {
            if let event = decoder.event(status: OK, value: wint_t(key), resized: resized), !handle(event) { return }
        }
    }

    public func resumeInput() {
        watcher?.resume()
    }

    /// At most this many events are read at once; the rest wait for the next read (the
    /// watcher fires again at once), so a flood of input cannot starve drawing.
    static let maximumEventsPerRead = 512

    /// Ctrl-Z: leaves curses mode (mouse off, shell modes back), stops the process group, and
    /// returns once continued. The terminal stays the shell's until the next flush, which takes
    /// it back (and redraws everything) only in the foreground: see `takeTerminalBack()`.
    public func suspend() -> Bool {
        guard !isRestored else { return false }
        removeImages()
        leaveScreen()
        TerminalOutput.write(Array(Self.focusReportsOff.utf8))
        zs_disable_mouse()
        endwin()
        fflush(zs_stdout())
        SignalGuard.disarm()
        isSuspended = true
        let stopped = SignalGuard.suspendProcess()
        needsFullRedraw = true
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
            if SignalGuard.pendingSignal != nil || !SignalGuard.suspendProcess() { return false }
        }
        isSuspended = false
        if mouseEnabled { _ = zs_enable_mouse() }
        SignalGuard.arm(restoreSequence: restoreSequence)
        // ncurses' resume (program modes, alternate screen, keypad) and a cleared screen (asked
        // for: ncurses' own screen is blank and unchanged, so it would draw nothing), in its one
        // write; the frame follows in full.
        clearok(zs_curscr(), true)
        wnoutrefresh(zs_stdscr())
        doupdate()
        encoder.screenWasCleared()
        TerminalOutput.write(Self.focusReportsOn)
        needsFullRedraw = true
        isOriginKnown = false
        return true
    }

    /// Deletes the kitty images on screen and forgets all (resize, suspend, exit; the cells of
    /// sixel and iTerm2 images are cleared with the screen).
    func removeImages() {
        let bytes = images.removeAll()
        if !bytes.isEmpty { TerminalOutput.write(bytes) }
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

    /// Ctrl-L: the next flush resets the pen, clears the screen and draws every cell.
    public func redraw() {
        needsFullRedraw = true
        isOriginKnown = false
        encoder.forget()
    }

    private func resized() -> TerminalEvent {
        removeImages()
        cellPixelSize = Self.windowCell()
        isOriginKnown = false
        needsFullRedraw = true
        encoder.forget()
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
        removeImages()
        leaveScreen()
        TerminalOutput.write(Array(Self.focusReportsOff.utf8))
        zs_disable_mouse()
        curs_set(1)
        endwin()
        SignalGuard.disarm()
        fflush(zs_stdout())
    }

    // MARK: - Helpers

    /// The bytes an emergency restore writes: attributes off, cursor on, keypad, mouse and focus
    /// reporting off, back to the main screen.
    private static func restoreSequence(mouseEnabled: Bool) -> String {
        var sequence = ""
        for capability in ["sgr0", "cnorm", "rmkx"] {
            if let value = zs_tigetstr(capability) { sequence += String(cString: value) }
        }
        if mouseEnabled { sequence += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l" }
        sequence += focusReportsOff
        if let value = zs_tigetstr("rmcup") { sequence += String(cString: value) }
        return sequence
    }
}
