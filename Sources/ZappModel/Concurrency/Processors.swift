import CProcess

/// How many processors this process may run on: the width of the executor's pool and of the
/// parallel decoding and validation (ARCHITECTURE.md, "Start").
///
/// Why not `ProcessInfo.activeProcessorCount`: on Linux it also reads the cgroup's CPU quota
/// through FoundationEssentials' URL and file APIs, about 0.7 ms before the first frame, where
/// this is one `sched_getaffinity` call. A CPU quota only slows the threads down; the affinity
/// mask is what the scheduler can actually run them on.
public enum Processors {
    /// The processors in this process's affinity mask, at least 1; read once.
    public static let available = Int(zapp_available_processors())
}
