/// One screen of `river.json`: identity, its navigations (nav bar and root menu),
/// hooks, UI components and per-screen configuration.
public struct ScreenModel: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// `general_content` or a plugin screen type (a hook screen's plugin identifier, ...).
    public var type: String
    public var isHome: Bool
    /// The river gives the screen a `home` key, whatever its value (`ScreenList.homeChoice`:
    /// a river where no screen has one opens with its first screen as home, without an error).
    public var hasHomeKey: Bool
    public var navigations: [NavigationModel]
    public var hooks: ScreenHooks
    public var uiComponents: [UIComponent]
    public var styles: JSONObject
    public var general: JSONObject
    public var data: JSONObject
    public var rules: JSONObject

    /// `hasHomeKey` defaults to `isHome` (a screen made in code says `home` only when it is home).
    public init(
        id: String, name: String, type: String = "general_content", isHome: Bool = false, hasHomeKey: Bool? = nil,
        navigations: [NavigationModel] = [], hooks: ScreenHooks = ScreenHooks(),
        uiComponents: [UIComponent] = [], styles: JSONObject = [:], general: JSONObject = [:],
        data: JSONObject = [:], rules: JSONObject = [:]
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.isHome = isHome
        self.hasHomeKey = hasHomeKey ?? isHome
        self.navigations = navigations
        self.hooks = hooks
        self.uiComponents = uiComponents
        self.styles = styles
        self.general = general
        self.data = data
        self.rules = rules
    }

    /// The screen's own navigation bar model (the first `category: nav_bar` navigation).
    public var navBar: NavigationModel? {
        navigations.first { $0.category == .navBar }
    }

    /// The root menu navigation (the first `category: menu`); only read from home.
    public var menu: NavigationModel? {
        navigations.first { $0.category == .menu }
    }

    /// UI components in the order they are drawn (`position`, then as written).
    public var orderedComponents: [UIComponent] {
        uiComponents.enumerated()
            .sorted { ($0.element.position ?? Int.max, $0.offset) < ($1.element.position ?? Int.max, $1.offset) }
            .map(\.element)
    }
}

/// `hooks.preload_plugins` and `hooks.postload_plugins` of a screen.
public struct ScreenHooks: Sendable, Hashable {
    public var preload: [HookReference]
    public var postload: [HookReference]

    public init(preload: [HookReference] = [], postload: [HookReference] = []) {
        self.preload = preload
        self.postload = postload
    }

    public var isEmpty: Bool { preload.isEmpty && postload.isEmpty }
}

/// One hook entry: the plugin `identifier`, its `type`, and for hook screens the `screen_id`.
public struct HookReference: Sendable, Hashable {
    public var identifier: String
    public var type: String
    public var screenID: String?

    public init(identifier: String, type: String, screenID: String? = nil) {
        self.identifier = identifier
        self.type = type
        self.screenID = screenID
    }
}

/// A UI component drawn in the screen area (hero, list, grid, screen picker, ...).
public struct UIComponent: Sendable, Hashable {
    public var id: String?
    public var componentType: String
    public var position: Int?
    public var data: JSONObject
    public var rules: JSONObject
    public var styles: JSONObject

    public init(
        id: String? = nil, componentType: String, position: Int? = nil,
        data: JSONObject = [:], rules: JSONObject = [:], styles: JSONObject = [:]
    ) {
        self.id = id
        self.componentType = componentType
        self.position = position
        self.data = data
        self.rules = rules
        self.styles = styles
    }
}
