import ArgumentParser
import ShellCore
import ShellUI
import ZappCore
import ZappModel
import ZappPlugins

/// `zapp-shell gates [APP] [--plugins FILE] [--signed-in USER] [--format text|json|html|markdown]`:
/// every screen, how a user reaches it, its hook chain and what opening it means signed out and
/// signed in (`GatesReport`); `gates --diff OLD NEW`: what changed in gating between two versions
/// of an app (`GatesDiff`), exit 1 when anything did, 2 when an input cannot be used.
struct GatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gates",
        abstract: "List every screen's gating: how it is reached, its hooks, flow blockers and outcomes.",
        discussion: """
            For every screen of the app: how a user reaches it (home, a root-menu item, a nav-bar \
            button, a cell or screen-picker tab, a content type; its deep link), its pre and post \
            hooks in order with each hook's kind (login, gate, stand-in, external, analytics, \
            other; missing, unavailable or not-a-hook when skipped) and flow-blocker answer, and \
            the outcome signed out and, with --signed-in USER, signed in (seeded in memory as \
            `trace --signed-in` does). Nothing runs: built-in logins answer by their own rules \
            (the session, the screen's required_entitlements); a pane or an external command \
            "asks", and both branches are given in trace's words: accepted (every asking hook \
            succeeds) and declined (every asking hook fails: blocked by the first flow blocker \
            that asks). A screen is gated when a pre hook that may ask is a flow blocker (the lock \
            mark of the running app); unreachable when nothing leads to it from home, the root \
            menu or a content type (a deep link or go-to still opens it).

            With --diff OLD NEW (folders, river files or URLs, as APP), prints what changed in \
            gating: screens added or removed, newly gated or ungated, hooks added, removed or \
            reordered, flow-blocker and kind changes; exit status 1 when anything changed, 0 when \
            nothing did, 2 when OLD or NEW cannot be read or parsed (the message names it). The JSON of the report is described by `zapp-shell schema gates`.
            """
    )

    @Argument(help: ArgumentHelp("An app folder, a river.json or an http(s) app URL (default: the demo app); with --diff, OLD and NEW.", valueName: "APP"))
    var apps: [String] = []

    /// `--plugins FILE` (shared with the other commands; APP is an argument list of its own,
    /// since `--diff` takes two).
    @OptionGroup var pluginsOption: PluginsOption

    @OptionGroup var feedsOption: FeedsOption

    @Option(name: .customLong("signed-in"), help: ArgumentHelp("Add the outcome signed in as USER (in memory).", valueName: "USER"))
    var signedIn: String?

    @Option(help: ArgumentHelp("text, json, html or markdown (--diff: text or json).", valueName: "text|json|html|markdown"))
    var format: GatesFormat = .text

    @Flag(help: "Compare the gating of two versions of an app: gates --diff OLD NEW.")
    var diff = false

    func validate() throws {
        if diff {
            guard apps.count == 2 else {
                throw ValidationError("--diff compares two apps: zapp-shell gates --diff OLD NEW (got \(apps.count))")
            }
            guard format == .text || format == .json else {
                throw ValidationError("--diff prints text or json, not \(format.rawValue)")
            }
        } else if apps.count > 1 {
            throw ValidationError("gates takes one APP (\(apps.count) given); to compare two, use --diff OLD NEW")
        }
    }

    func run() async throws {
        if diff {
            let old = try await diffInput(apps[0], role: "OLD")
            let new = try await diffInput(apps[1], role: "NEW")
            let changes = GatesDiff(old: old, new: new)
            if format == .json { Console.printJSON(changes.json.prettyJSONText) } else { Console.print(changes.text) }
            if changes.isChanged { throw ExitCode(1) }
            return
        }
        let report = try await report(apps.first)
        switch format {
        case .text: Console.print(report.text)
        case .json: Console.printJSON(report.json.prettyJSONText)
        case .markdown: Console.print(report.markdown)
        case .html: Console.print(report.html)
        }
    }

    /// One side of `--diff`: an input that cannot be read, parsed or reported exits with 2,
    /// never with 1, which says that gating changed.
    private func diffInput(_ location: String, role: String) async throws -> GatesReport {
        do {
            return try await report(location)
        } catch let exit as ExitCode where exit != .success {
            Console.printError("zapp-shell gates --diff: \(role) \(location) cannot be used (see above)")
            throw ExitCode(2)
        }
    }

    /// The report of one app; an app that cannot be used exits with the loader's status, an
    /// unknown user with 1.
    private func report(_ location: String?) async throws -> GatesReport {
        if let refusal = Self.tooManyScreens(location) {
            Console.printError("zapp-shell gates: \(refusal)")
            throw ExitCode(2)
        }
        let loaded = try await AppLocation.loadOrExit(location, plugins: pluginsOption.plugins, feeds: feedsOption.feeds)
        do {
            let trust = await AppTrust.decide(
                app: loaded.app, argument: location, plugins: pluginsOption.plugins,
                stateDirectory: PluginEnvironment.defaultStateDirectory())
            return try await GatesReport.builtIn(app: loaded.app, signedIn: signedIn, trust: trust)
        } catch {
            Console.printError("zapp-shell gates: \(error.message)")
            throw ExitCode(error.exitStatus)
        }
    }
}

extension GatesCommand {
    /// The most screens `gates` reports on: it holds every screen's report in memory (about
    /// 2 KB each: the 50,000-screen benchmark app peaks near 320 MB), so that it stays under
    /// 400 MB (issue 34).
    static let screenLimit = 50_000

    /// Why a local river lists too many screens for `gates`, counted without decoding them
    /// (`JSONArrayIndex.countElements`, which stops past the limit); nil when it does not (or cannot be read here:
    /// loading it says why).
    static func tooManyScreens(_ location: String?) -> String? {
        guard case .path(let path) = AppLocation(argument: location) else { return nil }
        let river = FileSystem.isDirectory(atPath: path)
            ? [AppLoader.riverFileName, AppLoader.publishedRiverFileName].map { FileSystem.path($0, in: path) }
                .first { FileSystem.kind(atPath: $0) == .regularFile } : path
        guard let river, case .success(let data) = FileSystem.contents(atPath: river, limit: AppLocation.fetchMaximumBytes),
            let count = JSONArrayIndex.countElements(in: data, upTo: screenLimit), count > screenLimit
        else { return nil }
        return "\(river) lists more than \(screenLimit) screens; gates reports on at most \(screenLimit) "
            + "(it holds every screen's report in memory). Split the river, or check it with zapp-shell validate."
    }
}

/// What `gates` prints.
enum GatesFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, html, markdown
}
