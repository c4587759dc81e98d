import Foundation
import Testing
import ZappCore

/// What the image protocols share: a PNG's size, stable ids, tmux's passthrough byte by byte.
@Suite("TerminalImageCodes")
struct TerminalImageCodesTests {
    @Test("the pixel size of a PNG from its header; other bytes have none")
    func pngSize() {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 44, 0, 0, 0, 40]
        #expect(TerminalImageCodes.pngSize(header).map { [$0.width, $0.height] } == [300, 40])
        #expect(TerminalImageCodes.pngSize(Array(header.prefix(20))) == nil)
        #expect(TerminalImageCodes.pngSize([UInt8](repeating: 0, count: 30)) == nil)
    }

    @Test("a stable id: the same for the same name, another for another, never 0, below 2^31")
    func stableID() {
        let id = TerminalImageCodes.stableID(for: "logo.png 10x2")
        #expect(id == TerminalImageCodes.stableID(for: "logo.png 10x2") && id != TerminalImageCodes.stableID(for: "logo.png 10x3"))
        #expect(id > 0 && id < 1 << 31)
    }

    @Test("tmux: each sequence in its own DCS passthrough with ESC doubled; bytes between pass as they are")
    func tmuxWrapping() {
        let kitty = KittyImageProtocol.transmission(png: [UInt8](repeating: 1, count: 3100), id: 1)
        let wrapped = String(decoding: TerminalImageCodes.tmuxPassthrough(kitty), as: UTF8.self)
        let parts = wrapped.components(separatedBy: "\u{1B}Ptmux;").dropFirst()
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.hasPrefix("\u{1B}\u{1B}_G") && $0.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\") })
        let iterm = ITermImageProtocol.image(png: [1], columns: 1, rows: 1)
        #expect(String(decoding: TerminalImageCodes.tmuxPassthrough(Array("x".utf8) + iterm), as: UTF8.self)
            == "x\u{1B}Ptmux;\u{1B}\u{1B}]1337;File=inline=1;size=1;width=1;height=1;preserveAspectRatio=1:AQ==\u{07}\u{1B}\\")
    }
}

/// `--images auto`: the environment's rules, and the query's reply.
@Suite("ImageModeDetector")
struct ImageModeDetectorTests {
    func decide(_ environment: [String: String], passthrough: Bool = false) -> ImageModeDetector.Decision {
        ImageModeDetector.decide(environment: environment, tmuxAllowsPassthrough: { passthrough })
    }

    @Test("terminals named by the environment")
    func environment() {
        #expect(decide(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]) == .use(.kitty))
        #expect(decide(["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"]) == .use(.kitty))
        #expect(decide(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .use(.iterm))
        #expect(decide(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", "WEZTERM_PANE": "0"]) == .use(.iterm))
        #expect(decide(["TERM": "xterm-256color", "KONSOLE_VERSION": "230402"]) == .use(.sixel))
        #expect(decide(["TERM": "foot"]) == .use(.sixel))
        #expect(decide(["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"]) == .use(.symbols))
        #expect(decide(["TERM": "xterm-256color", "TERM_PROGRAM": "vscode", "COLORTERM": "truecolor"]) == .use(.symbols))
        #expect(decide(["TERM": "xterm-256color", "VTE_VERSION": "7006"]) == .use(.symbols))
        #expect(decide(["TERM": "linux"]) == .use(.symbols))
        #expect(decide(["TERM": "dumb"]) == .use(.symbols))
        #expect(decide(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .query)
    }

    @Test("urxvt (COLORTERM=rxvt-xpm, TERM rxvt*) and xterm with no protocol of its own known: symbols, never a query")
    func urxvt() {
        #expect(decide(["TERM": "rxvt-unicode-256color", "COLORTERM": "rxvt-xpm"]) == .use(.symbols))
        #expect(decide(["TERM": "rxvt-unicode"]) == .use(.symbols))
        #expect(decide(["TERM": "xterm-256color", "COLORTERM": "rxvt-xpm"]) == .use(.symbols))
        #expect(decide(["TERM": "xterm-256color", "COLORTERM": "rxvt"]) == .use(.symbols))
        #expect(decide(["TERM": "mlterm", "MLTERM": "3.9.3"]) == .use(.sixel))
        #expect(decide(["TERM": "xterm-256color", "MLTERM": "3.9.3"]) == .use(.sixel))
        #expect(decide(["TERM": "xterm-256color", "XTERM_VERSION": "XTerm(379)"]) == .query, "xterm: DA1 says whether sixel is on")
    }

    @Test("inside tmux: kitty or sixel only through passthrough, iTerm2 never, otherwise symbols; never a query")
    func tmux() {
        let kittyInTmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "3"]
        #expect(decide(kittyInTmux, passthrough: true) == .use(.kitty))
        #expect(decide(kittyInTmux, passthrough: false) == .use(.symbols))
        #expect(decide(["TERM": "screen-256color", "TMUX": "x", "KONSOLE_VERSION": "1"], passthrough: true) == .use(.sixel))
        #expect(decide(["TERM": "tmux-256color", "TMUX": "x", "LC_TERMINAL": "iTerm2"], passthrough: true) == .use(.symbols))
        #expect(decide(["TERM": "tmux-256color", "TMUX": "x"], passthrough: true) == .use(.symbols))
    }

    @Test("the terminal an environment names, inside tmux the one tmux runs in; REP vetoed only for urxvt itself")
    func identity() {
        let urxvt = TerminalIdentity(environment: ["TERM": "xterm-256color", "COLORTERM": "rxvt-xpm"])
        #expect(urxvt == TerminalIdentity(outer: .urxvt, insideMultiplexer: false))
        #expect(urxvt.lacksRepeat && urxvt.lacksImages && urxvt.imageProtocol == nil)
        let urxvtTmux = TerminalIdentity(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "COLORTERM": "rxvt-xpm"])
        #expect(urxvtTmux == TerminalIdentity(outer: .urxvt, insideMultiplexer: true) && !urxvtTmux.lacksRepeat)
        let kittyTmux = TerminalIdentity(environment: ["TERM": "screen-256color", "TMUX": "x", "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "1"])
        #expect(kittyTmux.outer == .kitty && kittyTmux.insideMultiplexer && kittyTmux.imageProtocol == .kitty)
        #expect(TerminalIdentity(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "tmux", "TMUX": "x"]).outer == nil,
                "tmux's own TERM_PROGRAM names no outer terminal")
        #expect(TerminalIdentity(environment: ["TERM": "xterm-256color", "XTERM_VERSION": "XTerm(379)"]).outer == .xterm)
        #expect(TerminalIdentity(environment: ["TERM": "xterm-256color", "WEZTERM_PANE": "3"]).imageProtocol == .iterm)
        #expect(TerminalIdentity(environment: ["TERM": "xterm-256color"]).outer == nil)
        #expect(!TerminalIdentity(environment: ["TERM": "xterm-kitty"]).lacksRepeat)
    }

    @Test("the passthrough question is asked only inside tmux")
    func asksOnlyInTmux() {
        var asked = false
        _ = ImageModeDetector.decide(environment: ["TERM": "xterm-kitty"], tmuxAllowsPassthrough: { asked = true; return true })
        #expect(!asked)
    }

    @Test("the query's reply: DA1 with 4 (sixel), keys typed meanwhile kept apart")
    func reply() {
        let sixel = ImageModeDetector.mode(fromReply: Array("j\u{1B}[?63;1;2;4;6c".utf8))
        #expect(sixel == .init(mode: .sixel, isComplete: true, keys: Array("j".utf8)))
        let plain = ImageModeDetector.mode(fromReply: Array("\u{1B}[?1;2c".utf8))
        #expect(plain == .init(mode: .symbols, isComplete: true, keys: []))
        let partial = ImageModeDetector.mode(fromReply: Array("\u{1B}[6;17;8t".utf8))
        #expect(partial.mode == .symbols && !partial.isComplete)
    }

    @Test("the query asks for the cell size (16t) and the window's pixels (14t) before DA1, which ends it; no APC, DCS or OSC")
    func queryBytes() {
        let text = String(decoding: ImageModeDetector.queryBytes, as: UTF8.self)
        #expect(text == "\u{1B}[16t\u{1B}[14t\u{1B}[c")
        #expect(!text.contains("\u{1B}_") && !text.contains("\u{1B}P") && !text.contains("\u{1B}]"))
    }

    @Test("cell size replies: CSI 6;h;w t is the cell, CSI 4;h;w t the window over its cells; 16t preferred")
    func cellSizeReplies() {
        let both = ImageModeDetector.mode(fromReply: Array("\u{1B}[6;17;8t\u{1B}[4;408;640t\u{1B}[?63;4c".utf8))
        #expect(both.cell == CellPixelSize(width: 8, height: 17) && both.mode == .sixel && both.isComplete && both.keys.isEmpty)
        #expect(both.cell(columns: 80, rows: 24) == CellPixelSize(width: 8, height: 17))
        let window = ImageModeDetector.mode(fromReply: Array("\u{1B}[4;312;480t\u{1B}[?62c".utf8))
        #expect(window.cell == nil && window.cell(columns: 80, rows: 24) == CellPixelSize(width: 6, height: 13))
        #expect(window.cell(columns: 0, rows: 24) == nil)
    }

    @Test("garbage, zero or absurd sizes and no answer give no cell size; stray bytes stay keys")
    func cellSizeGarbage() {
        let zero = ImageModeDetector.mode(fromReply: Array("\u{1B}[6;0;0t\u{1B}[4;0;0t\u{1B}[?62c".utf8))
        #expect(zero.cell(columns: 80, rows: 24) == nil && zero.isComplete)
        let huge = ImageModeDetector.mode(fromReply: Array("\u{1B}[6;99999;99999t\u{1B}[?62c".utf8))
        #expect(huge.cell == nil)
        let overlong = ImageModeDetector.mode(fromReply: Array("\u{1B}[6;123456;8t".utf8))
        #expect(overlong.cell == nil && !overlong.keys.isEmpty && !overlong.isComplete)
        let cut = ImageModeDetector.mode(fromReply: Array("\u{1B}[6;17".utf8))
        #expect(cut.cell == nil && !cut.isComplete)
        let silent = ImageModeDetector.mode(fromReply: [])
        #expect(silent.mode == .symbols && silent.cell(columns: 80, rows: 24) == nil && !silent.isComplete)
        let keys = ImageModeDetector.mode(fromReply: Array("q\u{1B}[Ax\u{1B}[?62c".utf8))
        #expect(keys.keys == Array("q\u{1B}[Ax".utf8))
    }

    @Test("tmux's pane visibility: attached, its window current, not behind another zoomed pane; the client's terminal")
    func paneVisibility() {
        let shown = TmuxPassthroughCheck.visibility(fromDisplay: "1 1 0 0 /dev/pts/3\n")
        #expect(shown?.visible == true && shown?.clientTerminal == "/dev/pts/3", "another pane of the window has the focus")
        #expect(TmuxPassthroughCheck.visibility(fromDisplay: "1 0 0 1 /dev/pts/3")?.visible == false, "another window shows")
        #expect(TmuxPassthroughCheck.visibility(fromDisplay: "1 1 1 0 /dev/pts/3")?.visible == false, "another pane is zoomed")
        #expect(TmuxPassthroughCheck.visibility(fromDisplay: "1 1 1 1 /dev/pts/3")?.visible == true, "this pane is zoomed")
        let detached = TmuxPassthroughCheck.visibility(fromDisplay: "0 1 0 1 ")
        #expect(detached?.visible == false && detached?.clientTerminal == nil)
        #expect(TmuxPassthroughCheck.visibility(fromDisplay: "1 1 0 1 pts/3")?.clientTerminal == nil, "only a /dev path")
        #expect(TmuxPassthroughCheck.visibility(fromDisplay: "garbage") == nil)
    }

    @Test("tmux's pane offset: pane top and left, plus the status line's rows when it is at the top")
    func paneOrigin() {
        #expect(TmuxPassthroughCheck.origin(fromDisplay: "12 40 on bottom\n").map { [$0.row, $0.column] } == [12, 40])
        #expect(TmuxPassthroughCheck.origin(fromDisplay: "0 0 on top").map { [$0.row, $0.column] } == [1, 0])
        #expect(TmuxPassthroughCheck.origin(fromDisplay: "5 3 2 top").map { [$0.row, $0.column] } == [7, 3])
        #expect(TmuxPassthroughCheck.origin(fromDisplay: "5 3 off top").map { [$0.row, $0.column] } == [5, 3])
        #expect(TmuxPassthroughCheck.origin(fromDisplay: "garbage") == nil)
        #expect(TmuxPassthroughCheck.origin(fromDisplay: "-1 3") == nil)
    }
}

/// `tmux show -gv allow-passthrough`, against a stand-in tmux on PATH.
@Suite("TmuxPassthroughCheck")
struct TmuxPassthroughCheckTests {
    func folder(answering answer: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("tmux")
        try Data("#!/bin/sh\n[ \"$*\" = \"show -gv allow-passthrough\" ] && echo \(answer)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return folder.path
    }

    @Test("on and all allow, off and a missing tmux do not")
    func answers() throws {
        for (answer, allowed) in [("on", true), ("all", true), ("off", false)] {
            let path = try folder(answering: answer)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(TmuxPassthroughCheck.isAllowed(environment: ["PATH": path]) == allowed, "\(answer)")
        }
        #expect(!TmuxPassthroughCheck.isAllowed(environment: ["PATH": "/nonexistent"]))
    }
}
