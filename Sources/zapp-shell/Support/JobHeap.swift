/// A binary heap of jobs, least key first: `GlobalExecutor`'s ready jobs (by priority, then in
/// the order they came) and its delayed jobs (by deadline, then in the order they came).
struct JobHeap<Key: Comparable> {
    private var entries: [(key: Key, job: UnownedJob)] = []

    /// The least key.
    var first: Key? { entries.first?.key }

    mutating func push(_ job: UnownedJob, key: Key) {
        entries.append((key, job))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].key < entries[parent].key else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the job with the least key.
    mutating func pop() -> UnownedJob? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let job = entries.removeLast().job
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var least = parent
            if left < entries.count, entries[left].key < entries[least].key { least = left }
            if right < entries.count, entries[right].key < entries[least].key { least = right }
            guard least != parent else { break }
            entries.swapAt(parent, least)
            parent = least
        }
        return job
    }
}
