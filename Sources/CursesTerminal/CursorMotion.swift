/// Where the terminal's cursor is, as far as the encoder knows, and the shortest sequence that
/// moves it: cursor addressing (CUP), a row or column address (VPA, CHA), relative moves
/// (CUF/CUB/CUD/CUU), or CR and LF.
struct CursorMotion: Sendable, Equatable {
    /// The cursor's row and column (0-based); nil when unknown. After the last column is
    /// written the column is unknown (terminals differ in where the pending wrap leaves it).
    var row: Int?
    var column: Int?

    static let unknown = CursorMotion(row: nil, column: nil)

    /// Appends the shortest move to (`targetRow`, `targetColumn`) and records the new position.
    /// The candidates are compared by length first and only the chosen one is written (a frame
    /// makes a move for every jump between changed cells; building each candidate's bytes was
    /// a third of the first frame's encoding).
    mutating func move(toRow targetRow: Int, column targetColumn: Int, codes: TerminalCodes, to output: inout [UInt8]) {
        if row == targetRow && column == targetColumn { return }
        // nil: cursor addressing, which every terminal has.
        var best: (Vertical, Horizontal)?
        var bestLength = Self.addressLength(row: targetRow, column: targetColumn)
        func consider(_ vertical: Vertical, _ horizontal: Horizontal) {
            let length = vertical.length + horizontal.length
            if length < bestLength {
                best = (vertical, horizontal)
                bestLength = length
            }
        }
        if let row {
            if row == targetRow {
                if let across = Self.horizontal(from: column, to: targetColumn, codes: codes) { consider(.none, across) }
            } else {
                let distance = targetRow - row
                if distance > 0, distance <= 4, codes.carriageReturn, codes.lineFeed {
                    // CR and line feeds, then along the row from its first column.
                    if targetColumn == 0 {
                        consider(.lines(distance), .stay)
                    } else if let rest = Self.horizontal(from: 0, to: targetColumn, codes: codes) {
                        consider(.lines(distance), rest)
                    }
                }
                if let rest = Self.horizontal(from: column, to: targetColumn, codes: codes) {
                    if codes.rowAddress { consider(.rowAddress(targetRow + 1), rest) }
                    if codes.relativeMoves { consider(.relative(abs(distance), final: distance > 0 ? "B" : "A"), rest) }
                }
            }
        }
        if let (vertical, horizontal) = best {
            vertical.append(to: &output)
            horizontal.append(to: &output)
        } else {
            Self.appendAddress(row: targetRow, column: targetColumn, to: &output)
        }
        row = targetRow
        column = targetColumn
    }

    /// The cursor advanced by `width` columns after a character was written; past the last
    /// column the column becomes unknown, and the row too where the terminal wraps at once.
    mutating func advance(by width: Int, screenColumns: Int, codes: TerminalCodes) {
        guard let current = column else { return }
        if current + width < screenColumns {
            column = current + width
        } else {
            column = nil
            if codes.scrollsAfterLastCell { row = nil }
        }
    }

    /// A move along a row, from `column` (nil: unknown) to `target` (nil when none is possible
    /// from what is known): the first of the shortest.
    private static func horizontal(from column: Int?, to target: Int, codes: TerminalCodes) -> Horizontal? {
        if column == target { return .stay }
        var best: Horizontal?
        func consider(_ candidate: Horizontal) {
            if best == nil || candidate.length < best!.length { best = candidate }
        }
        if codes.carriageReturn {
            if target == 0 {
                consider(.carriageReturn)
            } else if codes.relativeMoves {
                consider(.returnAndForward(target))
            }
        }
        if codes.columnAddress { consider(.sequence(target + 1, final: "G")) }
        if let column, codes.relativeMoves {
            consider(.sequence(abs(target - column), final: target > column ? "C" : "D"))
        }
        return best
    }

    /// The part of a move between rows.
    private enum Vertical {
        case none
        /// CR, then this many line feeds.
        case lines(Int)
        /// VPA to this (1-based) row.
        case rowAddress(Int)
        /// CUD (`B`) or CUU (`A`) by this many rows.
        case relative(Int, final: Character)

        var length: Int {
            switch self {
            case .none: 0
            case .lines(let count): 1 + count
            case .rowAddress(let row): CursorMotion.sequenceLength(row)
            case .relative(let count, _): CursorMotion.sequenceLength(count)
            }
        }

        func append(to output: inout [UInt8]) {
            switch self {
            case .none: break
            case .lines(let count):
                output.append(0x0D)
                output.append(contentsOf: repeatElement(0x0A, count: count))
            case .rowAddress(let row): CursorMotion.appendSequence(row, final: "d", to: &output)
            case .relative(let count, let final): CursorMotion.appendSequence(count, final: final, to: &output)
            }
        }
    }

    /// The part of a move along a row.
    private enum Horizontal {
        case stay
        case carriageReturn
        /// CR, then CUF by this many columns.
        case returnAndForward(Int)
        /// CHA (`G`), CUF (`C`) or CUB (`D`) with this parameter.
        case sequence(Int, final: Character)

        var length: Int {
            switch self {
            case .stay: 0
            case .carriageReturn: 1
            case .returnAndForward(let count): 1 + CursorMotion.sequenceLength(count)
            case .sequence(let count, _): CursorMotion.sequenceLength(count)
            }
        }

        func append(to output: inout [UInt8]) {
            switch self {
            case .stay: break
            case .carriageReturn: output.append(0x0D)
            case .returnAndForward(let count):
                output.append(0x0D)
                CursorMotion.appendSequence(count, final: "C", to: &output)
            case .sequence(let count, let final): CursorMotion.appendSequence(count, final: final, to: &output)
            }
        }
    }

    /// CUP, with default parameters left out: `ESC [ H`, `ESC [ row H`, `ESC [ row ; column H`.
    static func address(row: Int, column: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        appendAddress(row: row, column: column, to: &bytes)
        return bytes
    }

    private static func appendAddress(row: Int, column: Int, to bytes: inout [UInt8]) {
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        if row > 0 || column > 0 { TerminalPen.appendDecimal(row + 1, to: &bytes) }
        if column > 0 {
            bytes.append(UInt8(ascii: ";"))
            TerminalPen.appendDecimal(column + 1, to: &bytes)
        }
        bytes.append(UInt8(ascii: "H"))
    }

    /// The length of `address(row:column:)`.
    private static func addressLength(row: Int, column: Int) -> Int {
        3 + (row > 0 || column > 0 ? digits(row + 1) : 0) + (column > 0 ? 1 + digits(column + 1) : 0)
    }

    /// `ESC [ count final`, the count left out when it is 1 (the default).
    private static func appendSequence(_ count: Int, final: Character, to bytes: inout [UInt8]) {
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        if count != 1 { TerminalPen.appendDecimal(count, to: &bytes) }
        bytes.append(final.asciiValue!)
    }

    /// The length of `ESC [ count final`.
    private static func sequenceLength(_ count: Int) -> Int {
        3 + (count != 1 ? digits(count) : 0)
    }

    /// The decimal digits of `value` (as `TerminalPen.appendDecimal` writes it).
    private static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
