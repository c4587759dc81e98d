import ShellUI
import ZappCore

/// Which protocol images are on screen, and the bytes that bring them to a new frame's list
/// (`Terminal.showImages`): each new placement is written at its top-left cell (a cursor
/// address, then its bytes, wrapped for tmux's passthrough inside tmux); a kitty image no
/// longer listed is deleted by its id; a sixel or iTerm2 image no longer listed cannot be
/// deleted, so its cells are named for the terminal to draw again over its pixels. After a
/// clear (resize, resume, full redraw) nothing is known to be on screen: kitty images are
/// deleted and the next list is written anew. Pure: byte-level tests drive it without a terminal.
struct ImagePlacementWriter {
    /// Inside tmux: every image sequence goes through `ESC P tmux;` passthrough.
    var wrapsForTmux: Bool
    private(set) var shown: [String: ImagePlacement] = [:]

    init(wrapsForTmux: Bool) {
        self.wrapsForTmux = wrapsForTmux
    }

    /// What `placements` needs: the bytes to write, and the boxes whose cells must be drawn
    /// again (removed sixel and iTerm2 images), as (column, row, columns, rows).
    mutating func show(_ placements: [ImagePlacement])
        -> (bytes: [UInt8], redraw: [(column: Int, row: Int, columns: Int, rows: Int)])
    {
        var bytes: [UInt8] = []
        var redraw: [(column: Int, row: Int, columns: Int, rows: Int)] = []
        let next = Dictionary(placements.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        let keptIDs = Set(placements.compactMap { TerminalImageCodes.kittyImageID(in: $0.bytes) })
        for (key, old) in shown.sorted(by: { $0.key < $1.key }) where next[key] != old {
            if let id = TerminalImageCodes.kittyImageID(in: old.bytes) {
                if !keptIDs.contains(id) || next[key] != nil { bytes += wrapped(TerminalImageCodes.kittyDelete(id: id)) }
            } else {
                redraw.append((old.column, old.row, old.columns, old.rows))
            }
            shown[key] = nil
        }
        for placement in placements where shown[placement.key] == nil {
            bytes += CursorMotion.address(row: placement.row, column: placement.column)
            bytes += wrapped(placement.bytes)
            shown[placement.key] = placement
        }
        return (bytes, redraw)
    }

    /// The screen is being cleared or handed back: deletes kitty images (a clear leaves them
    /// in some terminals) and forgets everything shown.
    mutating func removeAll() -> [UInt8] {
        let hadKitty = shown.values.contains { TerminalImageCodes.kittyImageID(in: $0.bytes) != nil }
        shown = [:]
        return hadKitty ? wrapped(TerminalImageCodes.kittyDeleteAll) : []
    }

    private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        wrapsForTmux ? TerminalImageCodes.tmuxPassthrough(bytes) : bytes
    }
}
