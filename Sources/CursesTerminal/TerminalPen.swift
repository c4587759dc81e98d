import ShellCore
import ShellUI

/// A cell style as the terminal draws it: colour numbers (`ColorMapper`'s, -1 for the default
/// colour) and the attributes the terminal has.
struct PenStyle: Sendable, Hashable {
    var foreground: Int32
    var background: Int32
    var attributes: CellAttributes

    static let plain = PenStyle(foreground: -1, background: -1, attributes: [])

    /// The same look drawn in reverse video: colours swapped, `reverse` on. Only for two
    /// explicit colours outside the basic eight (swapping a default colour, or a colour that
    /// bold may brighten, would not look the same), and a style not already reversed.
    var reversed: PenStyle? {
        guard !attributes.contains(.reverse), foreground >= 8, background >= 8 else { return nil }
        return PenStyle(foreground: background, background: foreground, attributes: attributes.union(.reverse))
    }
}

/// The terminal's current SGR state ("pen"), tracked across frames so that a style change
/// writes only what differs, all parameters combined in one sequence
/// (`ESC [ 1 ; 38;5;75 ; 48;5;235 m`); unknown after a start, a resize or a resume.
struct TerminalPen: Sendable {
    /// What the terminal can do: the pen writes for one terminal.
    let codes: TerminalCodes
    /// What the terminal is set to now; nil when unknown.
    private(set) var style: PenStyle?
    /// The sequences worked out so far, by the change they make: a frame changes between a few
    /// styles again and again, and working one out builds several small arrays (bounded:
    /// emptied when `memoLimit` is reached).
    private var memo: [Change: [UInt8]] = [:]

    /// A change of the pen from one style (nil: unknown) to another.
    private struct Change: Hashable {
        var from: PenStyle?
        var to: PenStyle
    }

    /// The most changes `memo` keeps.
    static let memoLimit = 256

    init(codes: TerminalCodes, style: PenStyle? = nil) {
        self.codes = codes
        self.style = style
    }

    /// Forgets the state (the terminal may have been changed behind our back).
    mutating func forget() {
        style = nil
    }

    /// The terminal was reset with `sgr0`.
    mutating func wasReset() {
        style = .plain
    }

    /// Whether the terminal draws `target` with the pen as it is.
    func draws(_ target: PenStyle) -> Bool {
        guard let style else { return false }
        return style == target || (codes.attributes.contains(.reverse) && target.reversed == style)
    }

    /// The shortest way to set the pen for `target`: exactly as given, or in reverse video
    /// when that is shorter and allowed (`planReversed`). `allowReverse: false` insists on the
    /// colours as given (erasing fills with the background colour as set).
    mutating func plan(_ target: PenStyle, allowReverse: Bool = true) -> (sequence: [UInt8], style: PenStyle) {
        if style == target { return ([], target) }
        let direct = (sequence(to: target), target)
        guard allowReverse, let reversed = planReversed(target) else { return direct }
        return reversed.sequence.count < direct.0.count ? reversed : direct
    }

    /// Reverse video for `target`, only where it is the current colours swapped (a focus drawn
    /// as the current item's colours reversed: `ESC[7m`), or the pen already draws it so.
    /// Elsewhere the colours are written as they are, so a screen reads back (`tmux
    /// capture-pane -e`) in the colours the theme names.
    mutating func planReversed(_ target: PenStyle) -> (sequence: [UInt8], style: PenStyle)? {
        guard codes.attributes.contains(.reverse), let reversed = target.reversed, let style else { return nil }
        if style == reversed { return ([], reversed) }
        guard !style.attributes.contains(.reverse), style.foreground == reversed.foreground, style.background == reversed.background
        else { return nil }
        return (sequence(to: reversed), reversed)
    }

    /// Sets the pen as `plan` says, appending its sequence.
    mutating func apply(_ plan: (sequence: [UInt8], style: PenStyle), to output: inout [UInt8]) {
        output.append(contentsOf: plan.sequence)
        style = plan.style
    }

    /// The SGR sequence from the current pen to exactly `target`, from `memo` when it was
    /// worked out before.
    private mutating func sequence(to target: PenStyle) -> [UInt8] {
        let change = Change(from: style, to: target)
        if let known = memo[change] { return known }
        if memo.count >= Self.memoLimit { memo.removeAll(keepingCapacity: true) }
        let made = Self.sequence(from: style, to: target, codes: codes)
        memo[change] = made
        return made
    }

    /// The SGR sequence from `style` (nil: unknown) to exactly `target`.
    private static func sequence(from style: PenStyle?, to target: PenStyle, codes: TerminalCodes) -> [UInt8] {
        var reset: [UInt8] = [0x30]
        appendAll(target, codes: codes, to: &reset)
        guard let style else { return wrap(reset) }
        var change: [UInt8] = []
        let removed = style.attributes.subtracting(target.attributes)
        var added = target.attributes.subtracting(style.attributes)
        let needsReset = !removed.isEmpty && !codes.attributeOffCodes
            || (!codes.defaultColorCodes && (target.foreground < 0 && style.foreground >= 0 || target.background < 0 && style.background >= 0))
        if needsReset { return Self.wrap(reset) }
        if !removed.isDisjoint(with: [.bold, .dim]) {
            Self.appendParameter(22, to: &change)
            added.formUnion(target.attributes.intersection([.bold, .dim]))
        }
        if removed.contains(.italic) { Self.appendParameter(23, to: &change) }
        if removed.contains(.underline) { Self.appendParameter(24, to: &change) }
        if removed.contains(.reverse) { Self.appendParameter(27, to: &change) }
        Self.appendAttributes(added, to: &change)
        if target.foreground != style.foreground {
            Self.separate(&change)
            Self.appendColor(target.foreground, background: false, format: codes.colorFormat, to: &change)
        }
        if target.background != style.background {
            Self.separate(&change)
            Self.appendColor(target.background, background: true, format: codes.colorFormat, to: &change)
        }
        return change.count <= reset.count ? Self.wrap(change) : Self.wrap(reset)
    }

    /// Attributes and non-default colours of `style`, after a reset parameter.
    private static func appendAll(_ style: PenStyle, codes: TerminalCodes, to parameters: inout [UInt8]) {
        appendAttributes(style.attributes, to: &parameters)
        if style.foreground >= 0 {
            separate(&parameters)
            appendColor(style.foreground, background: false, format: codes.colorFormat, to: &parameters)
        }
        if style.background >= 0 {
            separate(&parameters)
            appendColor(style.background, background: true, format: codes.colorFormat, to: &parameters)
        }
    }

    private static func appendAttributes(_ attributes: CellAttributes, to parameters: inout [UInt8]) {
        for (attribute, code) in [(CellAttributes.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7)]
        where attributes.contains(attribute) {
            appendParameter(code, to: &parameters)
        }
    }

    /// The SGR parameters of colour `number` (-1: the default colour) in `format`.
    static func appendColor(_ number: Int32, background: Bool, format: ColorFormat, to parameters: inout [UInt8]) {
        let base = background ? 40 : 30
        switch (number, format) {
        case (..<0, _):
            appendDecimal(base + 9, to: &parameters)
        case (_, .indexed):
            appendDecimal(base + 8, to: &parameters)
            parameters.append(contentsOf: ";5;".utf8)
            appendDecimal(Int(number), to: &parameters)
        case (0..<8, _):
            appendDecimal(base + Int(number), to: &parameters)
        case (8..<16, .basic16), (8..<16, .palette256):
            appendDecimal(base + 60 + Int(number) - 8, to: &parameters)
        case (_, .palette256):
            appendDecimal(base + 8, to: &parameters)
            parameters.append(contentsOf: ";5;".utf8)
            appendDecimal(Int(number), to: &parameters)
        case (_, .direct(let separator, let emptyColorSpace)):
            appendDecimal(base + 8, to: &parameters)
            parameters.append(separator)
            parameters.append(UInt8(ascii: "2"))
            if emptyColorSpace { parameters.append(separator) }
            for shift: Int32 in [16, 8, 0] {
                parameters.append(separator)
                appendDecimal(Int(number >> shift & 0xFF), to: &parameters)
            }
        case (_, .none), (_, .basic8), (_, .basic16):
            // ColorMapper never gives these a number outside their palette.
            appendDecimal(base + 9, to: &parameters)
        }
    }

    typealias ColorFormat = TerminalCodes.ColorFormat

    private static func appendParameter(_ code: Int, to parameters: inout [UInt8]) {
        separate(&parameters)
        appendDecimal(code, to: &parameters)
    }

    private static func separate(_ parameters: inout [UInt8]) {
        if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
    }

    /// The most parameters one SGR sequence carries: mlterm drops those after its tenth (a bold
    /// foreground and background in 24-bit colour are 11: its background was lost, the
    /// terminal's default drawn instead), so longer lists go out as several sequences.
    static let parametersPerSequence = 10

    /// `ESC [ parameters m`; "0" alone is left out (`ESC [ m`). More than
    /// `parametersPerSequence` parameters are split into consecutive sequences, never inside a
    /// colour (`38;2;R;G;B` stays whole).
    private static func wrap(_ parameters: [UInt8]) -> [UInt8] {
        if parameters.isEmpty { return [] }
        var result: [UInt8] = [0x1B, UInt8(ascii: "[")]
        result.reserveCapacity(parameters.count + 3)
        let parameterCount = parameters.reduce(1) { $1 == UInt8(ascii: ";") ? $0 + 1 : $0 }
        if parameterCount <= parametersPerSequence {
            // One sequence holds them all: the units below would be joined again as they are.
            if parameters != [0x30] { result.append(contentsOf: parameters) }
        } else {
            var count = 0
            for unit in units(of: parameters) {
                let size = unit.reduce(1) { $1 == UInt8(ascii: ";") ? $0 + 1 : $0 }
                if count > 0 && count + size > parametersPerSequence {
                    result.append(contentsOf: "m\u{1B}[".utf8)
                    count = 0
                } else if count > 0 {
                    result.append(UInt8(ascii: ";"))
                }
                result.append(contentsOf: unit)
                count += size
            }
        }
        result.append(UInt8(ascii: "m"))
        return result
    }

    /// `parameters` cut at the semicolons between SGR units: an attribute alone, a colour with
    /// its `;5;N` or `;2;R;G;B` parameters together.
    private static func units(of parameters: [UInt8]) -> [ArraySlice<UInt8>] {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        var units: [ArraySlice<UInt8>] = []
        var index = 0
        while index < fields.count {
            var length = 1
            if fields[index] == Array("38".utf8)[...] || fields[index] == Array("48".utf8)[...], index + 1 < fields.count {
                let isDirect = fields[index + 1] == Array("2".utf8)[...]
                // `38;2;;R;G;B`: an empty colour-space field before the components.
                length = !isDirect ? 3 : index + 2 < fields.count && fields[index + 2].isEmpty ? 6 : 5
            }
            let last = min(fields.count, index + length) - 1
            let start = fields[index].startIndex
            units.append(parameters[start..<fields[last].endIndex])
            index = last + 1
        }
        return units
    }

    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
