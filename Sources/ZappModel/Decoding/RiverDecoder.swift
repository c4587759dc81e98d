/// Decodes river.json (an array of screens) into `ScreenModel`s, tolerantly, reporting
/// every type error with its JSON path.
///
/// Screens, navigations, nav items and components that have errors are still returned
/// (with defaults where values were wrong) so that cross-reference validation can go on
/// and paths stay true; a result with errors must not be run. Hook entries without a
/// string `identifier` and `type` are dropped with a warning, as the SDK drops them.
public enum RiverDecoder {
    /// The most screens a river may list; one that lists more is refused before any screen is
    /// decoded (a scanned river's scan stops there): what is held per screen stays bounded
    /// (issue 34). A real app lists a few hundred.
    public static let maximumScreens = 100_000

    /// The error for a river that lists more than `maximumScreens` screens.
    static func tooManyScreens(file: String) -> Diagnostic {
        .error(
            .type, file: file, at: .path(.root), "lists more than \(maximumScreens) screens; at most \(maximumScreens) are read",
            hint: "a real app lists a few hundred screens; check that this is the file you meant")
    }

    /// Decodes a parsed river.json. `file` names it in diagnostics.
    public static func decode(_ value: JSONValue, file: String) -> (screens: [ScreenModel], diagnostics: [Diagnostic]) {
        let result = decodeWithSourceMap(value, file: file)
        return (result.screens, result.diagnostics)
    }

    /// Decodes a parsed river it is handed: each screen's JSON is released as soon as that
    /// screen is decoded (except the parts its model keeps), so a large river's whole tree
    /// and all its models are never held at once.
    static func decodeWithSourceMap(_ value: consuming JSONValue, file: String)
        -> (screens: [ScreenModel], diagnostics: [Diagnostic], sourceMap: RiverSourceMap)
    {
        var context = DecodingContext(file: file)
        var sourceMap = RiverSourceMap()
        var elements: [JSONValue]
        switch consume value {
        case .array(let array) where array.count > maximumScreens:
            return ([], [tooManyScreens(file: file)], sourceMap)
        case .array(let array):
            elements = array
        case let other:
            context.error(
                .type, at: .root, "expected an array of screens, got \(other.kindDescription)",
                hint: "river.json is a JSON array of screen objects: [{\"id\": ..., \"name\": ...}, ...]")
            return ([], context.diagnostics, sourceMap)
        }
        var screens: [ScreenModel] = []
        screens.reserveCapacity(elements.count)
        for index in elements.indices {
            let element = elements[index]
            elements[index] = .null
            screens.append(decodeScreen(element, at: .root + index, index: index, context: &context, sourceMap: &sourceMap))
        }
        return (screens, context.diagnostics, sourceMap)
    }

    // MARK: Screens

    /// Decodes one screen. The JSON path of each part is made by extending one path in place
    /// while that part is decoded (`JSONPath.push`, `pop`): a path is copied only into a
    /// diagnostic, not built for every navigation, nav item and component.
    static func decodeScreen(
        _ value: JSONValue, at screenPath: JSONPath, index: Int, context: inout DecodingContext, sourceMap: inout RiverSourceMap
    ) -> ScreenModel {
        guard case .object(let object) = value else {
            context.typeError(at: screenPath, expected: "a screen object", got: value)
            return ScreenModel(id: "", name: "")
        }
        var path = screenPath
        path.reserveCapacity(screenPath.components.count + 8)
        let id = context.requiredString(object, "id", at: path) ?? ""
        var screen = ScreenModel(
            id: id,
            name: context.string(object, "name", at: path) ?? "",
            type: context.nonEmptyString(object, "type", at: path) ?? "general_content",
            isHome: context.bool(object, "home", at: path) ?? false, hasHomeKey: object["home"] != nil)
        screen.navigations = decodeElements(
            context.array(object, "navigations", at: path), of: "navigations", at: &path, context: &context, decodeNavigation)
        let hooks = context.object(object, "hooks", at: path)
        path.push(.key("hooks"))
        let (preload, preloadIndices) = decodeHooks(hooks, "preload_plugins", at: &path, context: &context)
        let (postload, postloadIndices) = decodeHooks(hooks, "postload_plugins", at: &path, context: &context)
        path.pop()
        screen.hooks = ScreenHooks(preload: preload, postload: postload)
        if preloadIndices != Array(preloadIndices.indices) {
            sourceMap.preloadIndices[index] = preloadIndices
        }
        if postloadIndices != Array(postloadIndices.indices) {
            sourceMap.postloadIndices[index] = postloadIndices
        }
        screen.uiComponents = decodeElements(
            context.array(object, "ui_components", at: path), of: "ui_components", at: &path, context: &context,
            decodeComponent)
        screen.styles = context.object(object, "styles", at: path)
        screen.general = context.object(object, "general", at: path)
        screen.data = context.object(object, "data", at: path)
        screen.rules = context.object(object, "rules", at: path)
        return screen
    }

    /// Decodes the elements of the array at `key` of the object at `path`, with `path`
    /// extended to each element's path while that element is decoded.
    @inline(__always)
    static func decodeElements<Element>(
        _ elements: [JSONValue], of key: String, at path: inout JSONPath, context: inout DecodingContext,
        _ decode: (JSONValue, inout JSONPath, inout DecodingContext) -> Element
    ) -> [Element] {
        guard !elements.isEmpty else { return [] }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        path.push(.key(key))
        for offset in elements.indices {
            path.push(.index(offset))
            decoded.append(decode(elements[offset], &path, &context))
            path.pop()
        }
        path.pop()
        return decoded
    }

    // MARK: Hooks

    /// The usable entries of `hooks.<key>` (`path` is the path of `hooks`) and the file index
    /// of each.
    static func decodeHooks(
        _ hooks: JSONObject, _ key: String, at path: inout JSONPath, context: inout DecodingContext
    ) -> ([HookReference], [Int]) {
        var references: [HookReference] = []
        var indices: [Int] = []
        let elements = context.array(hooks, key, at: path)
        guard !elements.isEmpty else { return (references, indices) }
        path.push(.key(key))
        for (offset, element) in elements.enumerated() {
            path.push(.index(offset))
            defer { path.pop() }
            guard case .object(let entry) = element,
                case .string(let identifier)? = entry["identifier"], !identifier.isEmpty,
                case .string(let type)? = entry["type"]
            else {
                context.warning(
                    .ignoredEntry, at: path,
                    "hook entry without a string \"identifier\" and \"type\" is ignored",
                    hint: "write {\"identifier\": \"<plugin identifier>\", \"type\": \"<plugin type>\"}")
                continue
            }
            let screenID = context.nonEmptyString(entry, "screen_id", at: path)
            references.append(HookReference(identifier: identifier, type: type, screenID: screenID))
            indices.append(offset)
        }
        path.pop()
        return (references, indices)
    }

    // MARK: Navigations

    static func decodeNavigation(_ value: JSONValue, at path: inout JSONPath, context: inout DecodingContext) -> NavigationModel {
        guard case .object(let object) = value else {
            context.typeError(at: path, expected: "a navigation object", got: value)
            return NavigationModel(category: .other(""))
        }
        let category = context.requiredString(object, "category", at: path) ?? ""
        var navigation = NavigationModel(
            id: context.string(object, "id", at: path),
            category: NavigationCategory(rawValue: category),
            navigationType: context.nonEmptyString(object, "navigation_type", at: path))
        navigation.navItems = decodeNavItems(object, at: &path, context: &context)
        let styles = context.object(object, "styles", at: path)
        path.push(.key("styles"))
        navigation.styles = decodeStyles(styles, at: path, context: &context)
        path.pop()
        let assets = context.object(object, "assets", at: path)
        path.push(.key("assets"))
        navigation.assets = decodeAssets(assets, at: path, context: &context)
        path.pop()
        navigation.rules = context.object(object, "rules", at: path)
        return navigation
    }

    /// `nav_items` of a navigation or of a nested nav item.
    static func decodeNavItems(_ object: JSONObject, at path: inout JSONPath, context: inout DecodingContext) -> [NavItem] {
        decodeElements(context.array(object, "nav_items", at: path), of: "nav_items", at: &path, context: &context, decodeNavItem)
    }

    static func decodeNavItem(_ value: JSONValue, at path: inout JSONPath, context: inout DecodingContext) -> NavItem {
        guard case .object(let object) = value else {
            context.typeError(at: path, expected: "a nav item object", got: value)
            return NavItem(id: "", title: "", type: "")
        }
        var item = NavItem(
            id: context.requiredString(object, "id", at: path) ?? "",
            title: context.string(object, "title", at: path) ?? "",
            type: context.requiredString(object, "type", at: path) ?? "")
        let data = context.object(object, "data", at: path)
        path.push(.key("data"))
        item.data = NavItemData(
            target: context.nonEmptyString(data, "target", at: path),
            source: context.nonEmptyString(data, "source", at: path),
            type: context.nonEmptyString(data, "type", at: path),
            connected: context.bool(data, "connected", at: path))
        path.pop()
        item.assets = context.object(object, "assets", at: path)
        item.styles = context.object(object, "styles", at: path)
        item.navItems = decodeNavItems(object, at: &path, context: &context)
        return item
    }

    static func decodeStyles(_ object: JSONObject, at path: JSONPath, context: inout DecodingContext) -> NavBarStyles {
        let style = decodeBarStyle(object, at: path, context: &context)
        return NavBarStyles(
            backgroundColor: context.color(object, "background_color", at: path),
            titleColor: context.color(object, "title_color", at: path),
            titleColorTablet: context.color(object, "title_color_tablet", at: path),
            titleSize: context.number(object, "title_size", at: path),
            titleSizeTablet: context.number(object, "title_size_tablet", at: path),
            iosFontFamily: context.nonEmptyString(object, "ios_font_family", at: path),
            presentationStyle: context.choice(object, "presentation_style", at: path),
            style: style.builtIn, customStyle: style.custom,
            state: context.choice(object, "state", at: path),
            homescreenShowLogo: context.bool(object, "homescreen_show_logo", at: path),
            backgroundType: context.nonEmptyString(object, "background_type", at: path))
    }

    /// `styles.style`: left or center, else a custom style (the SDK draws a xib named
    /// `DefaultNavigationBar` + the key): a warning, kept by name and drawn as left.
    static func decodeBarStyle(_ object: JSONObject, at path: JSONPath, context: inout DecodingContext)
        -> (builtIn: BarStyle?, custom: String?)
    {
        guard let style = context.nonEmptyString(object, "style", at: path), !style.allSatisfy({ $0 == " " || $0 == "\t" })
        else { return (nil, nil) }
        if let builtIn = BarStyle(rawValue: style) { return (builtIn, nil) }
        let suggestion = BarStyle.allCases.first { DecodingContext.normalize($0.rawValue) == DecodingContext.normalize(style) }
        context.warning(
            .customBarStyle, at: path + "style",
            "custom style \(Quoted.value(style)) (a xib named DefaultNavigationBar + the key in the SDK) is drawn as left",
            hint: suggestion.map { "did you mean \"\($0.rawValue)\"?" } ?? "the built-in styles are left and center")
        return (nil, style)
    }

    /// Nav-bar assets; `background_image` is read as `background` when that is absent.
    static func decodeAssets(_ object: JSONObject, at path: JSONPath, context: inout DecodingContext) -> NavBarAssets {
        NavBarAssets(
            appLogo: context.nonEmptyString(object, "app_logo", at: path),
            backButton: context.nonEmptyString(object, "back_button", at: path),
            closeButton: context.nonEmptyString(object, "close_button", at: path),
            menuButton: context.nonEmptyString(object, "menu_button", at: path),
            background: context.nonEmptyString(object, "background", at: path)
                ?? context.nonEmptyString(object, "background_image", at: path),
            backgroundTablet: context.nonEmptyString(object, "background_tablet", at: path))
    }

    // MARK: Components

    static func decodeComponent(_ value: JSONValue, at path: inout JSONPath, context: inout DecodingContext) -> UIComponent {
        guard case .object(let object) = value else {
            context.typeError(at: path, expected: "a ui component object", got: value)
            return UIComponent(componentType: "")
        }
        return UIComponent(
            id: context.string(object, "id", at: path),
            componentType: context.requiredString(object, "component_type", at: path) ?? "",
            position: context.integer(object, "position", at: path),
            data: context.object(object, "data", at: path),
            rules: context.object(object, "rules", at: path),
            styles: context.object(object, "styles", at: path))
    }
}
