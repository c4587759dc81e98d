import ShellCore
import ShellUI
import ZappCore

/// Which protocol images are on screen, and the bytes that bring them to a new frame's list
/// (`Terminal.showImages`), in three steps the terminal writes in order. It knows no protocol:
/// each placement carries its bytes, its upload and its removal (`ImagePlacement`, made by the
/// protocol's type).
///
/// 1. `removal`: an upload no placement shows any longer is removed (kitty: the image and its
///    data), then a placement no longer listed that has removal bytes (kitty's, by its ids);
/// 2. `redraw`: the boxes of images that are part of the cells (sixel, iTerm2: no removal
///    bytes) no longer listed, or whose cells the frame wrote (text written over a sixel erases
///    it there), whose cells the terminal writes again from the frame: that is what erases them;
/// 3. `placing`: each placement not on screen yet, written at its top-left cell (its upload
///    written once before, then shown by placement).
///
/// Inside tmux every sequence goes through `ESC P tmux;` passthrough, the cursor saved, moved
/// on the outer terminal to the cell plus the pane's `origin`, and restored around it (tmux
/// does not move the outer cursor for the pane before passing a sequence on). After a clear
/// (resize, resume, full redraw) nothing is known to be on screen: uploads are cleared and the
/// next list is written anew. Pure: byte-level tests drive it without a terminal.
struct ImagePlacementWriter {
    /// A box of cells: (column, row, columns, rows).
    typealias Box = (column: Int, row: Int, columns: Int, rows: Int)

    /// Inside tmux: every image sequence goes through `ESC P tmux;` passthrough.
    var wrapsForTmux: Bool
    /// Inside tmux: where the pane's top-left cell is on the outer terminal (row, column).
    var origin: (row: Int, column: Int) = (0, 0)
    private(set) var shown: [String: ImagePlacement] = [:]
    /// The uploads written and not removed, by id.
    private var uploaded: [UInt32: ImageUpload] = [:]

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
        let kept = Dictionary(placements.compactMap { $0.upload.map { ($0.id, $0) } }, uniquingKeysWith: { first, _ in first })
        for (id, upload) in uploaded.sorted(by: { $0.key < $1.key }) where kept[id] != upload {
            removal += wrapped(upload.removal)
            uploaded[id] = nil
        }
        for (key, old) in shown.sorted(by: { $0.key < $1.key }) {
            let box = (old.column, old.row, old.columns, old.rows)
            if let bytes = old.removal {
                // Its upload's removal took it away already, and it must be placed again.
                let isUploaded = old.upload.map { uploaded[$0.id] != nil } ?? true
                guard next[key] != old || !isUploaded else { continue }
                if isUploaded { removal += wrapped(bytes) }
            } else {
                guard next[key] != old || damaged(box) else { continue }
                redraw.append(box)
            }
            shown[key] = nil
        }
        for placement in placements where shown[placement.key] == nil {
            if let upload = placement.upload, uploaded[upload.id] == nil {
                placing += wrapped(upload.bytes)
                uploaded[upload.id] = upload
            }
            placing += at(placement, placement.bytes)
            shown[placement.key] = placement
        }
        return (removal, redraw, placing)
    }

    /// The screen is being cleared or handed back: clears the uploads' images (a clear leaves
    /// kitty's in some terminals) and forgets everything shown.
    mutating func removeAll() -> [UInt8] {
        var clearings: [[UInt8]] = []
        for (_, upload) in uploaded.sorted(by: { $0.key < $1.key }) where !clearings.contains(upload.clearing) {
            clearings.append(upload.clearing)
        }
        shown = [:]
        uploaded = [:]
        return clearings.flatMap(wrapped)
    }

    /// The pane is hidden (tmux shows another window): forgets everything shown and returns
    /// the removals of this app's own uploads (not wrapped: tmux drops a hidden pane's
    /// passthrough, so they go to the outer terminal another way), leaving other programs' alone.
    mutating func removeOwn() -> [UInt8] {
        let own = uploaded.sorted(by: { $0.key < $1.key }).flatMap(\.value.removal)
        shown = [:]
        uploaded = [:]
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
