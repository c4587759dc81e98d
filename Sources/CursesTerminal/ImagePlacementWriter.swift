import ShellCore
import ShellUI
import ZappCore

/// Which protocol images are on screen, and the bytes that bring them to a new frame's list
/// (`Terminal.showImages`), in three steps the terminal writes in order:
///
/// 1. `removal`: a kitty placement no longer listed is deleted by its ids (the image itself,
///    freeing its data, when none of its placements is left);
/// 2. `redraw`: the boxes of sixel and iTerm2 images no longer listed, or whose cells the
///    frame wrote (text written over a sixel erases it there), whose cells the terminal
///    writes again from the frame: that is what erases them;
/// 3. `placing`: each placement not on screen yet, written at its top-left cell (a kitty image
///    is transmitted once, then shown by placement).
///
/// Inside tmux every sequence goes through `ESC P tmux;` passthrough, the cursor saved, moved
/// on the outer terminal to the cell plus the pane's `origin`, and restored around it (tmux
/// does not move the outer cursor for the pane before passing a sequence on). After a clear
/// (resize, resume, full redraw) nothing is known to be on screen: kitty images are deleted
/// and the next list is written anew. Pure: byte-level tests drive it without a terminal.
struct ImagePlacementWriter {
    /// A box of cells: (column, row, columns, rows).
    typealias Box = (column: Int, row: Int, columns: Int, rows: Int)

    /// Inside tmux: every image sequence goes through `ESC P tmux;` passthrough.
    var wrapsForTmux: Bool
    /// Inside tmux: where the pane's top-left cell is on the outer terminal (row, column).
    var origin: (row: Int, column: Int) = (0, 0)
    private(set) var shown: [String: ImagePlacement] = [:]
    /// The kitty images transmitted and not deleted, with the bytes that transmitted them.
    private var transmitted: [UInt32: [UInt8]] = [:]

    init(wrapsForTmux: Bool) {
        self.wrapsForTmux = wrapsForTmux
    }

    /// What `placements` needs (see the type). `damaged` says whether the frame wrote any cell
    /// of a box.
    mutating func show(_ placements: [ImagePlacement], damaged: (Box) -> Bool = { _ in false })
        -> (removal: [UInt8], redraw: [Box], placing: [UInt8])
    {
        var removal: [UInt8] = []
        var redraw: [Box] = []
        var placing: [UInt8] = []
        let next = Dictionary(placements.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        let keptImages = Dictionary(
            placements.compactMap { placement in placement.kitty.map { ($0.imageID, placement.bytes) } },
            uniquingKeysWith: { first, _ in first })
        for (id, bytes) in transmitted.sorted(by: { $0.key < $1.key }) where keptImages[id] != bytes {
            removal += wrapped(TerminalImageCodes.kittyDelete(id: id))
            transmitted[id] = nil
        }
        for (key, old) in shown.sorted(by: { $0.key < $1.key }) {
            let box = (old.column, old.row, old.columns, old.rows)
            if let part = old.kitty {
                guard next[key] != old || transmitted[part.imageID] == nil else { continue }
                if transmitted[part.imageID] != nil {
                    removal += wrapped(TerminalImageCodes.kittyDelete(id: part.imageID, placement: part.placementID))
                }
            } else {
                guard next[key] != old || damaged(box) else { continue }
                redraw.append(box)
            }
            shown[key] = nil
        }
        for placement in placements where shown[placement.key] == nil {
            if let part = placement.kitty {
                if transmitted[part.imageID] == nil {
                    placing += wrapped(placement.bytes)
                    transmitted[part.imageID] = placement.bytes
                }
                let source = part.source.map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
                placing += at(placement, TerminalImageCodes.kittyPlace(
                    id: part.imageID, placement: part.placementID, columns: placement.columns, rows: placement.rows,
                    source: source))
            } else {
                placing += at(placement, placement.bytes)
            }
            shown[placement.key] = placement
        }
        return (removal, redraw, placing)
    }

    /// The screen is being cleared or handed back: deletes kitty images (a clear leaves them
    /// in some terminals) and forgets everything shown.
    mutating func removeAll() -> [UInt8] {
        let hadKitty = !transmitted.isEmpty
        shown = [:]
        transmitted = [:]
        return hadKitty ? wrapped(TerminalImageCodes.kittyDeleteAll) : []
    }

    /// The pane is hidden (tmux shows another window): forgets everything shown and returns
    /// the deletions of this app's own kitty images (not wrapped: tmux drops a hidden pane's
    /// passthrough, so they go to the outer terminal another way), leaving other programs' alone.
    mutating func removeOwn() -> [UInt8] {
        let own = transmitted.keys.sorted().flatMap { TerminalImageCodes.kittyDelete(id: $0) }
        shown = [:]
        transmitted = [:]
        return own
    }

    /// `bytes` written with the cursor at the placement's top-left cell.
    private func at(_ placement: ImagePlacement, _ bytes: [UInt8]) -> [UInt8] {
        guard wrapsForTmux else { return CursorMotion.address(row: placement.row, column: placement.column) + bytes }
        let move = CursorMotion.address(row: origin.row + placement.row, column: origin.column + placement.column)
        return TerminalImageCodes.tmuxPassthrough([0x1B, UInt8(ascii: "7")] + move + bytes + [0x1B, UInt8(ascii: "8")])
    }

    private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        wrapsForTmux ? TerminalImageCodes.tmuxPassthrough(bytes) : bytes
    }
}
