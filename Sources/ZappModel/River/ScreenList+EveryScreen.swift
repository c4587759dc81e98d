import Synchronization

extension ScreenList {
    /// The diagnostics each of `checks` finds in every screen, one list per check in river
    /// order, in one pass. A scanned river's screens are decoded as they are read, on several
    /// threads for a large one, and none is kept: the pass holds the river's bytes and one
    /// screen per thread (issue 34). Each list holds at most `DiagnosticLimit.perPass`, and
    /// says how many more it left out.
    public func diagnosticsOfEveryScreen(
        file: String, _ checks: [@Sendable (Int, ScreenModel) -> [Diagnostic]]
    ) -> [[Diagnostic]] {
        let lanes = hasUndecoded ? ScannedRiver.lanes(decoding: count) : 1
        let size = (count + lanes - 1) / lanes
        typealias Found = [(held: [Diagnostic], dropped: Int)]
        let found = Mutex([Found](repeating: [], count: lanes))
        ParallelLanes.run(lanes) { lane in
            var lists: Found = Array(repeating: ([], 0), count: checks.count)
            var reader = reader()
            for position in (lane * size)..<Swift.min(count, (lane + 1) * size) {
                let screen = reader.screen(at: position)
                for (number, check) in checks.enumerated() {
                    let diagnostics = check(position, screen)
                    let room = Swift.max(0, DiagnosticLimit.perPass - lists[number].held.count)
                    lists[number].held += diagnostics.prefix(room)
                    lists[number].dropped += Swift.max(0, diagnostics.count - room)
                }
            }
            found.withLock { $0[lane] = lists }
        }
        let lanesFound = found.withLock { $0 }
        return checks.indices.map { number in
            let parts = lanesFound.map { $0[number] }
            return DiagnosticLimit.capped(Array(parts.map(\.held).joined()), dropped: parts.reduce(0) { $0 + $1.dropped }, file: file)
        }
    }
}
