import CProcess

/// How many malloc arenas the process's threads share (glibc's `M_ARENA_MAX`).
///
/// glibc gives each new thread an arena of its own, up to eight a core, and the pages of a new
/// arena fault in one by one. ZappShell's main actor runs on libdispatch's worker threads once
/// the start is under way, so without a limit its first frame is drawn in fresh arenas.
public enum MallocArenas {
    /// At most `count` arenas from now on; call before any other thread starts. False where the
    /// C library has no such setting.
    @discardableResult
    public static func limit(to count: Int) -> Bool {
        zapp_limit_malloc_arenas(Int32(count)) == 1
    }
}
