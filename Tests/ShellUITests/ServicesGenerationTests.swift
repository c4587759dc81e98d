import Clocks
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Services per app generation: the runtime builds services for a reloaded app, but runs them
/// only once the update has accepted that app (`.adoptServices`); a revision the update drops
/// (its app was replaced meanwhile) never replaces the running services.
@MainActor
@Suite("Services per generation", .timeLimit(.minutes(1)))
struct ServicesGenerationTests {
    /// The hook managers of the services built, in order: a runtime's services are told apart by theirs.
    final class Built {
        var openers: [FakeOpener] = []
    }

    static func isRunning(_ runtime: ShellRuntime, _ opener: FakeOpener) -> Bool {
        (runtime.services.opener as AnyObject) === opener
    }

    static func runtime(_ built: Built) -> ShellRuntime {
        let setup = ShellSetup(
            app: UpdateFixture.app, loadApp: { AppLoad(app: ReloadTests.app(renamingDetailTo: "Details v2")) },
            makeServices: { app, presenter, trace in
                let opener = FakeOpener(presenter: presenter)
                built.openers.append(opener)
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: opener)
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil)
            })
        return ShellRuntime(terminal: HeadlessTerminal(columns: 80, rows: 24), setup: setup, clock: RuntimeClock(TestClock<Duration>()))
    }

    @Test("a reload the update accepts switches to the services built for it, then and not before")
    func accepted() async {
        let built = Built()
        let runtime = Self.runtime(built)
        runtime.start()
        #expect(await runtime.settle { $0.isStartupComplete })
        runtime.send(.terminal(.key(.character("r"))))
        #expect(await runtime.settle { $0.appGeneration == 1 })
        #expect(built.openers.count == 2)
        #expect(Self.isRunning(runtime, built.openers[1]))
        #expect(runtime.preparedServices.isEmpty)
    }

    @Test("a revision of an old generation does not swap the services; its own are dropped")
    func staleRevision() async {
        let built = Built()
        let runtime = Self.runtime(built)
        runtime.start()
        #expect(await runtime.settle { $0.isStartupComplete })
        runtime.send(.terminal(.key(.character("r"))))
        // Before the reload's revision arrives, another app replaces the running one (generation 1).
        let app = UpdateFixture.app
        runtime.send(.appReloaded(AppRevision(app: app, rootKind: .sideMenu, warnings: [], assets: AssetStore(app: app)), generation: 0))
        #expect(runtime.model.appGeneration == 1)
        #expect(await runtime.settle { _ in runtime.lastServicesID == 1 && runtime.preparedServices.isEmpty })
        #expect(built.openers.count == 2, "the reload built services for its revision")
        #expect(Self.isRunning(runtime, built.openers[0]), "but the update dropped it, so they never ran")
        #expect(runtime.model.appGeneration == 1)
    }
}
