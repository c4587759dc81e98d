extension LocalReference {
    /// A warning naming the key of every nav-bar asset and feed source of `app` that
    /// `LocalReference` refuses (`screens[0].navigations[1].assets.app_logo: warning:
    /// /etc/hostname is outside the app folder …; not read`). Feed sources a `--feeds` map
    /// answers are the user's, not the app's, and are not looked at.
    public static func warnings(in app: ZappApp, file: String) -> [Diagnostic] {
        app.screens.diagnosticsOfEveryScreen(file: file, [{ warnings(in: $1, at: $0, of: app, file: file) }])[0]
    }

    /// `warnings(in:file:)` of one screen, at `index` in the river.
    public static func warnings(in screen: ScreenModel, at index: Int, of app: ZappApp, file: String) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let folder = app.folder ?? app.remoteFolder
        func check(_ reference: String?, at path: JSONPath) {
            guard let reference, case .refused(let why) = resolve(reference, folder: folder) else { return }
            warnings.append(.warning(.localReadRefused, file: file, at: .path(path), "\(reference) \(why); not read"))
        }
        func walk(_ items: [NavItem], at path: JSONPath) {
            for (index, item) in items.enumerated() {
                let itemPath = path + "nav_items" + index
                if let source = item.data.source, app.feedMap.target(for: source) == nil { check(source, at: itemPath + "data" + "source") }
                walk(item.navItems, at: itemPath)
            }
        }
        let screenPath = JSONPath.root + index
        for (offset, component) in screen.uiComponents.enumerated() {
            if let source = component.data["source"]?.stringValue, app.feedMap.target(for: source) == nil {
                check(source, at: screenPath + "ui_components" + offset + "data" + "source")
            }
        }
        for (offset, navigation) in screen.navigations.enumerated() {
            let assets = navigation.assets
            let assetsPath = screenPath + "navigations" + offset + "assets"
            for (key, value) in [
                ("app_logo", assets.appLogo), ("back_button", assets.backButton), ("close_button", assets.closeButton),
                ("menu_button", assets.menuButton), ("background", assets.background), ("background_tablet", assets.backgroundTablet),
            ] {
                check(value, at: assetsPath + key)
            }
            walk(navigation.navItems, at: screenPath + "navigations" + offset)
        }
        return warnings
    }
}
