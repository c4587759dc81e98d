import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

#if canImport(Glibc)
import Glibc
#endif

/// Watches an app's folders for `run --watch` and says when a file in them changed (written and
/// closed, created, moved in or out, deleted) — river, plugins, content types, local feeds,
/// assets, and the folder of a theme file. On Linux it reads inotify events through a dispatch
/// read source (no polling); elsewhere a dispatch file-system source per folder. The runtime
/// debounces the calls (`ShellModel.reloadSettle`). Releasing the watcher stops it.
final class AppFileWatcher: Sendable {
    /// At most this many folders are watched (the app folder and its subfolders, breadth first).
    static let maximumFolders = 256

    /// The dispatch sources (cancelled when the watcher goes); only touched in init and deinit.
    private struct Sources: @unchecked Sendable {
        var all: [any DispatchSourceProtocol]
    }

    private let sources: Sources

    /// Starts watching `folders` and their subfolders; nil when nothing could be watched.
    init?(folders: [URL], onChange: @escaping @Sendable () -> Void) {
        let all = Self.foldersToWatch(folders)
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
        var watched = 0
        for folder in all where inotify_add_watch(descriptor, folder.path, mask) >= 0 { watched += 1 }
        guard watched > 0 else {
            close(descriptor)
            return nil
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "zapp-shell.watch"))
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var changed = false
            while read(descriptor, &buffer, buffer.count) > 0 { changed = true }
            if changed { onChange() }
        }
        source.setCancelHandler { close(descriptor) }
        source.activate()
        sources = Sources(all: [source])
        #else
        let queue = DispatchQueue(label: "zapp-shell.watch")
        let made: [any DispatchSourceProtocol] = all.compactMap { folder in
            let descriptor = open(folder.path, O_EVTONLY)
            guard descriptor >= 0 else { return nil }
            let source = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .extend], queue: queue)
            source.setEventHandler { onChange() }
            source.setCancelHandler { close(descriptor) }
            source.activate()
            return source
        }
        guard !made.isEmpty else { return nil }
        sources = Sources(all: made)
        #endif
    }

    deinit {
        for source in sources.all { source.cancel() }
    }

    /// The folders and their subfolders (hidden ones and SwiftPM's build folders left out),
    /// at most `maximumFolders`.
    static func foldersToWatch(_ roots: [URL]) -> [URL] {
        var result: [URL] = []
        var queue = roots.map(\.standardizedFileURL)
        var seen = Set<String>()
        let manager = FileManager.default
        while !queue.isEmpty, result.count < maximumFolders {
            let folder = queue.removeFirst()
            guard seen.insert(folder.path).inserted else { continue }
            guard FileSystem.isDirectory(atPath: folder.path) else { continue }
            result.append(folder)
            let children = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in children.sorted() where !name.hasPrefix(".") {
                let child = folder.appendingPathComponent(name)
                if FileSystem.isDirectory(atPath: child.path) { queue.append(child) }
            }
        }
        return result
    }
}
