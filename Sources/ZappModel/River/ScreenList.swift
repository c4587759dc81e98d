/// The screens of a river, in file order: held decoded (an eager load, an app built in code)
/// or decoded as they are first read (`run`'s load, `LazyRiver`). Reading a screen of a lazy
/// list decodes it then, so code that walks every screen works either way, but does the
/// decoding work there; what the first frame needs reads only the screens it shows.
public struct ScreenList: RandomAccessCollection, Sendable, Hashable {
    private enum Storage: Sendable {
        case decoded([ScreenModel])
        case lazy(LazyRiver)
    }

    private let storage: Storage

    public init(_ screens: [ScreenModel]) {
        storage = .decoded(screens)
    }

    init(river: LazyRiver) {
        storage = .lazy(river)
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .decoded(let screens): screens.count
        case .lazy(let river): river.count
        }
    }

    public subscript(position: Int) -> ScreenModel {
        switch storage {
        case .decoded(let screens): screens[position]
        case .lazy(let river): river.screen(at: position)
        }
    }

    /// Every screen, as an array (a lazy list decodes the screens not decoded yet).
    public var array: [ScreenModel] {
        switch storage {
        case .decoded(let screens): screens
        case .lazy: Array(self)
        }
    }

    /// The screens decoded so far, in order (all of them unless the list is lazy).
    public var decoded: [ScreenModel] {
        switch storage {
        case .decoded(let screens): screens
        case .lazy(let river): river.decodedScreens
        }
    }

    /// The first non-nil `match` over the screens in order, reading only the screens whose JSON
    /// may hold `text` (a string that every matching screen holds, such as the id looked for):
    /// a lazy list leaves the others undecoded.
    public func first<Match>(holding text: String, where match: (ScreenModel) -> Match?) -> Match? {
        switch storage {
        case .decoded(let screens):
            for index in screens.indices {
                if let found = match(screens[index]) { return found }
            }
        case .lazy(let river):
            for position in river.positions(mayHolding: text) {
                if let found = match(river.screen(at: position)) { return found }
            }
        }
        return nil
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

    /// How the home screen is chosen (`HomeChoice`). A lazy list knows the marks without
    /// decoding the screens.
    public var homeChoice: HomeChoice {
        let marked: Int?
        let hasHomeKey: Bool
        switch storage {
        case .decoded(let screens):
            guard !screens.isEmpty else { return .none }
            marked = screens.firstIndex { $0.isHome }
            hasHomeKey = screens.contains { $0.hasHomeKey }
        case .lazy(let river):
            guard !river.homeFlags.isEmpty else { return .none }
            marked = river.homeFlags.firstIndex(of: true)
            hasHomeKey = river.hasHomeKey
        }
        if let marked { return .marked(marked) }
        return hasHomeKey ? .unmarked(0) : .firstByDefault(0)
    }

    /// Where the home screen is (`homeChoice`); nil when there are no screens.
    var homeIndex: Int? {
        homeChoice.index
    }

    /// Where the screen `id` is in the river (`$[position]` in its JSON paths), found without
    /// decoding a lazy list; nil when no screen has that id.
    public func position(ofID id: String) -> Int? {
        ids.firstIndex(of: id)
    }

    /// Each screen's id, in order (read without decoding a lazy list).
    var ids: [String] {
        switch storage {
        case .decoded(let screens): screens.map(\.id)
        case .lazy(let river): river.ids
        }
    }

    /// Lists are equal when they hold equal screens; two views of one lazy river are equal
    /// without decoding it.
    public static func == (lhs: ScreenList, rhs: ScreenList) -> Bool {
        if case .lazy(let left) = lhs.storage, case .lazy(let right) = rhs.storage, left === right { return true }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}
