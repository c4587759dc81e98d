/// The JSON Schema of river.json, key for key what `RiverDecoder` reads (with the same
/// tolerance and the same required keys); keys it does not read are allowed.
enum RiverSchema {
    static func document(id: String) -> JSONValue {
        [
            "$schema": .string(InputSchema.draft),
            "$id": .string(id),
            "title": "Zapp river.json",
            "description": "An array of screen models. Unknown keys are ignored, never an error.",
            "type": "array",
            "items": SchemaTerms.ref("screen"),
            "$defs": [
                "screen": screen,
                "navigation": navigation,
                "navItem": navItem,
                "hookEntry": hookEntry,
                "component": component,
            ],
        ]
    }

    static let screen: JSONValue = [
        "title": "Screen",
        "type": "object",
        "required": ["id"],
        "properties": [
            "id": SchemaTerms.requiredString("The screen's id: what nav items, components and hooks target."),
            "name": SchemaTerms.string("The screen's title."),
            "type": SchemaTerms.string("general_content (the default) or a plugin screen type."),
            "home": SchemaTerms.bool("Exactly one screen should be home; the root menu comes from it."),
            "navigations": SchemaTerms.array(
                "The screen's navigation bar (category nav_bar) and, on home, the root menu (category menu).",
                items: SchemaTerms.ref("navigation")),
            "hooks": SchemaTerms.object(
                "The screen hooks run when the screen is opened.",
                properties: [
                    "preload_plugins": SchemaTerms.array(
                        "Hooks run before the screen is presented, in order.", items: SchemaTerms.ref("hookEntry")),
                    "postload_plugins": SchemaTerms.array(
                        "Hooks run after the screen is presented, in order.", items: SchemaTerms.ref("hookEntry")),
                ]),
            "ui_components": SchemaTerms.array("What the screen area draws.", items: SchemaTerms.ref("component")),
            "styles": SchemaTerms.object("Per-screen styles (a hook screen reads styles.presentation: present or push)."),
            "general": SchemaTerms.object(
                "Per-screen configuration (a hook screen reads general.is_flow_blocker and general.allow_screen_plugin_presentation)."),
            "data": SchemaTerms.object("The screen's data source."),
            "rules": SchemaTerms.object("The screen's rules."),
        ],
    ]

    static let navigation: JSONValue = [
        "title": "Navigation",
        "type": "object",
        "required": ["category"],
        "properties": [
            "id": SchemaTerms.string("The navigation's id."),
            "category": SchemaTerms.requiredString("nav_bar (this screen's bar) or menu (the root menu; read from home only)."),
            "navigation_type": SchemaTerms.string("The identifier of the plugin that draws this navigation."),
            "nav_items": SchemaTerms.array("Bar buttons or menu items.", items: SchemaTerms.ref("navItem")),
            "styles": SchemaTerms.object(
                "The navigation bar's styles.",
                properties: [
                    "background_color": SchemaTerms.color("The bar's background colour."),
                    "title_color": SchemaTerms.color("The title's colour."),
                    "title_color_tablet": SchemaTerms.color("The title's colour at 100 columns or more."),
                    "title_size": SchemaTerms.number("The title's font size."),
                    "title_size_tablet": SchemaTerms.number("The title's font size at 100 columns or more."),
                    "ios_font_family": SchemaTerms.string("The title's font family."),
                    "presentation_style": SchemaTerms.choice(
                        PresentationStyle.self, "What the title area shows (default title)."),
                    "style": SchemaTerms.string("Where the title or logo sits: left (the default) or center; any other value is a custom style (a xib in the SDK), drawn as left with a warning."),
                    "state": SchemaTerms.choice(BarState.self, "How the bar sits over the content (default on_top)."),
                    "homescreen_show_logo": SchemaTerms.bool("Show the logo on the home screen."),
                    "background_type": SchemaTerms.string("Color or Image."),
                ]),
            "assets": SchemaTerms.object(
                "The navigation bar's assets: file:// paths, paths relative to the app folder, or http(s) URLs (images).",
                properties: [
                    "app_logo": SchemaTerms.string("The logo: a text file drawn as-is, or an image (PNG, JPEG, WebP)."),
                    "back_button": SchemaTerms.string("The back button's glyph."),
                    "close_button": SchemaTerms.string("The close button's glyph."),
                    "menu_button": SchemaTerms.string("The menu button's glyph."),
                    "background": SchemaTerms.string("A background pattern, or an image whose dominant colour tints the bar (either has priority over the colour)."),
                    "background_image": SchemaTerms.string("Read as background when that is absent."),
                    "background_tablet": SchemaTerms.string("The background pattern or image at 100 columns or more."),
                ]),
            "rules": SchemaTerms.object("The navigation's rules."),
        ],
    ]

    static let navItem: JSONValue = [
        "title": "Navigation item",
        "type": "object",
        "required": ["id", "type"],
        "properties": [
            "id": SchemaTerms.requiredString("The item's id."),
            "title": SchemaTerms.string("The item's label."),
            "type": SchemaTerms.requiredString(
                "button, live_drawer, applicaster_crossmates, applicaster_feed, chromecast (bar); "
                    + NavItem.menuTypes.map(\.key).joined(separator: ", ") + " (root menu; it does not show others)."),
            "data": SchemaTerms.object(
                "What the item opens.",
                properties: [
                    "target": SchemaTerms.string("A screen id, or a URL."),
                    "source": SchemaTerms.string("A feed the target screen is connected to."),
                    "type": SchemaTerms.string("The source's kind (WEB_URL opens the target in a browser)."),
                    "connected": SchemaTerms.bool("Whether the target shows the source."),
                ]),
            "assets": SchemaTerms.object("The item's assets."),
            "styles": SchemaTerms.object("The item's styles."),
            "nav_items": SchemaTerms.array("Nested items (nested_menu, collapsed).", items: SchemaTerms.ref("navItem")),
        ],
    ]

    /// An entry that lacks a string `identifier` or `type` is dropped with a warning, so only a
    /// usable entry's `screen_id` is checked.
    static let hookEntry: JSONValue = [
        "title": "Hook entry",
        "description": "{identifier, type, screen_id?}; an entry without a string identifier and type is ignored (a warning).",
        "if": [
            "type": "object",
            "required": ["identifier", "type"],
            "properties": ["identifier": ["type": "string", "minLength": 1], "type": ["type": "string"]],
        ],
        "then": [
            "properties": [
                "identifier": ["description": "The plugin identifier in plugin_configurations.json."],
                "type": ["description": "The plugin's type."],
                "screen_id": SchemaTerms.string("The hook screen whose river model the hook gets."),
            ]
        ],
    ]

    static let component: JSONValue = [
        "title": "UI component",
        "type": "object",
        "required": ["component_type"],
        "properties": [
            "id": SchemaTerms.string("The component's id."),
            "component_type": SchemaTerms.requiredString("hero, list, grid, screen_picker, ..."),
            "position": SchemaTerms.integer("Drawing order (components without one come last, as written)."),
            "data": SchemaTerms.object("The component's data (source, target, connected, items)."),
            "rules": SchemaTerms.object("The component's rules."),
            "styles": SchemaTerms.object("The component's styles."),
        ],
    ]
}
