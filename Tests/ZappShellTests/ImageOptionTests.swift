import Testing
import ZappCore

@testable import zapp_shell

/// `--images` resolved for `run`, and what is said about it inside tmux: the log always, the
/// warnings (`w`) only when protocol images are lost to tmux's passthrough being off.
@Suite("ImageOption")
struct ImageOptionTests {
    /// No tmux on this PATH: its passthrough reads as off.
    static let noTmux = ["PATH": "/nonexistent", "TERM": "tmux-256color", "TMUX": "/tmp/fake,1,0"]

    @Test("inside tmux, a kitty outside and passthrough off: symbols, said in the log and in w")
    func passthroughOff() {
        let resolved = ImageOption.resolveExplained(nil, environment: Self.noTmux.merging(["KITTY_WINDOW_ID": "1"]) { $1 })
        #expect(resolved.mode == .symbols)
        #expect(resolved.warning?.contains("allow-passthrough is off") == true && resolved.note == resolved.warning)
    }

    @Test("inside tmux, no protocol outside: symbols, said in the log only; explicit modes: the log says how they go")
    func logOnly() {
        let plain = ImageOption.resolveExplained(nil, environment: Self.noTmux)
        #expect(plain.mode == .symbols && plain.note != nil && plain.warning == nil)
        let kitty = ImageOption.resolveExplained(.kitty, environment: Self.noTmux)
        #expect(kitty.mode == .kitty && kitty.note?.contains("pane's offset") == true && kitty.warning == nil)
        let symbols = ImageOption.resolveExplained(.symbols, environment: Self.noTmux)
        #expect(symbols.note == nil && symbols.warning == nil)
    }

    @Test("outside tmux nothing is said; off says nothing anywhere")
    func outsideTmux() {
        let kitty = ImageOption.resolveExplained(nil, environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"])
        #expect(kitty.mode == .kitty && kitty.note == nil && kitty.warning == nil)
        #expect(ImageOption.resolveExplained(.off, environment: Self.noTmux).note == nil)
    }
}
