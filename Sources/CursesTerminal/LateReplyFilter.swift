/// Keeps a reply to the one query (`CursesTerminal.queryTerminal`) that came after its wait
/// from reaching the UI as keys (Esc, `[`, digits, `t` would close a pane and switch the theme):
/// armed when the query ended without the terminal's last answer (DA1), it holds characters
/// from an Esc on while they follow one of the reply's forms — a size `ESC [ n ; n ; n t`, DA1
/// `ESC [ ? … c` — drops a whole reply, and gives back as keys anything
/// that stops following them (and, at the end of a read, whatever it still holds). DA1 comes
/// last, so dropping it disarms the filter. Pure: fed character values, tested without a terminal.
struct LateReplyFilter {
    /// What to do with the characters read so far.
    enum Outcome: Equatable {
        /// Not part of a reply: handle it as it is.
        case pass
        /// Held: it may be part of a reply.
        case held
        /// A whole reply, dropped.
        case dropped
        /// Not a reply after all: these characters, in order, are keys.
        case released([UInt32])
    }

    private static let escape: UInt32 = 0x1B
    /// Longer than any reply: what is still held then is not one.
    private static let longest = 256

    var isArmed = false
    private var held: [UInt32] = []

    /// Feeds one character.
    mutating func feed(_ value: UInt32) -> Outcome {
        guard isArmed else { return .pass }
        guard !held.isEmpty else {
            guard value == Self.escape else { return .pass }
            held = [value]
            return .held
        }
        held.append(value)
        switch Self.match(held) {
        case .partial:
            return .held
        case .complete(let isLast):
            held = []
            if isLast { isArmed = false }
            return .dropped
        case .mismatch:
            // An Esc that broke the form may start a reply of its own.
            let restartsReply = value == Self.escape && held.count > 1
            let keys = restartsReply ? Array(held.dropLast()) : held
            held = restartsReply ? [Self.escape] : []
            return .released(keys)
        }
    }

    /// The end of a read: what is still held is given back as keys.
    mutating func flush() -> [UInt32] {
        defer { held = [] }
        return held
    }

    private enum Match: Equatable {
        case partial, mismatch
        case complete(isLast: Bool)
    }

    /// How far `characters` (an Esc first) follow a reply's form.
    private static func match(_ characters: [UInt32]) -> Match {
        guard characters.count <= longest else { return .mismatch }
        let scalar = { (index: Int) in Unicode.Scalar(characters[index]).map(Character.init) }
        let count = characters.count
        switch scalar(1) {
        case "[":
            if count == 2 { return .partial }
            let isAttributes = scalar(2) == "?"
            let body = (isAttributes ? 3 : 2)..<count
            var numbers = 1
            for index in body {
                guard let character = scalar(index) else { return .mismatch }
                if character.isASCII, character.isNumber { continue }
                if character == ";" {
                    numbers += 1
                    continue
                }
                guard index == count - 1, index > body.lowerBound else { return .mismatch }
                if isAttributes, character == "c" { return .complete(isLast: true) }
                if !isAttributes, character == "t", numbers == 3 { return .complete(isLast: false) }
                return .mismatch
            }
            return .partial
        default:
            return .mismatch
        }
    }
}
