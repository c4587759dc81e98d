/// A `HookTrace` step as the `TraceLog` keeps it: with its sequence number, which counts every
/// step appended to that log from 1, so readers take what they have not seen by number
/// (`TraceLog.entries(after:)`) and notice steps the log no longer keeps.
public struct TraceEntry: Sendable, Hashable {
    public var sequence: Int
    public var trace: HookTrace

    public init(sequence: Int, trace: HookTrace) {
        self.sequence = sequence
        self.trace = trace
    }
}

/// What a reader of a `TraceLog` gets after its cursor: the entries still kept, in order, and
/// how many before them the log had already dropped (a reader that fell more than the log's
/// capacity behind; never silently).
public struct TraceSlice: Sendable, Hashable {
    public var entries: [TraceEntry]
    /// Entries after the cursor that are no longer kept.
    public var missed: Int

    public init(entries: [TraceEntry], missed: Int = 0) {
        self.entries = entries
        self.missed = missed
    }

    /// The sequence number to read after next time.
    public func cursor(from previous: Int) -> Int { entries.last?.sequence ?? previous + missed }
}
