import ZappModel

/// Where the chain interpreter (`ScreenHookManager`) takes the answers of the hooks it walks
/// from; everything else (resolution, decisions, flow blockers, dictionaries) is the same for all.
public enum HookAnswers: Sendable, Hashable {
    /// A person: every hook runs and its panes are answered by whoever the presenter is (`run`,
    /// `replay`, the external hooks' commands).
    case person
    /// A script (`trace --answer`, tests): a hook it names, whatever its kind, and every hook with
    /// UI gets the script's answer instead of running (an external command is not run); a hook
    /// without UI it does not name really runs.
    case script(HookScript)
    /// A branch (`gates`): nothing runs; every hook that asks answers this, one that runs without
    /// UI and answers at once succeeds.
    case branch(HookScript.Answer)

    /// The answer that stands in for running an entry whose presentation is allowed; nil: it runs.
    public func answer(for entry: HookResolution.Entry, decision: HookDecision) -> HookScript.Answer? {
        switch self {
        case .person:
            return nil
        case .script(let script):
            if let own = script.answers[entry.gate.identifier] { return own }
            return entry.gate.hasUI ? script.defaultAnswer : nil
        case .branch(let answer):
            return decision == .asks ? answer : .success
        }
    }

    /// The script, when answers come from one.
    public var script: HookScript? {
        if case .script(let script) = self { return script }
        return nil
    }
}

extension ScreenHookManager {
    /// The navigation to `target` walked by the chain interpreter with every hook that asks
    /// answering `branch` (`HookAnswers.branch`): nothing runs or is shown. `gates`' accepted and
    /// declined results; the lock marks of a session (declined ends blocked).
    public static func walk(
        app: ZappApp, registry: PluginRegistry, target: ScreenModel, branch: HookScript.Answer
    ) async -> HookChainResult {
        let manager = ScreenHookManager(
            app: app, registry: registry, presenter: ScriptedPresenter(script: HookScript(defaultAnswer: branch)),
            trace: TraceLog(capacity: 64), answers: .branch(branch))
        return await manager.runPreHooks(for: target, from: .goTo, dataDict: nil)
    }
}
