import ArgumentParser
import ZappCore

/// The options that say which app a command works on, declared once for every command that
/// loads an app (`run`, `render`, `trace`; `validate` takes several inputs and shares only
/// `--plugins`, through `PluginsOption`). A new app-wide option (say, where feeds come from)
/// is added here and reaches all of them.
struct AppOptions: ParsableArguments {
    @Argument(help: "An app folder, a river.json, or an http(s) app URL. Default: the demo app.")
    var app: String?

    @OptionGroup var pluginsOption: PluginsOption

    @OptionGroup var feedsOption: FeedsOption

    /// `--plugins FILE`, or nil for the app's own plugin_configurations.json.
    var plugins: String? { pluginsOption.plugins }

    /// `--feeds MAP.json`, or nil: sources are read as written.
    var feeds: String? { feedsOption.feeds }
}

/// `--feeds MAP.json`: where the app's feed sources come from (`FeedMap`), for the commands that
/// load an app (through `AppOptions`), `gates` and `replay`.
struct FeedsOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A feed map: a JSON object of data.source (exact, or a prefix ending in *) to a file (relative to the map) or URL.",
            valueName: "MAP.json"))
    var feeds: String?
}

/// `--plugins FILE`: the plugin configurations to use instead of the app's own.
struct PluginsOption: ParsableArguments {
    @Option(help: ArgumentHelp("A plugin configurations file to use instead of the app's plugin_configurations.json.", valueName: "FILE"))
    var plugins: String?
}

/// How frames are drawn, for the commands that draw them (`run`, `render`).
struct LookOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A theme name or a theme JSON file.", valueName: "NAME|PATH"))
    var theme: String?

    @Flag(help: "Draw with ASCII glyphs only.")
    var ascii = false

    @Option(help: ImageOption.help, transform: ImageOption.parse)
    var images: ImageMode?
}
