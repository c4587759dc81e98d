import Clocks
import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

/// The splash is held for `ShellModel.splashDelay`: a start that reaches home sooner draws home
/// as its first frame; a slower one shows the splash once the delay has passed on the clock.
@MainActor
@Suite("The held splash", .timeLimit(.minutes(1)))
struct SplashTests {
    @Test("a quick start flushes no frame before home, and home is its first frame")
    func quickStartDrawsHomeFirst() async {
        let harness = RuntimeTests.Harness()
        harness.runtime.render()
        #expect(harness.terminal.flushCount == 0, "a held splash is not drawn")
        // The loop renders once per batch, before `settle` looks at the model again: when the
        // model first shows home, exactly one frame has been flushed, and it is home.
        var firstFrame: (count: Int, text: String)?
        harness.runtime.start()
        #expect(
            await harness.runtime.settle { model in
                if model.view.phase == .running, firstFrame == nil {
                    firstFrame = (harness.terminal.flushCount, harness.terminal.plainText)
                }
                return model.isStartupComplete
            })
        #expect(firstFrame?.count == 1)
        #expect(firstFrame?.text.contains("Picks") == true)
        #expect(firstFrame?.text.contains("Starting") == false)
        #expect(harness.terminal.plainText.contains("Picks"))
        #expect(!harness.runtime.model.view.isSplashHeld)
        #expect(ShellUpdate.nextTickDue(harness.runtime.model) == nil, "no tick is left for the splash")
    }

    @Test("a slow start shows the splash once its delay has passed, not before")
    func slowStartShowsTheSplashOnTheClock() async {
        let (never, continuation) = AsyncStream<Never>.makeStream()
        let harness = RuntimeTests.Harness(isLoaded: false, loadApp: {
            for await _ in never {}
            throw CancellationError()
        })
        harness.runtime.start()
        #expect(ShellUpdate.nextTickDue(harness.runtime.model) == ShellModel.splashDelay)
        #expect(await harness.runtime.settle { $0.view.phase == .splash(message: "Loading \(UpdateFixture.app.name)…") })
        harness.runtime.render()
        #expect(harness.terminal.flushCount == 0)

        await harness.clock.advance(by: .milliseconds(ShellModel.splashDelay - 1))
        harness.runtime.render()
        #expect(harness.terminal.flushCount == 0, "still held just before the delay")

        await harness.clock.advance(by: .milliseconds(1))
        #expect(await harness.runtime.settle { !$0.view.isSplashHeld })
        #expect(harness.terminal.plainText.contains("Loading \(UpdateFixture.app.name)…"))
        continuation.finish()
    }

    @Test("the update: held until the tick at its moment; home or a failed load ends the hold")
    func update() {
        var model = UpdateFixture.model()
        model.view.phase = .splash(message: "Starting")
        model.holdSplash()
        #expect(model.view.isBlank)
        #expect(ShellUpdate.nextTickDue(model) == ShellModel.splashDelay)
        _ = ShellUpdate.update(&model, .tick, now: ShellModel.splashDelay - 1)
        #expect(model.view.isSplashHeld)
        _ = ShellUpdate.update(&model, .tick, now: ShellModel.splashDelay)
        #expect(!model.view.isSplashHeld && !model.view.isBlank)
        #expect(ShellUpdate.nextTickDue(model) == nil)

        model = UpdateFixture.model()
        model.view.phase = .splash(message: "Starting")
        model.holdSplash()
        _ = ShellUpdate.update(&model, .startupStepEnded(.failedLoading(reason: "no network"), .done), now: 10)
        #expect(!model.view.isSplashHeld && model.splashDue == nil)

        model = UpdateFixture.model()
        model.view.phase = .splash(message: "Starting")
        model.holdSplash()
        _ = ShellUpdate.update(&model, .paneShown(id: 1, pane: UpdatePaneTests.signIn), now: 10)
        #expect(!model.view.isBlank, "a pane over a held splash is drawn")
    }
}
