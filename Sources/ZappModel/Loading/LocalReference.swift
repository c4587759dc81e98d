#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one rule for what an app's own references (assets, text logos, feeds, images) may read
/// from the disk (ARCHITECTURE.md, "Threat model"): a local app reads only inside its folder (an
/// absolute path, a `file://` URL or a `..` that leaves it is refused, symbolic links resolved);
/// an app fetched over http(s) reads nothing local (a `file://` URL is refused; a path names a
/// file on its origin).
public enum LocalReference {
    /// Where a reference leads.
    public enum Resolution: Sendable, Hashable {
        /// An http(s) URL, or for a remote app a path on its origin: not read from the disk.
        case notLocal
        /// A file inside the app folder (its path; it may not exist).
        case file(String)
        /// Not read: why, as a phrase ("is outside the app folder").
        case refused(String)
    }

    /// Where `reference` leads for an app whose folder is `folder` (a `file:` URL for a local
    /// app, an http(s) one for a remote app, nil for neither: nothing local is read).
    public static func resolve(_ reference: String, folder: URL?) -> Resolution {
        let trimmed = reference.trimmingWhitespace
        if trimmed.isWebURL { return .notLocal }
        let isFileURL = trimmed.lowercased().hasPrefix("file://")
        guard let folder, folder.isFileURL else {
            if isFileURL { return .refused("is a file:// URL: an app fetched over the network reads nothing local") }
            return folder == nil ? .refused("is a local path, but the app has no folder") : .notLocal
        }
        let path: String
        if isFileURL {
            guard let url = URL(string: trimmed), !url.path.isEmpty else { return .refused("is not a valid file URL") }
            path = url.path
        } else if trimmed.hasPrefix("/") {
            path = trimmed
        } else {
            path = FileSystem.path(trimmed, in: folder.path)
        }
        return isInside(path, folder: folder.path) ? .file(path) : .refused("is outside the app folder: an app reads only its own files")
    }

    /// True when `path` lies inside `folder`, both with symbolic links resolved as far as they
    /// exist (a missing file is judged by its nearest existing folder and the rest of its name).
    static func isInside(_ path: String, folder: String) -> Bool {
        guard let root = FileSystem.resolvedPath(folder) else { return false }
        let resolved = resolvedAsFarAsItExists(path)
        return resolved.utf8.starts(with: (root == "/" ? "/" : root + "/").utf8)
    }

    private static func resolvedAsFarAsItExists(_ path: String) -> String {
        var head = path
        var tail: [String] = []
        // Each `realpath` reads every link on its way (one `readlink` per folder), so each head
        // is resolved once.
        var resolved = FileSystem.resolvedPath(head)
        while resolved == nil, head != "/", head != "." {
            tail.insert(String(head.split(separator: "/").last ?? ""), at: 0)
            head = FileSystem.parent(of: head)
            resolved = FileSystem.resolvedPath(head)
        }
        // A path that exists is `realpath`'s answer as it is: absolute, without `.`, `..` or `//`.
        if tail.isEmpty, let resolved { return resolved }
        var parts = (resolved ?? head).split(separator: "/").map(String.init)
        for part in tail {
            if part == ".." { _ = parts.popLast() } else if part != "." && !part.isEmpty { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
