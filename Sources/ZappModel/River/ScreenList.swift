/// The screens of a river, in file order: decoded values, and for a large river (scanned at
/// load, `ScannedRiver`) the screens not decoded yet, known by their id, name and `home` mark
/// and decoded from the river's bytes when asked. The update reads decoded screens only: it
/// asks for the others (`ShellEffect.decodeScreens`) and stores what comes back (`store`).
/// Code outside the update (services, commands, whole-river passes) may read any screen: one
/// not decoded is decoded for that read, and not kept (issue 34: no pass holds them all).
public struct ScreenList: RandomAccessCollection, Sendable, Hashable {
    /// The decoded screens; nil where a screen is not decoded yet.
    private(set) var slots: [ScreenModel?]
    /// The river the screens not decoded yet come from; nil once every screen is decoded.
    private(set) var river: ScannedRiver?

    public init(_ screens: [ScreenModel]) {
        slots = screens
    }

    /// A scanned river's screens, `decoded` decoded already.
    init(river: ScannedRiver, decoded: [Int: ScreenModel] = [:]) {
        slots = [ScreenModel?](repeating: nil, count: river.count)
        self.river = river
        store(decoded)
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { slots.count }

    /// The screen at `position`; one not decoded yet is decoded now, and not kept (never in the
    /// update: see the type's note).
    public subscript(position: Int) -> ScreenModel {
        if let screen = slots[position] { return screen }
        return river!.screen(at: position)
    }

    /// The hooks of the screen at `position` when it is decoded (nil otherwise), read in place.
    public func decodedHooks(at position: Int) -> ScreenHooks? {
        slots.withUnsafeBufferPointer { $0[position]?.hooks }
    }

    /// Whether the screen at `position` is decoded.
    public func isDecoded(_ position: Int) -> Bool {
        slots[position] != nil
    }

    /// Whether some screen is not decoded yet.
    public var hasUndecoded: Bool {
        river != nil
    }

    /// The positions of the screens whose JSON may hold `text` as (part of) a string: every
    /// screen of a decoded list, and of a scanned river those its bytes say may
    /// (`ScannedRiver.positions(mayHolding:)`).
    public func positions(mayHolding text: String) -> [Int] {
        river == nil ? Array(slots.indices) : candidates(holding: text)
    }

    /// The screens at `positions`, decoded (what `.decodeScreens` does, off the main actor).
    public func decoding(_ positions: [Int]) -> [Int: ScreenModel] {
        guard let river else { return [:] }
        return river.screens(at: positions.filter { slots.indices.contains($0) && slots[$0] == nil })
    }

    /// Keeps decoded screens (`decoding`'s), by position; the river goes once all are.
    public mutating func store(_ screens: [Int: ScreenModel]) {
        guard river != nil else { return }
        for (position, screen) in screens where slots.indices.contains(position) && slots[position] == nil {
            slots[position] = screen
        }
        if !slots.contains(where: { $0 == nil }) { river = nil }
    }

    /// The screens decoded so far, in order.
    public var decoded: [ScreenModel] {
        slots.compactMap { $0 }
    }

    /// What a search over the screens found (`search(holding:where:)`).
    public enum Search<Match> {
        case found(Match)
        case notFound
        /// Screens not decoded yet may hold it: these positions, to decode and search again.
        case undecoded([Int])
    }

    /// The first non-nil `match` over the screens in order, reading only the screens whose JSON
    /// may hold `text` (a string that every matching screen holds, such as the id looked for),
    /// and only decoded ones: when a screen not decoded may come first, its positions.
    public func search<Match>(holding text: String, where match: (ScreenModel) -> Match?) -> Search<Match> {
        var waiting: [Int] = []
        for position in candidates(holding: text) {
            if let screen = slots[position] {
                if waiting.isEmpty, let found = match(screen) { return .found(found) }
            } else {
                waiting.append(position)
            }
        }
        return waiting.isEmpty ? .notFound : .undecoded(waiting)
    }

    /// `search`, reading the screens not decoded yet too (outside the update).
    public func first<Match>(holding text: String, where match: (ScreenModel) -> Match?) -> Match? {
        for position in candidates(holding: text) {
            if let found = match(self[position]) { return found }
        }
        return nil
    }

    private func candidates(holding text: String) -> [Int] {
        guard let river else { return Array(slots.indices) }
        let hits = river.positions(mayHolding: text)
        var isHit = [Bool](repeating: false, count: slots.count)
        for position in hits { isHit[position] = true }
        // A decoded screen is looked at whatever its bytes hold (they are the same screen).
        return slots.indices.filter { isHit[$0] || slots[$0] != nil }
    }

    /// How the home screen is chosen: the one rule, which `run` opens and `validate` reports.
    public enum HomeChoice: Sendable, Hashable {
        /// The first screen with `"home": true`.
        case marked(Int)
        /// No screen has a `home` key at all (Applicaster's single-screen examples): the first
        /// screen opens as home; a warning.
        case firstByDefault(Int)
        /// Screens say `home` but none is true: the first screen opens all the same; an error.
        case unmarked(Int)
        /// No screens.
        case none

        /// The index of the screen that opens as home.
        public var index: Int? {
            switch self {
            case .marked(let index), .firstByDefault(let index), .unmarked(let index): index
            case .none: nil
            }
        }
    }

    /// How the home screen is chosen (`HomeChoice`), known without decoding the screens.
    public var homeChoice: HomeChoice {
        guard !slots.isEmpty else { return .none }
        let marked: Int?
        let hasHomeKey: Bool
        if let river {
            marked = river.homeFlags.firstIndex(of: true)
            hasHomeKey = river.hasHomeKey
        } else {
            marked = slots.firstIndex { $0!.isHome }
            hasHomeKey = slots.contains { $0!.hasHomeKey }
        }
        if let marked { return .marked(marked) }
        return hasHomeKey ? .unmarked(0) : .firstByDefault(0)
    }

    /// Where the home screen is (`homeChoice`); nil when there are no screens.
    var homeIndex: Int? {
        homeChoice.index
    }

    /// Where the screen `id` is in the river (`$[position]` in its JSON paths), found without
    /// decoding; nil when no screen has that id.
    public func position(ofID id: String) -> Int? {
        ids.firstIndex(of: id)
    }

    /// Each screen's id, in order (read without decoding).
    public var ids: [String] {
        river?.ids ?? slots.map { $0!.id }
    }

    /// The id of the screen at `position`, read without decoding it.
    public func id(at position: Int) -> String {
        slots[position]?.id ?? river!.ids[position]
    }

    /// The name of the screen at `position`, read without decoding it.
    public func name(at position: Int) -> String {
        slots[position]?.name ?? river!.names[position]
    }

    /// Whether the screen at `position` says `"home": true`, read without decoding it.
    public func isHome(at position: Int) -> Bool {
        slots[position]?.isHome ?? river!.homeFlags[position]
    }

    /// Where the first screen named `name` (case-insensitively) is, found without decoding.
    func position(ofName name: String) -> Int? {
        let key = name.lowercased()
        return slots.indices.first { self.name(at: $0).lowercased() == key }
    }

    /// Lists are equal when they hold equal screens (those not decoded are decoded to compare,
    /// unless both lists come from the same bytes).
    public static func == (lhs: ScreenList, rhs: ScreenList) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if let left = lhs.river, let right = rhs.river, left.hasSameBytes(as: right) {
            return zip(lhs.slots, rhs.slots).allSatisfy { left, right in left == nil || right == nil || left == right }
        }
        return lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}
