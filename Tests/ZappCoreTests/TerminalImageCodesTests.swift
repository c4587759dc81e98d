import Foundation
import Testing
import ZappCore

/// The kitty, iTerm2 and tmux passthrough bytes, byte by byte.
@Suite("TerminalImageCodes")
struct TerminalImageCodesTests {
    @Test("kitty: one chunk for a small image: transmitted only (a=t), PNG, id, quiet, m=0")
    func kittySmall() {
        let bytes = TerminalImageCodes.kittyImage(png: [1, 2, 3], id: 42)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}_Ga=t,f=100,t=d,i=42,q=2,m=0;AQID\u{1B}\\")
    }

    @Test("kitty: a placement over a cell box, whole or cropped to a source rectangle; a placement deleted alone")
    func kittyPlacement() {
        let whole = TerminalImageCodes.kittyPlace(id: 42, placement: 7, columns: 10, rows: 3, source: nil)
        #expect(String(decoding: whole, as: UTF8.self) == "\u{1B}_Ga=p,i=42,p=7,c=10,r=3,C=1,q=2\u{1B}\\")
        let cropped = TerminalImageCodes.kittyPlace(id: 42, placement: 8, columns: 4, rows: 1, source: (x: 60, y: 20, width: 40, height: 20))
        #expect(String(decoding: cropped, as: UTF8.self) == "\u{1B}_Ga=p,i=42,p=8,x=60,y=20,w=40,h=20,c=4,r=1,C=1,q=2\u{1B}\\")
        #expect(String(decoding: TerminalImageCodes.kittyDelete(id: 42, placement: 8), as: UTF8.self)
            == "\u{1B}_Ga=d,d=i,i=42,p=8,q=2\u{1B}\\")
    }

    @Test("the pixel size of a PNG from its header; other bytes have none")
    func pngSize() {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 44, 0, 0, 0, 40]
        #expect(TerminalImageCodes.pngSize(header).map { [$0.width, $0.height] } == [300, 40])
        #expect(TerminalImageCodes.pngSize(Array(header.prefix(20))) == nil)
        #expect(TerminalImageCodes.pngSize([UInt8](repeating: 0, count: 30)) == nil)
    }

    @Test("kitty: chunks of 4096 base64 bytes, m=1 on all but the last, keys only in the first")
    func kittyChunks() {
        let png = [UInt8](repeating: 7, count: 7000)  // 9336 base64 bytes: 4096 + 4096 + 1144
        let text = String(decoding: TerminalImageCodes.kittyImage(png: png, id: 5), as: UTF8.self)
        let chunks = text.components(separatedBy: "\u{1B}\\").dropLast()
        #expect(chunks.count == 3)
        #expect(chunks.allSatisfy { $0.hasPrefix("\u{1B}_G") })
        let heads = chunks.map { $0.dropFirst(3).prefix { $0 != ";" } }
        #expect(heads == ["a=t,f=100,t=d,i=5,q=2,m=1", "m=1", "m=0"])
        let payloads = chunks.map { $0.split(separator: ";", maxSplits: 1)[1] }
        #expect(payloads.map(\.count) == [4096, 4096, 1144])
        #expect(Data(base64Encoded: payloads.joined()) == Data(png))
    }

    @Test("kitty: delete by id and delete all; the id is read back from the image bytes")
    func kittyDelete() {
        #expect(String(decoding: TerminalImageCodes.kittyDelete(id: 42), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")
        #expect(String(decoding: TerminalImageCodes.kittyDeleteAll, as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(TerminalImageCodes.kittyImageID(in: TerminalImageCodes.kittyImage(png: [1], id: 77)) == 77)
        #expect(TerminalImageCodes.kittyImageID(in: Array("\u{1B}]1337;File=".utf8)) == nil)
        let id = TerminalImageCodes.kittyID(for: "logo.png 10x2")
        #expect(id == TerminalImageCodes.kittyID(for: "logo.png 10x2") && id != TerminalImageCodes.kittyID(for: "logo.png 10x3"))
        #expect(id > 0 && id < 1 << 31)
    }

    @Test("iTerm2: OSC 1337 File with size, width and height in cells, base64, BEL")
    func iTerm() {
        let text = String(decoding: TerminalImageCodes.iTermImage(png: [1, 2, 3], columns: 12, rows: 4), as: UTF8.self)
        #expect(text == "\u{1B}]1337;File=inline=1;size=3;width=12;height=4;preserveAspectRatio=1:AQID\u{07}")
    }

    @Test("tmux: each sequence in its own DCS passthrough with ESC doubled; bytes between pass as they are")
    func tmuxWrapping() {
        let kitty = TerminalImageCodes.kittyImage(png: [UInt8](repeating: 1, count: 3100), id: 1)
        let wrapped = String(decoding: TerminalImageCodes.tmuxPassthrough(kitty), as: UTF8.self)
        let parts = wrapped.components(separatedBy: "\u{1B}Ptmux;").dropFirst()
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.hasPrefix("\u{1B}\u{1B}_G") && $0.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\") })
        let iterm = TerminalImageCodes.iTermImage(png: [1], columns: 1, rows: 1)
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
