import ArgumentParser

/// The one argument of the plain `zapp-shell APP`, parsed by swift-argument-parser.
struct PlainRunArguments: ParsableArguments {
    @Argument var app: String?
}

extension RunCommand {
    /// The plain command lines, `zapp-shell` and `zapp-shell APP` (an APP that names no
    /// subcommand and is no option: swift-argument-parser parses it as `PlainRunArguments`), as
    /// `run` with every option at its default; nil for any other command line, which the full
    /// parse reads. Parsing `run` reflects over all of its options and option groups, about half
    /// of the instructions before the first frame (docs/performance.md); this path does not.
    static func plain(_ arguments: [String]) -> RunCommand? {
        guard let argument = arguments.first else { return RunCommand(plainApp: nil) }
        let names = ZappShellCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard arguments.count == 1, !names.contains(argument), let parsed = try? PlainRunArguments.parse(arguments) else {
            return nil
        }
        return RunCommand(plainApp: parsed.app)
    }

    /// `run` for APP (nil: the demo) with every option at its default: what parsing the plain
    /// command line gives (`CommandLineTests` compares the two, so a new option's default set only
    /// in its declaration fails there).
    init(plainApp app: String?) {
        self.init()
        var appOptions = AppOptions()
        appOptions.app = app
        appOptions.pluginsOption = PluginsOption()
        appOptions.pluginsOption.plugins = nil
        appOptions.feedsOption = FeedsOption()
        appOptions.feedsOption.feeds = nil
        self.appOptions = appOptions
        var look = LookOptions()
        look.theme = nil
        look.ascii = false
        look.images = nil
        self.look = look
        var imageCache = ImageCacheOption()
        imageCache.imageCacheMB = ImageCacheOption.defaultMB
        self.imageCache = imageCache
        stateDir = nil
        open = nil
        watch = false
        noColor = false
        log = nil
        signedIn = nil
        record = nil
    }
}
