import ZappModel

/// The SDK's `GANavigationBarManager`: resolves each screen's bar model, applies the home
/// fallback (home's model as it is; `on_top` forced only on white-label screens), the
/// one-context-button rule and the navigation-button kinds.
public struct NavigationBarManager: Sendable {
    public let app: ZappApp
    public let rootKind: RootKind

    public init(app: ZappApp, rootKind: RootKind) {
        self.app = app
        self.rootKind = rootKind
    }

    /// The bar of `screenID` shown at `position` in its stack.
    public func bar(for screenID: String, position: StackPosition) -> NavigationBar {
        let screen = app.anyScreen(id: screenID)
        let own = screen?.navBar
        let home = app.homeScreen?.navBar
        let model = own ?? home
        let fallback = own == nil
        let forcesOnTop = fallback && SyntheticScreen(screenID: screenID) != nil
        let isHome = screen?.id == app.homeScreen?.id

        var bar = NavigationBar(
            screenID: screenID, title: screen?.name ?? screenID, usesHomeFallback: fallback,
            forcesOnTop: forcesOnTop, isDefault: model == nil)
        bar.contextButton = contextButton(at: position)
        guard let model else { return bar }
        bar.styles = model.styles
        bar.assets = model.assets
        bar.style = model.styles.style ?? .left
        bar.customStyle = model.styles.customStyle
        bar.state = forcesOnTop ? .onTop : (model.styles.state ?? .onTop)
        var presentation = model.styles.presentationStyle ?? .title
        if isHome, model.styles.homescreenShowLogo == true { presentation = .logo }
        if presentation == .logo, (model.assets.appLogo ?? "").isEmpty { presentation = .title }
        bar.presentation = presentation
        bar.buttons = model.navItems.map { button(for: $0, currentScreenID: screenID) }
        return bar
    }

    /// The one-context-button rule: close on the root of a presented stack, back on any
    /// pushed screen, menu at a root whose root plugin supports it, else none.
    public func contextButton(at position: StackPosition) -> ContextButton {
        switch position {
        case .presented: return .close
        case .pushed: return .back
        case .root: return rootKind.supportsMenuButton ? .menu : .none
        }
    }

    /// Classifies a nav item as a navigation button; a button targeting the current screen is disabled.
    public func button(for item: NavItem, currentScreenID: String) -> NavigationButton {
        let title = item.title.isEmpty ? item.id : item.title
        switch item.type {
        case "button":
            if let url = item.data.webURL {
                return NavigationButton(id: item.id, title: title, kind: .url, target: url)
            }
            guard let target = item.data.target, !target.isEmpty else {
                return NavigationButton(id: item.id, title: title, kind: .unavailable, isEnabled: false, note: "no target")
            }
            if target.isWebURL {
                return NavigationButton(id: item.id, title: title, kind: .url, target: target)
            }
            guard app.hasAnyScreen(id: target) else {
                return NavigationButton(
                    id: item.id, title: title, kind: .unavailable, target: target,
                    note: "no screen \"\(target)\"")
            }
            let isCurrent = target == currentScreenID
            return NavigationButton(
                id: item.id, title: title, kind: .screen, target: target, isEnabled: !isCurrent,
                note: isCurrent ? "already on this screen" : nil)
        default:
            guard let kind = NavigationButton.Kind(rawValue: item.type), kind != .screen, kind != .url else {
                return NavigationButton(
                    id: item.id, title: title, kind: .unavailable, isEnabled: false,
                    note: "\(item.type) is not supported")
            }
            return NavigationButton(
                id: item.id, title: title, kind: kind,
                note: "\(title) opens a \(kind.componentName), which a terminal cannot show")
        }
    }
}

extension NavigationButton.Kind {
    /// What the SDK opens for this kind, for messages.
    public var componentName: String {
        switch self {
        case .screen: return "screen"
        case .url: return "web page"
        case .liveDrawer: return "live drawer"
        case .crossmates: return "Crossmates component"
        case .feed: return "feed component"
        case .chromecast: return "Chromecast player"
        case .unavailable: return "nothing"
        }
    }
}
