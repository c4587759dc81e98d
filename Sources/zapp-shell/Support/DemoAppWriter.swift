#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// Copies an app folder (normally the bundled demo app) into a destination folder, keeping its
/// layout: every regular file is copied, scripts (a `#!` first line or an executable source)
/// stay executable, and nothing is overwritten unless asked to.
struct DemoAppWriter {
    /// The folder to copy from.
    var source: URL
    var fileManager: FileManager = .default

    /// The paths of the files under `source`, relative to it, sorted.
    func relativeFilePaths() throws -> [String] {
        let root = source.standardizedFileURL.resolvingSymlinksInPath()
        guard let subpaths = try? fileManager.subpathsOfDirectory(atPath: root.path) else {
            throw DemoAppWriterError.unreadableSource(source.path)
        }
        let paths = subpaths.filter {
            FileSystem.kind(atPath: root.appendingPathComponent($0).path) == .regularFile
        }
        guard !paths.isEmpty else { throw DemoAppWriterError.unreadableSource(source.path) }
        return paths.sorted()
    }

    /// Writes every file of `source` into `destination` (created when missing).
    ///
    /// Checks everything before writing anything: when some files already exist and `force`
    /// is false, nothing is written and `DemoAppWriterError.existingFiles` lists them.
    /// - Returns: the relative paths written, sorted.
    @discardableResult
    func write(to destination: URL, force: Bool) throws -> [String] {
        let paths = try relativeFilePaths()
        if FileSystem.kind(atPath: destination.path) != .missing, !FileSystem.isDirectory(atPath: destination.path) {
            throw DemoAppWriterError.destinationIsNotAFolder(destination.path)
        }

        var existing: [String] = []
        for path in paths {
            let target = destination.appendingPathComponent(path)
            let kind = FileSystem.kind(atPath: target.path)
            guard kind != .missing else { continue }
            if kind == .directory { throw DemoAppWriterError.folderInTheWay(target.path) }
            existing.append(path)
        }
        if !existing.isEmpty && !force {
            throw DemoAppWriterError.existingFiles(destination: destination.path, paths: existing)
        }

        for path in paths {
            let from = source.appendingPathComponent(path)
            let to = destination.appendingPathComponent(path)
            do {
                try fileManager.createDirectory(
                    at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                let contents = try Data(contentsOf: from)
                try contents.write(to: to, options: .atomic)
                let mode = isScript(contents: contents, source: from) ? 0o755 : 0o644
                try fileManager.setAttributes([.posixPermissions: mode], ofItemAtPath: to.path)
            } catch {
                throw DemoAppWriterError.cannotWrite(to.path, reason: Self.reason(error))
            }
        }
        return paths
    }

    /// A file that must stay executable: it starts with `#!` or its source is executable.
    private func isScript(contents: Data, source: URL) -> Bool {
        contents.starts(with: Array("#!".utf8)) || fileManager.isExecutableFile(atPath: source.path)
    }

    private static func reason(_ error: Error) -> String {
        FileSystem.reason(error)
    }
}

/// Why `DemoAppWriter` could not write the app.
enum DemoAppWriterError: Error, Equatable, CustomStringConvertible {
    case unreadableSource(String)
    case destinationIsNotAFolder(String)
    case folderInTheWay(String)
    case existingFiles(destination: String, paths: [String])
    case cannotWrite(String, reason: String)

    var description: String {
        switch self {
        case .unreadableSource(let path):
            return "cannot read the app to copy at \(path)"
        case .destinationIsNotAFolder(let path):
            return "\(path) exists and is not a folder"
        case .folderInTheWay(let path):
            return "\(path) is a folder where the app has a file; move it away first"
        case .existingFiles(let destination, let paths):
            return "\(destination) already has "
                + (paths.count == 1 ? "a file" : "\(paths.count) files")
                + " that the demo app would overwrite: "
                + Self.list(paths)
                + "; choose an empty folder or pass --force to overwrite them"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }

    /// The first few paths, then how many more.
    private static func list(_ paths: [String], limit: Int = 5) -> String {
        let shown = paths.prefix(limit).joined(separator: ", ")
        return paths.count > limit ? "\(shown) and \(paths.count - limit) more" : shown
    }
}
