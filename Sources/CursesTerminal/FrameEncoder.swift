import ShellCore
import ShellUI

/// Turns a frame's changed cells into the bytes that draw them (ARCHITECTURE.md, "The
/// terminal layer"): pure, so its output is tested byte for byte without a terminal.
///
/// For each changed cell it picks the shortest way there (a cursor motion, or rewriting the
/// unchanged cells in between when they need no style change and take fewer bytes), changes
/// only what differs in the pen (`TerminalPen`, with reverse video for the current colours
/// swapped), erases runs of blanks with ECH or EL where the terminal fills erased cells with the
/// colours the blanks need (`bce`, or the default background), and repeats a run of one ASCII
/// character with REP. It keeps the pen and the cursor position across frames; `forget()` drops
/// them when the terminal may have changed behind its back (a resize, a continue after a stop).
struct FrameEncoder: Sendable {
    let codes: TerminalCodes
    let mapper: ColorMapper
    /// Whether the terminal takes UTF-8; otherwise text outside ASCII is written as `?`.
    let isUTF8: Bool
    private(set) var pen: TerminalPen
    private(set) var cursor = CursorMotion.unknown
    /// The screen holds only blanks in the default colours (it was just cleared).
    private var screenIsBlank = false
    private var styles: [UInt64: PenStyle] = [:]
    private var lastStyle: (key: UInt64, pen: PenStyle)?
    /// The frame being encoded, whose cells' long graphemes it keeps (`Canvas.appendUTF8(of:to:)`).
    private var drawing = Canvas(columns: 0, rows: 0)

    init(codes: TerminalCodes, mapper: ColorMapper, isUTF8: Bool) {
        self.codes = codes
        self.mapper = mapper
        self.isUTF8 = isUTF8
        pen = TerminalPen(codes: codes)
    }

    /// Nothing about the terminal's pen, cursor or contents is known any more: the next full
    /// frame resets the pen and clears the screen first.
    mutating func forget() {
        pen.forget()
        cursor = .unknown
        screenIsBlank = false
    }

    /// The screen was just cleared by someone else (ncurses' start or resume): the next full
    /// frame can leave blank cells alone. The pen and cursor are unknown.
    mutating func screenWasCleared() {
        forget()
        screenIsBlank = true
    }

    /// The bytes that leave the terminal's pen as the shell expects it (`sgr0`), before the
    /// terminal is handed back; the encoder forgets its state.
    mutating func leave() -> [UInt8] {
        let bytes = pen.style == .plain ? [] : codes.reset
        forget()
        return bytes
    }

    /// The bytes that bring the screen from the previous frame to `next`: `diff` names the
    /// cells to draw (all of them on a full redraw, which first clears the screen unless it
    /// is known to be blank); the screen shows `screenColumns` x `screenRows` of the canvas.
    mutating func encode(_ diff: FrameDiff, next: Canvas, screenColumns: Int, screenRows: Int) -> [UInt8] {
        drawing = next
        var output: [UInt8] = []
        output.reserveCapacity(diff.isFullRedraw ? next.cells.count * 2 : 256)
        var skipBlankDefault = false
        if diff.isFullRedraw {
            if !screenIsBlank {
                output.append(contentsOf: codes.reset)
                pen.wasReset()
                output.append(contentsOf: codes.clear)
                cursor = codes.clearHomesCursor ? CursorMotion(row: 0, column: 0) : .unknown
            }
            skipBlankDefault = true
        }
        screenIsBlank = false
        let visibleColumns = max(0, min(next.columns, screenColumns))
        let fullWidth = next.columns >= screenColumns
        next.cells.withUnsafeBufferPointer { cells in
            var position = 0
            let changed = diff.changedIndices
            // The changed columns of one row at a time, in one buffer for every row.
            var columns: [Int] = []
            columns.reserveCapacity(next.columns)
            while position < changed.count {
                let row = changed[position] / next.columns
                columns.removeAll(keepingCapacity: true)
                while position < changed.count, changed[position] / next.columns == row {
                    let column = changed[position] % next.columns
                    if !skipBlankDefault || !isBlankDefault(cells[changed[position]]) { columns.append(column) }
                    position += 1
                }
                encodeRow(
                    row, columns: columns, cells: UnsafeBufferPointer(rebasing: cells[(row * next.columns)..<((row + 1) * next.columns)]),
                    visibleColumns: visibleColumns, screenColumns: screenColumns, reachesRowEnd: fullWidth,
                    isBottomRow: row == screenRows - 1, to: &output)
            }
        }
        return output
    }

    // MARK: - Rows

    private mutating func encodeRow(
        _ row: Int, columns: [Int], cells: UnsafeBufferPointer<Cell>, visibleColumns: Int, screenColumns: Int,
        reachesRowEnd: Bool, isBottomRow: Bool, to output: inout [UInt8]
    ) {
        var index = 0
        while index < columns.count {
            let column = columns[index]
            if isBottomRow, column == screenColumns - 1, codes.scrollsAfterLastCell { break }
            let cell = cells[column]
            let style = penStyle(cell)
            reach(row: row, column: column, cells: cells, to: &output)
            if let erased = erase(from: column, style: style, cells: cells, visibleColumns: visibleColumns,
                                  changedUpTo: columns[index...], reachesRowEnd: reachesRowEnd, to: &output) {
                while index < columns.count, columns[index] < erased { index += 1 }
                continue
            }
            if !pen.draws(style) { setPen(style, at: column, cells: cells, visibleColumns: visibleColumns, to: &output) }
            let width = write(cell, column: column, cells: cells, to: &output)
            cursor.advance(by: width, screenColumns: screenColumns, codes: codes)
            index += 1
            // On a terminal that scrolls after its bottom-right cell, REP must stop short of it.
            let repeatLimit = isBottomRow && codes.scrollsAfterLastCell ? min(visibleColumns, screenColumns - 1) : visibleColumns
            if width == 1, let repeated = repeatCell(at: column, cells: cells, visibleColumns: repeatLimit, changed: columns[index...], to: &output) {
                cursor.advance(by: repeated, screenColumns: screenColumns, codes: codes)
                while index < columns.count, columns[index] <= column + repeated { index += 1 }
            }
        }
    }

    /// After the cell at `column` was written: repeats it with REP over the identical ASCII cells
    /// that follow, up to the last of them that changed, when that is shorter than writing
    /// them; returns how many cells it covered.
    private func repeatCell(
        at column: Int, cells: UnsafeBufferPointer<Cell>, visibleColumns: Int, changed: ArraySlice<Int>, to output: inout [UInt8]
    ) -> Int? {
        guard codes.repeatCharacter, let next = changed.first, next == column + 1 else { return nil }
        let cell = cells[column]
        // ASCII only: terminals that have REP (tmux among them) repeat only a plain character.
        // Checked before the run is measured, so a run of anything else is not scanned per cell.
        guard let byte = cell.singleByte, (0x20..<0x7F).contains(byte) else { return nil }
        var end = column + 1
        while end < visibleColumns, cells[end] == cell, end + 1 >= cells.count || !cells[end + 1].isContinuation { end += 1 }
        guard let last = Self.lastChanged(in: changed, before: end) else { return nil }
        let count = last - column
        guard count > 1, Self.repeatLength(count) < count else { return nil }
        output.append(contentsOf: [0x1B, UInt8(ascii: "[")])
        TerminalPen.appendDecimal(count, to: &output)
        output.append(UInt8(ascii: "b"))
        return count
    }

    /// The last of the changed columns (ascending) before `end`, found by halving: a row's
    /// cells each ask, so a scan from the row's end would make a full row quadratic.
    private static func lastChanged(in changed: ArraySlice<Int>, before end: Int) -> Int? {
        var low = changed.startIndex
        var high = changed.endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if changed[middle] < end { low = middle + 1 } else { high = middle }
        }
        return low > changed.startIndex ? changed[low - 1] : nil
    }

    /// Bytes for `count` blanks after a written one, with REP where the terminal has it.
    private func blanksLength(_ count: Int) -> Int {
        codes.repeatCharacter && count > 2 ? min(count, 1 + Self.repeatLength(count - 1)) : count
    }

    /// The length of `ESC [ count b` (and of `ESC [ count X`).
    private static func repeatLength(_ count: Int) -> Int {
        3 + String(count).utf8.count
    }

    /// Sets the pen for the run of cells in `style` that starts at `column`: in reverse video
    /// when that is shorter for the whole run, counting its trailing blanks, which only the
    /// colours as given can erase (ECH fills with the background colour, never reversed).
    private mutating func setPen(_ style: PenStyle, at column: Int, cells: UnsafeBufferPointer<Cell>, visibleColumns: Int, to output: inout [UInt8]) {
        let direct = pen.plan(style, allowReverse: false)
        guard let reversed = pen.planReversed(style) else {
            pen.apply(direct, to: &output)
            return
        }
        let cellStyle = cells[column].styleKey
        var end = column
        while end < visibleColumns, cells[end].isContinuation || cells[end].styleKey == cellStyle { end += 1 }
        var blanks = end
        while blanks > column, Self.isBlank(cells[blanks - 1]) { blanks -= 1 }
        let trailing = end - blanks
        let erasable = trailing > 0 && canErase(style)
        let directCost = direct.sequence.count + (erasable ? min(blanksLength(trailing), Self.repeatLength(trailing)) : blanksLength(trailing))
        let reversedCost = reversed.sequence.count + blanksLength(trailing)
        pen.apply(reversedCost < directCost ? reversed : direct, to: &output)
    }

    /// Moves the cursor to (`row`, `column`), rewriting the unchanged cells in between when
    /// that is shorter than a motion and needs no pen change.
    private mutating func reach(row: Int, column: Int, cells: UnsafeBufferPointer<Cell>, to output: inout [UInt8]) {
        if cursor.row == row, let from = cursor.column, from < column {
            var motion: [UInt8] = []
            var probe = cursor
            probe.move(toRow: row, column: column, codes: codes, to: &motion)
            var rewrite: [UInt8] = []
            var gap = from
            while gap < column, rewrite.count < motion.count {
                let cell = cells[gap]
                guard cell.isContinuation || pen.draws(penStyle(cell)) else { break }
                if !cell.isContinuation { _ = write(cell, column: gap, cells: cells, to: &rewrite) }
                gap += 1
            }
            if gap == column, rewrite.count < motion.count {
                output.append(contentsOf: rewrite)
                cursor.column = column
                return
            }
        }
        cursor.move(toRow: row, column: column, codes: codes, to: &output)
    }

    /// Erases the run of blanks starting at `column` with ECH or EL when the terminal fills
    /// erased cells with the run's colours and that is shorter than writing the changed
    /// blanks; returns the column after the run, or nil when nothing was erased.
    private mutating func erase(
        from column: Int, style: PenStyle, cells: UnsafeBufferPointer<Cell>, visibleColumns: Int,
        changedUpTo changed: ArraySlice<Int>, reachesRowEnd: Bool, to output: inout [UInt8]
    ) -> Int? {
        guard Self.isBlank(cells[column]), canErase(style) else { return nil }
        let cellStyle = cells[column].styleKey
        var end = column + 1
        // Never into another image's cells: erasing them would erase a sixel shown there.
        let mark = cells[column].imageMark
        while end < visibleColumns, Self.isBlank(cells[end]), cells[end].styleKey == cellStyle, cells[end].imageMark == mark {
            end += 1
        }
        let lastChanged = Self.lastChanged(in: changed, before: end) ?? column
        var sequence: [UInt8]
        if end == visibleColumns && reachesRowEnd && codes.eraseLine {
            sequence = [0x1B, UInt8(ascii: "["), UInt8(ascii: "K")]
        } else if codes.eraseCharacters {
            sequence = [0x1B, UInt8(ascii: "[")]
            TerminalPen.appendDecimal(end - column, to: &sequence)
            sequence.append(UInt8(ascii: "X"))
        } else {
            return nil
        }
        let direct = pen.plan(style, allowReverse: false)
        let writing = (pen.draws(style) ? 0 : pen.plan(style).sequence.count) + blanksLength(lastChanged - column + 1)
        guard direct.sequence.count + sequence.count < writing else { return nil }
        pen.apply(direct, to: &output)
        output.append(contentsOf: sequence)
        return end
    }

    /// Whether erasing (ECH, EL) leaves blanks that look as blanks in `style` do: the terminal
    /// fills with the current background (`bce`) or the background is the default one, and
    /// no attribute that shows on a blank (reverse, underline) is set.
    private func canErase(_ style: PenStyle) -> Bool {
        (codes.eraseCharacters || codes.eraseLine)
            && (codes.backgroundColorErase || style.background < 0)
            && style.attributes.isDisjoint(with: [.reverse, .underline])
    }

    // MARK: - Cells

    /// Appends the cell's text and returns how many columns it takes (2 for a wide character).
    @discardableResult
    private func write(_ cell: Cell, column: Int, cells: UnsafeBufferPointer<Cell>, to output: inout [UInt8]) -> Int {
        let width = column + 1 < cells.count && cells[column + 1].isContinuation ? 2 : 1
        let start = output.count
        drawing.appendUTF8(of: cell, to: &output)
        // Controls (C0, DEL, and C1 as UTF-8's C2 80–9F), or anything not ASCII for a terminal
        // that is not UTF-8, checked on the bytes just written.
        var safe = output.count > start
        var previous: UInt8 = 0
        for byte in output[start...] {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F && byte >= 0x80) || (!isUTF8 && byte > 0x7E) {
                safe = false
                break
            }
            previous = byte
        }
        if !safe {
            output.removeSubrange(start...)
            // A last guard (the canvas already made controls visible): one `?` per column.
            output.append(contentsOf: repeatElement(UInt8(ascii: "?"), count: width))
        }
        return width
    }

    /// How the terminal draws `cell`'s style (cached by `Cell.styleKey`: a frame has few styles).
    private mutating func penStyle(_ cell: Cell) -> PenStyle {
        let key = cell.styleKey
        // Neighbouring cells mostly share a style: compare before hashing.
        if let last = lastStyle, last.key == key { return last.pen }
        if let known = styles[key] {
            lastStyle = (key, known)
            return known
        }
        let style = cell.style
        let colored = codes.colorFormat != .none
        let result = PenStyle(
            foreground: colored ? mapper.colorNumber(for: style.foreground) : -1,
            background: colored ? mapper.colorNumber(for: style.background) : -1,
            attributes: style.attributes.intersection(codes.attributes)
        )
        if styles.count > 4096 { styles.removeAll(keepingCapacity: true) }
        styles[key] = result
        lastStyle = (key, result)
        return result
    }

    private mutating func isBlankDefault(_ cell: Cell) -> Bool {
        Self.isBlank(cell) && penStyle(cell).background < 0
            && penStyle(cell).attributes.isDisjoint(with: [.reverse, .underline])
    }

    private static func isBlank(_ cell: Cell) -> Bool {
        !cell.isContinuation && cell.singleByte == 0x20
    }
}
