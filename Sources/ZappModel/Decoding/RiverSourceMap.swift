/// Where decoded hook entries came from, for the few places where decoding drops entries
/// (hook entries without a string identifier and type). Screens, navigations, nav items and
/// components are never dropped, so their decoded index is their index in the file.
struct RiverSourceMap: Sendable, Hashable {
    /// For a screen index, the file index of each kept `preload_plugins` entry (only when some were dropped).
    var preloadIndices: [Int: [Int]] = [:]
    /// The same for `postload_plugins`.
    var postloadIndices: [Int: [Int]] = [:]

    /// Adds the entries of a map made for other screens (another part of the same river).
    mutating func merge(_ other: RiverSourceMap) {
        preloadIndices.merge(other.preloadIndices) { own, _ in own }
        postloadIndices.merge(other.postloadIndices) { own, _ in own }
    }

    func preloadIndex(screen: Int, hook: Int) -> Int {
        preloadIndices[screen].map { $0[hook] } ?? hook
    }

    func postloadIndex(screen: Int, hook: Int) -> Int {
        postloadIndices[screen].map { $0[hook] } ?? hook
    }
}
