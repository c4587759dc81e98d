import ZappModel

/// The screen-hook manager (`GAScreenHookManager`): runs a target screen's pre hooks before it
/// is shown and its post hooks after, exactly as the SDK's does, recording every step
/// in a `TraceLog`. One instance serves the whole app run (cells, nav-bar buttons, root-menu
/// items, go-to, deep links, and screen-picker tabs through `ScreenPickerHookHelper`);
/// `zapp-shell trace` uses the same type with a scripted presenter.
///
/// Per hook entry, in order:
/// 1. resolve it (`HookResolution`, the one resolution `gates` reports too): the plugin by
///    `identifier` (none, or not available → skipped with a warning), a new instance (with the
///    hook screen's model when the entry has `screen_id`), its presentation and flow-blocker answer;
/// 3. `requestScreenPluginPresentation` false → succeeded, nothing shown, dataDict unchanged;
///    so is a hook screen whose `general.allow_screen_plugin_presentation` is `false` (the
///    SDK's answer for a hook screen that must not be shown; absent means allowed);
/// 4. panes are shown `present` or `push` (the hook screen's `styles.presentation`, else the
///    manifest's `initial_value`, else `present`);
/// 5. `executeHook` completes; the user closing the pane is a failure
///    "User has closed hook execution" (`hookPluginDidDisappear` is called); a hook without UI
///    that has not completed within its timeout fails (`configuration_json.timeout_seconds`,
///    else the default; the timer stops while the hook shows a pane); a cancelled task fails
///    the hook with "cancelled";
/// 6. the returned dictionary is handed to the next hook (none: dropped);
/// 7. failed and flow blocker → blocked; otherwise go on;
/// 8. after the last hook the target is presented with the final dictionary.
///
/// A hook runs in a task of its own, raced against its timeout and the navigation's
/// cancellation; a hook without UI that completes without waiting
/// (`ScreenHook.completesWithoutWaiting`, e.g. analytics) runs inline in the chain's task
/// instead, with the same steps and trace and no task, timer or thread hand-off.
///
/// With a `HookScript` (`zapp-shell trace`), a hook that is allowed to present and that the
/// script answers (`HookResolution.scriptedAnswer`: any hook it names, and every hook with UI)
/// gets its scripted answer instead of running; everything else is the same.
public final class ScreenHookManager: ScreenOpening {
    /// The reason recorded when the user closes a hook's pane (the SDK's message).
    public static let userClosedReason = "User has closed hook execution"

    public let app: ZappApp
    public let registry: PluginRegistry
    public let trace: TraceLog
    private let presenter: any Presenter
    private let defaultTimeout: Duration
    private let clock: any Clock<Duration>
    /// The one resolution of hook entries, with the script's answers.
    public let resolution: HookResolution
    /// The `running` step's message for the default timeout, made once.
    private let defaultRunningMessage: String

    /// - Parameters:
    ///   - presenter: shows hook panes (the UI, or a scripted presenter).
    ///   - hookTimeout: the default timeout of hooks without UI.
    ///   - clock: the clock the timeout reads and sleeps on (tests inject their own).
    ///   - script: scripted answers (`zapp-shell trace`); nil runs every hook for real.
    public init(
        app: ZappApp, registry: PluginRegistry, presenter: any Presenter, trace: TraceLog,
        hookTimeout: Duration = .seconds(30),
        clock: any Clock<Duration> = ContinuousClock(),
        script: HookScript? = nil
    ) {
        self.app = app
        self.registry = registry
        self.presenter = presenter
        self.trace = trace
        self.defaultTimeout = hookTimeout
        self.clock = clock
        self.resolution = HookResolution(app: app, registry: registry, script: script)
        self.defaultRunningMessage = "running without UI (timeout \(Self.describe(hookTimeout)))"
    }

    /// A manager using the environment's presenter, default timeout and clock.
    public convenience init(
        app: ZappApp, registry: PluginRegistry, environment: PluginEnvironment, trace: TraceLog,
        script: HookScript? = nil
    ) {
        self.init(
            app: app, registry: registry, presenter: environment.presenter, trace: trace,
            hookTimeout: environment.hookTimeout, clock: environment.clock, script: script)
    }

    public func runPreHooks(for target: ScreenModel, from source: NavigationSource, dataDict: JSONObject?) async
        -> HookChainResult
    {
        trace.append(
            HookTrace(
                stage: .navigation, step: .navigationStarted,
                message: "navigate to \(target.id) \"\(target.name)\" from \(source.rawValue)"))
        switch await runChain(target.hooks.preload, stage: .pre, target: target, dataDict: dataDict) {
        case .completed(let final):
            let keys = final.map { Array($0.keys) }
            trace.append(
                HookTrace(stage: .result, step: .presented, message: "presented \(target.id)", keys: keys))
            return .presented(screenID: target.id, dataDict: final)
        case .blocked(let identifier, let reason):
            trace.append(
                HookTrace(stage: .result, step: .blocked, identifier: identifier, message: "blocked by \(identifier)"))
            return .blocked(by: identifier, reason: reason)
        }
    }

    public func runPostHooks(for target: ScreenModel, dataDict: JSONObject?) async {
        guard !target.hooks.postload.isEmpty else { return }
        trace.append(
            HookTrace(stage: .post, step: .postHooksStarted, message: "post hooks of \(target.id) \"\(target.name)\""))
        if case .blocked(let identifier, _) = await runChain(
            target.hooks.postload, stage: .post, target: target, dataDict: dataDict)
        {
            trace.append(
                HookTrace(
                    stage: .post, step: .blocked, identifier: identifier,
                    message: "post hooks stopped; \(target.id) stays presented"))
        }
    }

    // MARK: - The chain

    private enum ChainOutcome {
        case completed(JSONObject?)
        case blocked(identifier: String, reason: String)
    }

    private func runChain(_ entries: [HookReference], stage: HookTrace.Stage, target: ScreenModel, dataDict: JSONObject?)
        async -> ChainOutcome
    {
        var current = dataDict
        for reference in entries {
            let identifier = reference.identifier
            let record: @Sendable (HookTrace.Step, String) -> Void = { [trace] step, message in
                trace.append(HookTrace(stage: stage, step: step, identifier: identifier, message: message))
            }
            var run: HookRun?
            let entry = resolution.resolve(
                reference, target: target,
                presenter: { [presenter] presentation in
                    let made = HookRun(identifier: identifier, presentation: presentation, record: record)
                    run = made
                    return ObservingPresenter(base: presenter, run: made)
                },
                reportWarning: { message in record(.warning, message) })
            for note in entry.notes { record(note.step, note.message) }
            guard let hook = entry.hook, let run, let configuration = entry.configuration else { continue }

            let outcome: HookOutcome
            if Task.isCancelled {
                record(.cancelled, "not run: the navigation was cancelled")
                outcome = .failed(reason: "cancelled", dataDict: current)
            } else if entry.gate.isPresentationDisallowed {
                record(.presentationDenied, HookResolution.disallowedMessage)
                outcome = .succeeded(dataDict: current)
            } else if let answer = resolution.scriptedAnswer(for: entry) {
                outcome = await executeScripted(hook, answer: answer, run: run, dataDict: current)
            } else {
                outcome = await execute(hook, run: run, configuration: configuration, dataDict: current)
            }

            if case .failed(let reason, _) = outcome {
                let source = entry.gate.flowBlockerSource
                if entry.gate.isFlowBlocker {
                    let consequence = stage == .post ? "the remaining post hooks do not run" : "\(target.id) is not presented"
                    record(.flowBlocker, "flow blocker (\(source)): \(consequence)")
                    return .blocked(identifier: identifier, reason: reason)
                }
                record(.flowBlocker, "not a flow blocker (\(source)): going on")
            }
            current = handOn(outcome.dataDict, previous: current, record: record)
        }
        return .completed(current)
    }

    /// A hook whose scripted answer stands in for running it (`trace`): it is still asked
    /// whether it requests its presentation (a signed-in login passes); then a hook with UI
    /// records its pane, and a hook without UI (an external command) is not run.
    private func executeScripted(_ hook: any ScreenHook, answer: HookScript.Answer, run: HookRun, dataDict: JSONObject?)
        async -> HookOutcome
    {
        guard await hook.requestScreenPluginPresentation() else {
            run.record(.presentationDenied, "presentation not requested: counts as succeeded, nothing shown")
            return .succeeded(dataDict: dataDict)
        }
        if hook.hasUI {
            run.record(.presentationAllowed, "presentation allowed (\(run.presentation.rawValue))")
            run.record(.paneShown, "pane shown (\(run.presentation.rawValue)); scripted answer: \(answer.rawValue)")
        } else {
            run.record(.scriptedAnswer, "not run: scripted answer: \(answer.rawValue)")
        }
        switch answer {
        case .success:
            run.record(.succeeded, "succeeded")
            return .succeeded(dataDict: dataDict)
        case .failure:
            run.record(.failed, "failed: \(HookScript.failureReason)")
            return .failed(reason: HookScript.failureReason, dataDict: dataDict)
        case .cancel:
            run.record(.dismissed, "failed: \(Self.userClosedReason)")
            await hook.hookPluginDidDisappear()
            return .failed(reason: Self.userClosedReason, dataDict: dataDict)
        }
    }

    /// Steps 3 to 5 for one instance: the first of completion, denied presentation, closed pane,
    /// timeout or cancellation decides the outcome.
    private func execute(_ hook: any ScreenHook, run: HookRun, configuration: PluginConfiguration, dataDict: JSONObject?)
        async -> HookOutcome
    {
        let timeout = hook.hasUI ? nil : timeoutDuration(for: configuration)
        let end: HookRun.End
        let work: Task<Void, Never>?
        if let timeout, hook.completesWithoutWaiting {
            work = nil
            end = await executeInline(hook, run: run, timeout: timeout, dataDict: dataDict)
        } else {
            work = startWork(hook, run: run, timeout: timeout, dataDict: dataDict)
            end = await awaitEnd(of: run, timeout: timeout)
        }

        switch end {
        case .completed(let outcome):
            switch outcome {
            case .succeeded: run.record(.succeeded, "succeeded")
            case .failed(let reason, _): run.record(.failed, "failed: \(reason)")
            }
            await run.closeOpenPanes()
            return outcome
        case .presentationDenied:
            run.record(.presentationDenied, "presentation not requested: counts as succeeded, nothing shown")
            return .succeeded(dataDict: dataDict)
        case .dismissed:
            work?.cancel()
            run.record(.dismissed, "failed: \(Self.userClosedReason)")
            await hook.hookPluginDidDisappear()
            await run.closeOpenPanes()
            return .failed(reason: Self.userClosedReason, dataDict: dataDict)
        case .timedOut(let duration):
            work?.cancel()
            run.record(.timedOut, "failed: timed out after \(Self.describe(duration))")
            await run.closeOpenPanes()
            return .failed(reason: "timed out after \(Self.describe(duration))", dataDict: dataDict)
        case .cancelled:
            work?.cancel()
            run.record(.cancelled, "failed: cancelled")
            await run.closeOpenPanes()
            return .failed(reason: "cancelled", dataDict: dataDict)
        }
    }

    /// A hook that completes without waiting, run in the chain's own task: the same steps and
    /// trace as in a task of its own, without the task, the timer and the hand-off. A navigation
    /// cancelled before the hook is done ends the run as cancelled, as it does for a task.
    /// A pane the hook shows anyway goes through the run's observing presenter as usual.
    private func executeInline(_ hook: any ScreenHook, run: HookRun, timeout: Duration, dataDict: JSONObject?)
        async -> HookRun.End
    {
        let allowed = await hook.requestScreenPluginPresentation()
        guard !Task.isCancelled else { return run.settle(.cancelled) }
        guard allowed else { return run.settle(.presentationDenied) }
        run.record(.running, runningMessage(timeout))
        let outcome = await hook.executeHook(dataDict: dataDict)
        return run.settle(Task.isCancelled ? .cancelled : .completed(outcome))
    }

    /// Starts a hook in a task of its own (steps 3 to 5), which finishes the run with how it ended.
    private func startWork(_ hook: any ScreenHook, run: HookRun, timeout: Duration?, dataDict: JSONObject?)
        -> Task<Void, Never>
    {
        let runningMessage = timeout.map(runningMessage)
        return Task {
            guard await hook.requestScreenPluginPresentation() else {
                run.finish(.presentationDenied)
                return
            }
            if let runningMessage {
                run.record(.running, runningMessage)
            } else {
                run.record(.presentationAllowed, "presentation allowed (\(run.presentation.rawValue))")
            }
            run.finish(.completed(await hook.executeHook(dataDict: dataDict)))
        }
    }

    /// Waits for the end of a hook running in its own task, with its timeout when it has one
    /// and the navigation's cancellation.
    private func awaitEnd(of run: HookRun, timeout: Duration?) async -> HookRun.End {
        if let timeout {
            // Most hooks without UI answer at once: give the hook a turn before paying for a
            // timer task; the timer then gets what is left, so the deadline still counts from here.
            let elapsed = await clock.measure { await Task.yield() }
            if !run.isFinished {
                run.startTimer(timeout, elapsed: elapsed, clock: clock)
            }
        }
        let end = await withTaskCancellationHandler {
            await run.waitForEnd()
        } onCancel: {
            run.finish(.cancelled)
        }
        run.stopTimer()
        return end
    }

    /// The `running` step of a hook without UI: "running without UI (timeout 30 s)".
    private func runningMessage(_ timeout: Duration) -> String {
        timeout == defaultTimeout ? defaultRunningMessage : "running without UI (timeout \(Self.describe(timeout)))"
    }

    /// Step 6: the dictionary handed to the next hook, recorded by its keys only.
    private func handOn(_ returned: JSONObject?, previous: JSONObject?, record: (HookTrace.Step, String) -> Void)
        -> JSONObject?
    {
        if let returned {
            record(.dataHandedOn, "dataDict handed on: \(HookTrace.describe(keys: returned.keys))")
        } else if let previous {
            record(.dataDropped, "returned no dataDict: the dictionary (\(HookTrace.describe(keys: previous.keys))) is dropped")
        } else {
            record(.dataHandedOn, "no dataDict to hand on")
        }
        return returned
    }

    /// A plugin's `configuration_json.timeout_seconds` when positive, else the default.
    private func timeoutDuration(for configuration: PluginConfiguration) -> Duration {
        if let seconds = configuration.configuration["timeout_seconds"]?.doubleValue, seconds > 0, seconds.isFinite {
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }
        return defaultTimeout
    }

    /// "30 s", "0.05 s".
    static func describe(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
