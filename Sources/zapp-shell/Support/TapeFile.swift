#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShellCore
import ShellUI
import ZappModel

/// Where the paths a tape names point: a tape keeps the app, plugins and feed map paths
/// relative to its own folder, so it can be replayed from anywhere and moved with its app.
enum TapeFile {
    /// `path` (as typed on the command line) as a tape in `tapeFolder` names it: URLs as they
    /// are, local paths relative to the tape's folder.
    static func written(_ path: String, tapeFolder: String) -> String {
        if path.isWebURL { return path }
        let absolute = absolutePath(path.lowercased().hasPrefix("file://") ? String(path.dropFirst(7)) : path)
        let from = components(absolutePath(tapeFolder))
        let to = components(absolute)
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let relative = Array(repeating: "..", count: from.count - common) + to[common...]
        return relative.isEmpty ? "." : relative.joined(separator: "/")
    }

    /// A path from a tape's header, for the commands: URLs and absolute paths as they are,
    /// others relative to the tape's folder.
    static func resolved(_ written: String, tapeFolder: String) -> String {
        if written.isWebURL || written.hasPrefix("/") || written.lowercased().hasPrefix("file://") { return written }
        return absolutePath(tapeFolder.isEmpty ? written : tapeFolder + "/" + written)
    }

    /// The folder a tape file is in.
    static func folder(of tape: String) -> String {
        URL(fileURLWithPath: absolutePath(tape)).deletingLastPathComponent().path
    }

    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    /// Writes `tape` to `path` (replacing it) as a 0600 file (a tape holds what was typed, a
    /// password too), through a temporary name beside it; or says why it cannot.
    static func write(_ tape: Tape, to path: String) throws {
        let temporary = FileSystem.path(".\(UUID().uuidString).tape.tmp", in: folder(of: path))
        try PrivateFile.replace(path, with: Array(tape.text.utf8), through: temporary)
    }
}
