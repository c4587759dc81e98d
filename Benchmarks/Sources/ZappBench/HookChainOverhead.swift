import Foundation
import ZappCore
import ZappModel
import ZappPlugins

/// Hook-chain overhead per non-UI hook: the demo app with one screen given 10,000 pre hooks of
/// the built-in analytics plugin (no UI, never blocks), run through the real
/// `ScreenHookManager` (registry lookup, instance, flow-blocker rules, trace). Analytics
/// completes without waiting, so the manager runs it inline, without a task or timeout race.
enum HookChainOverhead {
    static let hookCount = 10_000

    static func run(into table: inout ResultTable, quick: Bool) async throws {
        let app = try makeApp()
        guard let target = app.screen(id: "movies") else {
            throw BenchApp.LoadFailure(description: "the demo app has no screen \"movies\"")
        }
        var samples = Samples()
        for attempt in 0..<(quick ? 3 : 8) {
            let presenter = SilentPresenter()
            let environment = BenchApp.environment(app: app, presenter: presenter)
            let registry = BuiltInRegistry.make(app: app, environment: environment)
            let manager = ScreenHookManager(app: app, registry: registry, environment: environment, trace: TraceLog())
            let clock = ContinuousClock()
            let start = clock.now
            let result = await manager.runPreHooks(for: target, from: .rootMenu, dataDict: ["id": "movies"])
            let elapsed = clock.now - start
            guard case .presented = result else {
                throw BenchApp.LoadFailure(description: "the hook chain did not present the screen: \(result)")
            }
            if attempt > 0 { samples.append(elapsed / hookCount) }
        }
        table.add(
            "Hook chain, \(hookCount.formatted()) non-UI hooks (analytics)",
            "median \(Format.microseconds(samples.median)) per hook",
            budget: "≤ 10 µs per hook", within: samples.median <= 10_000)
    }

    /// The demo app whose "movies" screen runs the analytics plugin 10,000 times before opening.
    private static func makeApp() throws -> ZappApp {
        let folder = BenchPaths.demoApp
        let riverData = try Data(contentsOf: folder.appendingPathComponent(AppLoader.riverFileName))
        let plugins = try Data(contentsOf: folder.appendingPathComponent(AppLoader.pluginsFileName))
        guard var screens = try JSONSerialization.jsonObject(with: riverData) as? [[String: Any]],
            let index = screens.firstIndex(where: { $0["id"] as? String == "movies" })
        else { throw BenchApp.LoadFailure(description: "the demo river has no screen \"movies\"") }
        let hook: [String: Any] = ["identifier": "zapptv_analytics", "type": "general"]
        screens[index]["hooks"] = ["preload_plugins": Array(repeating: hook, count: hookCount), "postload_plugins": []]
        let river = try JSONSerialization.data(withJSONObject: screens)
        let result = AppLoader.load(river: river, plugins: plugins, name: "demo-hooks", folder: folder)
        guard let app = result.app, !result.diagnostics.containsErrors else {
            throw BenchApp.LoadFailure(description: "the hook benchmark app does not load: \(result.diagnostics.prefix(3))")
        }
        return app
    }
}

/// A presenter for hooks that never show a pane: any pane is dismissed at once.
struct SilentPresenter: Presenter {
    struct Session: PaneSession {
        func nextAnswer() async -> PaneAnswer { .dismissed }
        func showError(_ message: String) async {}
        func setBusy(_ busy: Bool) async {}
        func close() async {}
    }

    func show(_ pane: Pane) async -> any PaneSession { Session() }
}
