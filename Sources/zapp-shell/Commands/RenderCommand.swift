import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShellCore
import ShellUI
import ZappCore
import ZappModel
import ZappPlugins

/// `zapp-shell render [APP] --screen ID|NAME [--size WxH] [--style left|center]
/// [--presentation logo|title|hidden] [--state on_top|overlay|hidden] [--as root|pushed|presented]
/// [--format text|ansi|svg|html] [--color] [--images …] [--image-cache-mb N]`: prints one frame of a screen as text, ANSI text, an SVG
/// picture or an HTML page, with no terminal. Hooks are not run.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print one frame of a screen as text, ANSI, SVG or HTML (no terminal needed; hooks are not run).",
        discussion: """
            The screen is shown as the root of its menu stack (the menu button when the root is a \
            side menu), or with --as pushed (back button, over home) or --as presented (close \
            button: the root of a stack presented from the nav bar). --style, --presentation and \
            --state override the screen's bar. The output is the full frame: --format text (the \
            default) prints one line per row; ansi adds ANSI SGR colour sequences (24-bit) to each \
            line; svg prints an SVG picture and html an HTML page, both in the theme's colours \
            (the terminal's default colours are the theme's base role) and glyphs, ready to paste \
            into a web page or a pull request. --color is the same as --format ansi. Images (an \
            image logo, feed artwork) are loaded before the frame is drawn, as feeds are: ansi draws \
            them with symbols, svg and html embed each as a PNG at its cells, text keeps the titles; \
            --images off draws none. An image that cannot be shown is a warning on standard error. \
            Fetched images are kept in the state directory ($XDG_STATE_HOME/zapp-shell/images) \
            within --image-cache-mb.
            """
    )

    @OptionGroup var appOptions: AppOptions

    @Option(help: "The screen to render: its id or its name (also Settings, EPG).")
    var screen: String

    @Option(help: ArgumentHelp("The frame size in columns x rows.", valueName: "WxH"), transform: RenderCommand.parseSize)
    var size: RenderSize = RenderSize(columns: 80, rows: 24)

    @Option(help: ArgumentHelp("Override the bar style.", valueName: "left|center"), transform: { try RenderCommand.parse($0, as: BarStyle.self, option: "--style") })
    var style: BarStyle?

    @Option(help: ArgumentHelp("Override the bar presentation.", valueName: "logo|title|hidden"), transform: { try RenderCommand.parse($0, as: PresentationStyle.self, option: "--presentation") })
    var presentation: PresentationStyle?

    @Option(help: ArgumentHelp("Override the bar state.", valueName: "on_top|overlay|hidden"), transform: { try RenderCommand.parse($0, as: BarState.self, option: "--state") })
    var state: BarState?

    @Option(name: .customLong("as"), help: ArgumentHelp("Where the screen sits in its stack.", valueName: "root|pushed|presented"), transform: { try RenderCommand.parse($0, as: StackPosition.self, option: "--as") })
    var position: StackPosition = .root

    @Option(
        help: ArgumentHelp(
            "What to print: plain text (the default), ANSI colours, an SVG picture or an HTML page.",
            valueName: RenderFormat.allCases.map(\.rawValue).joined(separator: "|")),
        completion: .list(RenderFormat.allCases.map(\.rawValue)),
        transform: { try RenderCommand.parse($0, as: RenderFormat.self, option: "--format") })
    var format: RenderFormat?

    @Flag(help: "The same as --format ansi (ANSI colours).")
    var color = false

    @OptionGroup var look: LookOptions

    @OptionGroup var imageCache: ImageCacheOption

    /// The format asked for: `--format`, else `--color`'s ANSI, else text.
    var resolvedFormat: RenderFormat { format ?? (color ? .ansi : .text) }

    func validate() throws {
        if color, let format, format != .ansi {
            throw ValidationError("--color is the same as --format ansi and cannot be combined with --format \(format.rawValue)")
        }
    }

    func run() async throws {
        if let tooSmall = Self.tooSmallMessage(for: size) {
            Console.printError("zapp-shell render: " + tooSmall)
            throw ExitCode(2)
        }
        let theme: Theme
        do {
            theme = try ThemeCatalog().resolve(look.theme)
        } catch {
            throw Self.failure("\(error)")
        }
        let loaded = try await AppLocation.loadOrExit(appOptions.app, plugins: appOptions.plugins, feeds: appOptions.feeds)
        let app = loaded.app
        guard let target = app.anyScreen(idOrName: screen) else {
            let known = app.screens.prefix(20).map { "\(Quoted.value($0.id)) (\(Quoted.value($0.name)))" }
            let more = app.screens.count > 20 ? ", and \(app.screens.count - 20) more" : ""
            throw Self.failure(
                "no screen \(Quoted.value(screen)) in \(app.name); screens: \(known.joined(separator: ", "))\(more), Settings, EPG")
        }
        let frame = await Self.render(
            app: app, screen: target, position: position, size: size, theme: theme, format: resolvedFormat, ascii: look.ascii,
            override: BarOverride(style: style, presentation: presentation, state: state),
            warnings: loaded.warnings.map(\.description), imageMode: look.images,
            images: Self.imageLoader(for: app, cacheBytes: imageCache.bytes))
        for warning in frame.imageWarnings { Console.printError("zapp-shell render: warning: " + warning) }
        print(frame.text, terminator: frame.text.hasSuffix("\n") ? "" : "\n")
    }

    /// One frame of `screen` in `format`, drawn by the runtime `run` uses over a headless
    /// terminal once nothing is pending (the feeds and images it shows have loaded or failed);
    /// `warnings` (the app's load warnings) are counted in the status line, as the running app
    /// does. Images are drawn with symbols (`imageMode` nil or anything but `off`, which draws
    /// none; `text` draws none either) and the images that failed, and the feeds cut to their
    /// entry cap, are warned about, sorted so that they come out the same on every run. No hook runs.
    @MainActor
    static func render(
        app: ZappApp, screen: ScreenModel, position: StackPosition, size: RenderSize, theme: Theme,
        format: RenderFormat, ascii: Bool, override: BarOverride, warnings: [String] = [], feeds: (any FeedLoading)? = nil,
        imageMode: ImageMode? = nil, images: (any ImageLoading)? = nil
    ) async -> (text: String, imageWarnings: [String]) {
        let feeds = feeds ?? FeedLoader(folder: app.feedFolder, map: app.feedMap)
        let images = images ?? imageLoader(for: app, cacheBytes: 0)
        var setup = ShellSetup(
            app: app, loadApp: { AppLoad(app: app) },
            makeServices: { app, _, trace in
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: RootKind(app: app)), opener: HooklessOpener())
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil,
                    feeds: feeds, images: images)
            },
            theme: theme, forceASCII: ascii, warnings: warnings, imageMode: imageMode == .off ? .off : .symbols)
        setup.shownScreen = ShellModel.ShownScreen(screenID: screen.id, position: position, override: override)
        setup.embedsImages = format == .svg || format == .html
        // Text has no colours, and so no images.
        let terminal = HeadlessTerminal(columns: size.columns, rows: size.rows, colorSupport: format == .text ? .none : .trueColor)
        let runtime = ShellRuntime(terminal: terminal, setup: setup)
        await runtime.runUntilIdle()
        // A feed cut to its entry cap says so beside the images that failed.
        let imageWarnings = (runtime.model.view.imageWarnings + runtime.model.view.feedWarnings).sorted()
        guard let frame = terminal.lastFrame else { return ("", imageWarnings) }
        let title = "\(app.name): \(screen.name)"
        switch format {
        case .text: return (frame.plainText, imageWarnings)
        case .ansi: return (frame.ansiText, imageWarnings)
        case .svg: return (frame.svgDocument(colors: DocumentColors(theme: theme), title: title), imageWarnings)
        case .html: return (frame.htmlDocument(colors: DocumentColors(theme: theme), title: title), imageWarnings)
        }
    }

    /// The image loader of `render`: the one `run` uses, for this app, keeping fetched images in
    /// the state directory's disk cache within `cacheBytes` (`--image-cache-mb`; 0: none).
    private static func imageLoader(for app: ZappApp, cacheBytes: Int) -> any ImageLoading {
        let stateDirectory = cacheBytes > 0 ? PluginEnvironment.defaultStateDirectory(environment: ProcessEnvironment.current()) : nil
        return ImageLoader(folder: app.feedFolder, stateDirectory: stateDirectory, diskCacheBytes: cacheBytes)
    }

    /// Why `size` cannot hold a readable frame (below the layout's minimum, `ShellLayout`), or nil.
    static func tooSmallMessage(for size: RenderSize) -> String? {
        guard size.columns < ShellLayout.minimumColumns || size.rows < ShellLayout.minimumRows else { return nil }
        return "--size \(size.columns)x\(size.rows) is below the minimum of "
            + "\(ShellLayout.minimumColumns)x\(ShellLayout.minimumRows) columns x rows"
    }

    static func parseSize(_ text: String) throws -> RenderSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...1000).contains(columns), (1...1000).contains(rows)
        else {
            throw ValidationError("--size: expected WxH with each between 1 and 1000 (e.g. 80x24), got \"\(text)\"")
        }
        return RenderSize(columns: columns, rows: rows)
    }

    static func parse<T: RawRepresentable & CaseIterable>(_ text: String, as type: T.Type, option: String) throws -> T
    where T.RawValue == String {
        if let value = T(rawValue: text) { return value }
        if let value = T.allCases.first(where: { $0.rawValue.lowercased() == text.replacing("-", with: "_").lowercased() }) {
            return value
        }
        throw ValidationError("\(option): expected one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\"")
    }

    /// Says what went wrong on standard error; the command exits with status 1.
    private static func failure(_ message: String) -> ExitCode {
        Console.printError("zapp-shell render: " + message)
        return ExitCode(1)
    }
}

/// What `render` prints: plain text, text with ANSI colours, an SVG picture or an HTML page.
enum RenderFormat: String, Sendable, Hashable, CaseIterable {
    case text
    case ansi
    case svg
    case html
}

/// A frame size for `render`.
struct RenderSize: Sendable, Hashable {
    var columns: Int
    var rows: Int
}
