import Synchronization

/// The screen ids of an app by their normalised form (lowercased, without `-`, `_` and
/// spaces), built once, on the first lookup of a validation run, so that suggesting a screen
/// for each of n dangling targets costs O(n) in all rather than O(n × screens).
final class SuggestionIndex: Sendable {
    private let screenIDs: [String]
    private let index = Mutex<[String: String]?>(nil)

    init(screenIDs: [String]) {
        self.screenIDs = screenIDs
    }

    /// The first screen id (in river order) whose normalised form is the target's.
    func screenID(matching target: String) -> String? {
        let key = Self.normalized(target)
        return index.withLock { index in
            if index == nil {
                var built = [String: String](minimumCapacity: screenIDs.count)
                for id in screenIDs where !id.isEmpty {
                    let normalized = Self.normalized(id)
                    if built[normalized] == nil { built[normalized] = id }
                }
                index = built
            }
            return index?[key]
        }
    }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
