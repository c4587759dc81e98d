/// Chooses how `--images auto` draws images, from the environment first (pure, so every
/// terminal's rule is a test), and says when only a query to the terminal can tell.
///
/// The terminal is known by its environment (`TerminalIdentity`): a known protocol is used at
/// once; a terminal known to have none (urxvt, VTE, …) gets symbols and is never asked, since
/// some print control strings they do not know. Only a terminal nothing names is asked, with
/// control sequences every ECMA-48 parser consumes silently (`queryBytes`: DA1 and two window
/// reports, no APC, DCS or OSC): DA1's sixel attribute is the only protocol a query finds.
///
/// Inside tmux an image protocol reaches the outer terminal only through tmux's passthrough
/// (`allow-passthrough on`, asked with `tmux show -gv allow-passthrough`): kitty and sixel are
/// used then when the outer terminal is known to have them and their type passes through tmux
/// (`TerminalImageProtocol.passesThroughTmux`: not iTerm2's); otherwise symbols.
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
        let identity = TerminalIdentity(environment: environment)
        if identity.insideMultiplexer {
            let inTmux = !(environment["TMUX"] ?? "").isEmpty || term.hasPrefix("tmux") || program == "tmux"
            guard inTmux, let outer = identity.imageProtocol, outer.imageProtocol?.passesThroughTmux == true, tmuxAllowsPassthrough() else {
                return .use(.symbols)
            }
            return .use(outer)
        }
        if let known = identity.imageProtocol { return .use(known) }
        if identity.lacksImages || term.hasPrefix("vt") || term == "ansi" { return .use(.symbols) }
        return .query
    }

    /// The one query: the cell size in pixels (`CSI 16 t`) and the window's (`CSI 14 t`), then
    /// the primary device attributes (DA1), which every terminal answers, last, as the fence
    /// that ends the wait: a `4` among DA1's attributes means sixel. Terminals that do not report
    /// sizes skip those two silently. No APC (kitty's graphics query), DCS or OSC: a terminal
    /// that does not know them may print them (urxvt does); kitty is known from its environment.
    public static let queryBytes: [UInt8] = Array("\u{1B}[16t\u{1B}[14t\u{1B}[c".utf8)

    /// What a reply to `queryBytes` says, and whether it is complete (the DA1 reply, which
    /// comes last, has arrived). Bytes of the reply are told apart from keys typed meanwhile:
    /// `keys` are the bytes that are neither.
    public struct Reply: Equatable, Sendable {
        public var mode: ImageMode
        public var isComplete: Bool
        public var keys: [UInt8]
        /// The cell size `CSI 6 ; height ; width t` gave (the answer to `CSI 16 t`).
        public var cell: CellPixelSize?
        /// The window's size in pixels `CSI 4 ; height ; width t` gave (the answer to `CSI 14 t`).
        public var window: (width: Int, height: Int)?

        public init(
            mode: ImageMode, isComplete: Bool, keys: [UInt8], cell: CellPixelSize? = nil, window: (width: Int, height: Int)? = nil
        ) {
            self.mode = mode
            self.isComplete = isComplete
            self.keys = keys
            self.cell = cell
            self.window = window
        }

        /// The cell size in pixels: the terminal's own answer, else its window's pixels over
        /// its `columns` × `rows` cells; nil when it said neither.
        public func cell(columns: Int, rows: Int) -> CellPixelSize? {
            cell ?? window.flatMap { CellPixelSize(windowWidth: $0.width, windowHeight: $0.height, columns: columns, rows: rows) }
        }

        public static func == (left: Reply, right: Reply) -> Bool {
            left.mode == right.mode && left.isComplete == right.isComplete && left.keys == right.keys
                && left.cell == right.cell && left.window?.width == right.window?.width
                && left.window?.height == right.window?.height
        }
    }

    /// Reads the terminal's reply to `queryBytes` out of `bytes`.
    public static func mode(fromReply bytes: [UInt8]) -> Reply {
        var sixel = false, complete = false
        var keys: [UInt8] = []
        var cell: CellPixelSize?
        var window: (width: Int, height: Int)?
        var index = 0
        while index < bytes.count {
            // ESC [ 6 ; h ; w t and ESC [ 4 ; h ; w t: the cell's and the window's pixels.
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
                let (numbers, end) = sizeReport(bytes, from: index + 2)
            {
                if numbers[0] == 6 { cell = CellPixelSize(width: numbers[2], height: numbers[1]) }
                if numbers[0] == 4, numbers[1] > 0, numbers[2] > 0 { window = (numbers[2], numbers[1]) }
                index = end
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
        return Reply(mode: sixel ? .sixel : .symbols, isComplete: complete, keys: keys, cell: cell, window: window)
    }

    /// Three numbers (each at most 5 digits) separated by `;` and ended by `t`, from `start`
    /// (just after `ESC [`): the numbers and the index after the `t`; nil for anything else.
    private static func sizeReport(_ bytes: [UInt8], from start: Int) -> (numbers: [Int], end: Int)? {
        var numbers: [Int] = [0]
        var digits = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                guard digits < 5 else { return nil }
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: ";"), digits > 0, numbers.count < 3 {
                numbers.append(0)
                digits = 0
            } else if byte == UInt8(ascii: "t"), digits > 0, numbers.count == 3 {
                return (numbers, index + 1)
            } else {
                return nil
            }
            index += 1
        }
        return nil
    }
}
