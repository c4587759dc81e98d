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
    mutating func move(toRow targetRow: Int, column targetColumn: Int, codes: TerminalCodes, to output: inout [UInt8]) {
        if row == targetRow && column == targetColumn { return }
        var best = Self.address(row: targetRow, column: targetColumn)
        func consider(_ candidate: [UInt8]?) {
            if let candidate, candidate.count < best.count { best = candidate }
        }
        if let row {
            if row == targetRow {
                consider(horizontal(to: targetColumn, codes: codes))
            } else {
                let distance = targetRow - row
                if distance > 0, distance <= 4, codes.carriageReturn, codes.lineFeed {
                    var lines: [UInt8] = [0x0D]
                    lines.append(contentsOf: repeatElement(0x0A, count: distance))
                    if targetColumn > 0, let rest = CursorMotion(row: targetRow, column: 0).horizontal(to: targetColumn, codes: codes) {
                        lines.append(contentsOf: rest)
                    }
                    if targetColumn == 0 || lines.count > distance + 1 { consider(lines) }
                }
                var vertical: [[UInt8]] = []
                if codes.rowAddress { vertical.append(Self.sequence(targetRow + 1, final: "d")) }
                if codes.relativeMoves { vertical.append(Self.sequence(abs(distance), final: distance > 0 ? "B" : "A")) }
                for candidate in vertical {
                    var moved = candidate
                    if let rest = CursorMotion(row: targetRow, column: column).horizontal(to: targetColumn, codes: codes) {
                        moved.append(contentsOf: rest)
                        consider(moved)
                    }
                }
            }
        }
        output.append(contentsOf: best)
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

    /// A move within the current row (nil when none is possible from what is known).
    private func horizontal(to target: Int, codes: TerminalCodes) -> [UInt8]? {
        if column == target { return [] }
        var best: [UInt8]?
        func consider(_ candidate: [UInt8]) {
            if best == nil || candidate.count < best!.count { best = candidate }
        }
        if codes.carriageReturn {
            if target == 0 {
                consider([0x0D])
            } else if codes.relativeMoves {
                consider([0x0D] + Self.sequence(target, final: "C"))
            }
        }
        if codes.columnAddress { consider(Self.sequence(target + 1, final: "G")) }
        if let column, codes.relativeMoves {
            consider(Self.sequence(abs(target - column), final: target > column ? "C" : "D"))
        }
        return best
    }

    /// CUP, with default parameters left out: `ESC [ H`, `ESC [ row H`, `ESC [ row ; column H`.
    static func address(row: Int, column: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
        if row > 0 || column > 0 { TerminalPen.appendDecimal(row + 1, to: &bytes) }
        if column > 0 {
            bytes.append(UInt8(ascii: ";"))
            TerminalPen.appendDecimal(column + 1, to: &bytes)
        }
        bytes.append(UInt8(ascii: "H"))
        return bytes
    }

    /// `ESC [ count final`, the count left out when it is 1 (the default).
    private static func sequence(_ count: Int, final: Character) -> [UInt8] {
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
        if count != 1 { TerminalPen.appendDecimal(count, to: &bytes) }
        bytes.append(final.asciiValue!)
        return bytes
    }
}
