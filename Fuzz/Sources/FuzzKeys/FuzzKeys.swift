import CursesTerminal
import FuzzSupport
import ShellCore
import ShellUI

/// Raw terminal input (keys, escape sequences, mouse reports) through ncurses and the
/// terminal's `KeyDecoder`, as `RawInputDecoder` runs them. The first byte picks the terminal
/// type, and so the mouse protocol ncurses parses: even for xterm-256color (SGR reports,
/// `ESC [ <`), odd for tmux-256color (X10 reports, `ESC [ M` and three bytes). Invariants: it
/// never crashes; no key the UI gets is a control character as text; clicks are at
/// non-negative cells.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: bytes, count: size))
    let decoder = input[0] & 1 == 0 ? decoders.sgr : decoders.x10
    for event in decoder.decode(Array(input.dropFirst())) {
        switch event {
        case .key(.character(let character)):
            Invariant.require(
                !character.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "a control character reached the UI as text: \(character.unicodeScalars.map(\.value))")
        case .click(let column, let row):
            Invariant.require(column >= 0 && row >= 0, "a click at \(column),\(row)")
        default:
            break
        }
    }
    return 0
}

private nonisolated(unsafe) let decoders: (sgr: RawInputDecoder, x10: RawInputDecoder) = {
    guard let sgr = RawInputDecoder(terminalName: "xterm-256color"),
        let x10 = RawInputDecoder(terminalName: "tmux-256color")
    else { fatalError("the terminfo entries xterm-256color and tmux-256color are needed") }
    return (sgr, x10)
}()
