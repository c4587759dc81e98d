/// An entry of a screen's `navigations[]`: its navigation bar or its root menu.
public struct NavigationModel: Sendable, Hashable {
    public var id: String?
    public var category: NavigationCategory
    /// The plugin identifier that draws this navigation (`navigation_type`).
    public var navigationType: String?
    public var navItems: [NavItem]
    public var styles: NavBarStyles
    public var assets: NavBarAssets
    public var rules: JSONObject

    public init(
        id: String? = nil, category: NavigationCategory, navigationType: String? = nil,
        navItems: [NavItem] = [], styles: NavBarStyles = NavBarStyles(), assets: NavBarAssets = NavBarAssets(),
        rules: JSONObject = [:]
    ) {
        self.id = id
        self.category = category
        self.navigationType = navigationType
        self.navItems = navItems
        self.styles = styles
        self.assets = assets
        self.rules = rules
    }
}

/// `navigations[].category`.
public enum NavigationCategory: Sendable, Hashable {
    case navBar
    case menu
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "nav_bar": self = .navBar
        case "menu": self = .menu
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .navBar: return "nav_bar"
        case .menu: return "menu"
        case .other(let raw): return raw
        }
    }
}

/// A navigation item: a nav-bar button or a root-menu entry, possibly nested.
public struct NavItem: Sendable, Hashable, Identifiable {
    public var id: String
    public var title: String
    /// `button`, `live_drawer`, `label`, `header`, `nested_menu`, `applicaster_epg`, ...
    public var type: String
    public var data: NavItemData
    public var assets: JSONObject
    public var styles: JSONObject
    public var navItems: [NavItem]

    public init(
        id: String, title: String, type: String, data: NavItemData = NavItemData(),
        assets: JSONObject = [:], styles: JSONObject = [:], navItems: [NavItem] = []
    ) {
        self.id = id
        self.title = title
        self.type = type
        self.data = data
        self.assets = assets
        self.styles = styles
        self.navItems = navItems
    }
}

extension NavItem {
    /// What a root-menu item of a `type` is (case ignored); nil for a type the root menu does not
    /// show. The one list both the menu (`RootMenuItem` in ZappCore) and `validate`'s warning use.
    public enum MenuRole: Sendable, Hashable {
        /// `label`, `button`, `screen`: opens its `data.target` (a screen, or a web page).
        case link
        /// `WEB_URL`: opens the web page in `data.source` (or an http(s) `data.target`).
        case webPage
        case header
        /// `nested_menu`, `collapsed`: holds nested items.
        case nested
        /// `applicaster_epg`, `applicaster_settings`: the white-label EPG and Settings screens.
        case epg, settings
    }

    /// The `type`s the root menu shows, as written in the SDK's documents.
    public static let menuTypes: KeyValuePairs<String, MenuRole> = [
        "label": .link, "button": .link, "screen": .link, "WEB_URL": .webPage, "header": .header,
        "nested_menu": .nested, "collapsed": .nested, "applicaster_epg": .epg, "applicaster_settings": .settings,
    ]

    /// This item's role in the root menu; nil when its type is not one of `menuTypes`.
    public var menuRole: MenuRole? {
        let folded = type.lowercased()
        return Self.menuTypes.first { $0.key.lowercased() == folded }?.value
    }
}

/// `nav_items[].data`: the target screen id (or URL) and its data source.
public struct NavItemData: Sendable, Hashable {
    public var target: String?
    public var source: String?
    public var type: String?
    public var connected: Bool?

    public init(target: String? = nil, source: String? = nil, type: String? = nil, connected: Bool? = nil) {
        self.target = target
        self.source = source
        self.type = type
        self.connected = connected
    }
}

/// `navigations[].styles` of a navigation bar.
public struct NavBarStyles: Sendable, Hashable {
    public var backgroundColor: ZappColor?
    public var titleColor: ZappColor?
    public var titleColorTablet: ZappColor?
    public var titleSize: Double?
    public var titleSizeTablet: Double?
    public var iosFontFamily: String?
    public var presentationStyle: PresentationStyle?
    public var style: BarStyle?
    /// A `style` that is neither left nor center: a custom style of the app's (in the SDK a xib
    /// named `DefaultNavigationBar` + the key), drawn as left and named in the warnings.
    public var customStyle: String?
    public var state: BarState?
    public var homescreenShowLogo: Bool?
    public var backgroundType: String?

    public init(
        backgroundColor: ZappColor? = nil, titleColor: ZappColor? = nil, titleColorTablet: ZappColor? = nil,
        titleSize: Double? = nil, titleSizeTablet: Double? = nil, iosFontFamily: String? = nil,
        presentationStyle: PresentationStyle? = nil, style: BarStyle? = nil, customStyle: String? = nil,
        state: BarState? = nil, homescreenShowLogo: Bool? = nil, backgroundType: String? = nil
    ) {
        self.backgroundColor = backgroundColor
        self.titleColor = titleColor
        self.titleColorTablet = titleColorTablet
        self.titleSize = titleSize
        self.titleSizeTablet = titleSizeTablet
        self.iosFontFamily = iosFontFamily
        self.presentationStyle = presentationStyle
        self.style = style
        self.customStyle = customStyle
        self.state = state
        self.homescreenShowLogo = homescreenShowLogo
        self.backgroundType = backgroundType
    }
}

/// `navigations[].assets` of a navigation bar: asset "URLs" (file paths, relative paths or remote URLs).
public struct NavBarAssets: Sendable, Hashable {
    public var appLogo: String?
    public var backButton: String?
    public var closeButton: String?
    public var menuButton: String?
    /// `background` or `background_image`.
    public var background: String?
    public var backgroundTablet: String?

    public init(
        appLogo: String? = nil, backButton: String? = nil, closeButton: String? = nil,
        menuButton: String? = nil, background: String? = nil, backgroundTablet: String? = nil
    ) {
        self.appLogo = appLogo
        self.backButton = backButton
        self.closeButton = closeButton
        self.menuButton = menuButton
        self.background = background
        self.backgroundTablet = backgroundTablet
    }
}

/// `styles.style`: where the title/logo sits.
public enum BarStyle: String, Sendable, Hashable, CaseIterable {
    case left
    case center
}

/// `styles.presentation_style`: what the bar shows in its title area.
public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    case logo
    case title
    case hidden
}

/// `styles.state`: how the bar is placed relative to the content.
public enum BarState: String, Sendable, Hashable, CaseIterable {
    case onTop = "on_top"
    case overlay
    case hidden
}
