/// Which image of a feed entry is its artwork, the one rule both feed formats use: the item
/// keyed `image_base`, else the first keyed `thumb_*` or `thumbnail`, else the first image
/// item. Pipes2 items are `media_group[].media_item[]` (`key`, `src`); Atom items are
/// `media:thumbnail` / `media:content` (a `key` attribute, or `thumbnail` for a thumbnail).
public enum Artwork {
    /// One image an entry names: its key (nil when unkeyed), address, and the JSON path (or
    /// XML location) that names it, for warnings about it.
    public struct Candidate: Sendable, Hashable {
        public var key: String?
        public var address: String
        public var path: String

        public init(key: String?, address: String, path: String) {
            self.key = key
            self.address = address
            self.path = path
        }
    }

    /// The artwork among `candidates` (in the order the entry lists them), or nil when none.
    public static func choose(_ candidates: [Candidate]) -> Candidate? {
        if let base = candidates.first(where: { $0.key?.lowercased() == "image_base" }) { return base }
        if let thumb = candidates.first(where: { isThumbnailKey($0.key) }) { return thumb }
        return candidates.first
    }

    private static func isThumbnailKey(_ key: String?) -> Bool {
        guard let key = key?.lowercased() else { return false }
        return key.hasPrefix("thumb_") || key == "thumbnail" || key == "thumb"
    }
}
