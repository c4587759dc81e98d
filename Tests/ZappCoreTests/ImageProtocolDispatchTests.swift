import Foundation
import Testing
import ZappCore

/// The seam: every mode's protocol is a type of its own behind `TerminalImageProtocol`, chosen in
/// one place (`ImageMode.imageProtocol`); symbols place nothing; and no other source tells the
/// protocols apart.
@Suite("Image protocol dispatch")
struct ImageProtocolDispatchTests {
    @Test("each drawing mode has its type, whose mode is itself; auto and off have none")
    func types() {
        for mode in ImageMode.allCases {
            #expect(mode.imageProtocol?.mode == ([.auto, .off].contains(mode) ? nil : mode), "\(mode)")
        }
        #expect(ImageMode.allCases.filter(\.usesProtocol) == [.kitty, .iterm, .sixel])
        #expect(ImageMode.allCases.filter(\.needsCellSize) == [.iterm, .sixel])
    }

    @Test("symbols: drawn in the cells, nothing encoded, placed or cropped")
    func symbols() {
        let symbols = SymbolImageProtocol()
        let canvas = ImageProtocolFixtures.pixels
        let fit = ImageFit(imageWidth: 4, imageHeight: 12, columns: 2, rows: 2, cell: canvas.cell)
        #expect(!symbols.showsPixels && symbols.encode(canvas, png: [1], fit: fit, key: "k", encoders: .recording) == nil)
        let shown = ImageOnScreen(key: "art", column: 0, row: 0, columns: 2, rows: 2, bytes: [1], png: [])
        #expect(symbols.placement(of: shown, showing: shown.whole, encoded: nil) == nil)
        #expect(symbols.crop(shown.whole, of: ImageProtocolFixtures.prepared, encoders: .recording).failureMessage != nil)
    }

    /// The package's Sources folder.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("the protocols are told apart in one place: no code but ImageMode, their types, the detection and the option names one")
    func onePlace() throws {
        let allowed: Set<String> = [
            "ZappCore/Images/ImageMode.swift",  // the dispatch
            "ZappCore/Images/TerminalIdentity.swift", "ZappCore/Images/ImageModeDetector.swift",  // which terminal has which
            "zapp-shell/Options/ImageOption.swift",  // the option's help and tmux's note
        ]
        // A protocol's name in code (not a comment); "sixels", the encoding ZappPlugins gives, is not one.
        let pattern = try NSRegularExpression(pattern: "(kitty|iterm|sixel)(?!s)", options: .caseInsensitive)
        var naming: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let path = String(file.path.dropFirst(Self.sources.path.count + 1))
            guard !path.hasPrefix("ZappCore/Images/Protocols/"), !allowed.contains(path) else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let code = String(line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...])
                if pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil { naming.append("\(path): \(line)") }
            }
        }
        #expect(naming.isEmpty, "these tell the image protocols apart outside their types: \(naming.sorted())")
    }
}
