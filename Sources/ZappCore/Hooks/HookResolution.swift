import ZappModel

/// The one hook resolution (ARCHITECTURE.md, "Hooks"): turns a hook entry of a target screen
/// into what it is and what it would do, for an app, its registry (which holds the session)
/// and, for `trace`, scripted answers. `ScreenHookManager` executes the entries it resolves,
/// `gates` and the lock marks report them (`HookGate`), `trace` and `replay` drive the manager.
///
/// Per entry, in order: the plugin by `identifier` (none, or not available: skipped); the hook
/// screen (`screen_id`; missing: the plugin's defaults); the presentation (`present`/`push`); a
/// new instance made by the plugin's factory (nil: not a screen hook, skipped); its kind, the
/// flow-blocker rule (`flowBlocker`), whether it has UI, may ask, and whether its hook screen
/// disallows presentation. Nothing runs here: `decide` only asks the instance whether it
/// requests its presentation (a login's answer depends on the session).
public struct HookResolution: Sendable {
    /// A line the manager records in the trace before running the entry.
    public struct Note: Sendable, Hashable {
        public var step: HookTrace.Step
        public var message: String
    }

    /// One resolved hook entry.
    public struct Entry: Sendable {
        /// What the entry is (kind, classes, flow blocker, UI, skip reason): the gates report's view.
        public var gate: HookGate
        /// The hook screen's model, when the entry names one that exists.
        public var hookScreen: ScreenModel?
        /// How the hook's panes are shown.
        public var presentation: PanePresentation
        /// What the trace records before the entry runs: plugin found or skipped, warnings, new instance.
        public var notes: [Note]
        /// The instance to run; nil when the entry is skipped.
        public var hook: (any ScreenHook)?
        /// The plugin's configuration, when found.
        public var configuration: PluginConfiguration?
    }

    /// What one resolved entry does when its screen is opened in the registry's session state.
    public struct Decision: Sendable, Hashable {
        public var decision: HookDecision
        public var why: String
        /// The scripted answer that stands in for running it (`scriptedAnswer`), when it runs
        /// at all (not skipped, presentation allowed and requested).
        public var answer: HookScript.Answer?
    }

    /// One step of a navigation's plan: the resolved entry and what it would do.
    public struct Step: Sendable {
        public var entry: Entry
        public var decision: Decision
    }

    /// The message of a hook screen that disallows presentation (the entry passes).
    public static let disallowedMessage =
        "hook screen general.allow_screen_plugin_presentation is false: counts as succeeded, nothing shown"

    public let app: ZappApp
    public let registry: PluginRegistry
    /// Scripted answers (`trace`, tests); nil in the running app.
    public let script: HookScript?

    public init(app: ZappApp, registry: PluginRegistry, script: HookScript? = nil) {
        self.app = app
        self.registry = registry
        self.script = script
    }

    /// Resolves one entry towards `target`. `presenter` gives the hook's presenter for its
    /// presentation (the manager's observing presenter); `reportWarning` records a hook's own warnings.
    public func resolve(
        _ reference: HookReference, target: ScreenModel,
        presenter: (PanePresentation) -> any Presenter = { _ in ScriptedPresenter(script: HookScript()) },
        reportWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) -> Entry {
        var gate = HookGate(
            identifier: reference.identifier, kind: .missing, className: nil, manifestClassName: nil,
            hookScreenID: reference.screenID, isFlowBlocker: false, flowBlockerSource: "skipped", hasUI: false,
            mayAsk: false, skipReason: nil, isPresentationDisallowed: false)
        var entry = Entry(gate: gate, hookScreen: nil, presentation: .present, notes: [], hook: nil, configuration: nil)
        func note(_ step: HookTrace.Step, _ message: String) { entry.notes.append(Note(step: step, message: message)) }

        guard let plugin = registry.plugin(identifier: reference.identifier) else {
            let reason = "no plugin with this identifier in plugin_configurations"
            entry.gate.skipReason = reason
            note(.warning, reason)
            note(.skipped, "skipped")
            return entry
        }
        let manifestClass = plugin.configuration.manifest.api.className
        gate.className = plugin.servingClassName ?? manifestClass
        if manifestClass != gate.className { gate.manifestClassName = manifestClass }
        entry.configuration = plugin.configuration
        if let unavailable = plugin.unavailableReason {
            let reason = "plugin not available (\(unavailable))"
            gate.kind = .unavailable
            gate.skipReason = reason
            entry.gate = gate
            note(.warning, reason)
            note(.skipped, "skipped")
            return entry
        }
        let className = plugin.servingClassName ?? plugin.manifestClassName
        note(.pluginFound, "plugin found (\(className)" + (plugin.note.map { "; \($0)" } ?? "") + ")")

        if let screenID = reference.screenID {
            entry.hookScreen = app.screen(id: screenID)
            if entry.hookScreen == nil {
                note(.warning, "hook screen \(Quoted.value(screenID, mark: "'")) does not exist; the plugin's defaults apply")
            }
        }
        let hookScreen = entry.hookScreen
        entry.presentation = Self.presentation(plugin.configuration, hookScreen: hookScreen) { note(.warning, $0) }
        let context = HookContext(
            plugin: plugin.configuration, hookScreen: hookScreen, target: target,
            presenter: presenter(entry.presentation), app: app, presentation: entry.presentation,
            reportWarning: reportWarning)
        guard let factory = plugin.factory, let hook = factory.makeScreenHook(context: context) else {
            let reason = "\(className) is not a screen hook"
            gate.kind = .notAHook
            gate.skipReason = reason
            entry.gate = gate
            note(.skipped, "skipped: \(reason)")
            return entry
        }
        note(.instanceCreated, "new instance" + (hookScreen.map { " with hook screen \($0.id) \"\($0.name)\"" } ?? ""))
        gate.kind = Self.kind(of: plugin)
        let flowBlocker = Self.flowBlocker(own: hook.isFlowBlocker, plugin.configuration, hookScreen: hookScreen)
        gate.isFlowBlocker = flowBlocker.value
        gate.flowBlockerSource = flowBlocker.source
        gate.hasUI = hook.hasUI
        gate.mayAsk = hook.hasUI || !hook.completesWithoutWaiting
        gate.isPresentationDisallowed = hookScreen?.general["allow_screen_plugin_presentation"]?.boolValue == false
        entry.gate = gate
        entry.hook = hook
        return entry
    }

    /// A target's pre hooks (or post hooks) resolved in order with a scripted presenter:
    /// nothing is shown or run (the lock marks, drawn without waiting).
    public func entries(of target: ScreenModel, post: Bool = false) -> [Entry] {
        (post ? target.hooks.postload : target.hooks.preload).map { resolve($0, target: target) }
    }

    /// The ordered plan of a navigation to `target`: each pre hook resolved and decided, with
    /// the scripted answer that would stand in for it. Nothing is shown or run.
    public func plan(of target: ScreenModel) async -> [Step] {
        var steps: [Step] = []
        for entry in entries(of: target) {
            steps.append(Step(entry: entry, decision: await decide(entry, target: target)))
        }
        return steps
    }

    /// The scripted answer that stands in for running an entry's hook: its own answer when the
    /// script names it (any kind: an answer stands in for an external command too); else, for
    /// a hook with UI, the script's default (cancel); a hook without UI and no answer of its own
    /// runs. Nil without a script.
    public func scriptedAnswer(for entry: Entry) -> HookScript.Answer? {
        guard let script else { return nil }
        if let own = script.answers[entry.gate.identifier] { return own }
        return entry.gate.hasUI ? script.defaultAnswer : nil
    }

    /// The identifiers `script` answers that name no hook entry of `target` (pre or post): an
    /// error for `trace`, which would otherwise ignore them.
    public static func unknownAnswers(_ script: HookScript, target: ScreenModel) -> [String] {
        let onPath = Set((target.hooks.preload + target.hooks.postload).map(\.identifier))
        return script.answers.keys.filter { !onPath.contains($0) }.sorted()
    }

    /// What the entry does when its screen is opened in the session its registry holds:
    /// skipped, passes (presentation disallowed or not requested, or it runs without waiting),
    /// or asks (a pane, or a program whose answer decides), with why.
    public func decide(_ entry: Entry, target: ScreenModel) async -> Decision {
        let gate = entry.gate
        if let skipReason = gate.skipReason { return Decision(decision: .skipped, why: skipReason, answer: nil) }
        guard let hook = entry.hook else { return Decision(decision: .skipped, why: "skipped", answer: nil) }
        if gate.isPresentationDisallowed {
            return Decision(decision: .passes, why: "hook screen general.allow_screen_plugin_presentation is false", answer: nil)
        }
        guard await hook.requestScreenPluginPresentation() else {
            return Decision(
                decision: .passes,
                why: gate.kind == .login ? "signed in with what \(target.id) requires" : "presentation not requested",
                answer: nil)
        }
        let answer = scriptedAnswer(for: entry)
        guard gate.mayAsk else {
            return Decision(decision: .passes, why: "runs without UI and answers at once", answer: answer)
        }
        let why: String
        switch gate.kind {
        case .login: why = "sign-in pane"
        case .gate: why = "gate pane"
        case .standIn: why = "stand-in pane: Continue succeeds, Fail fails"
        case .external where !gate.hasUI: why = "runs the external command; its answer decides"
        default: why = gate.hasUI ? "pane" : "runs without UI; its answer decides"
        }
        return Decision(decision: .asks, why: why, answer: answer)
    }

    /// How a planned navigation ends, without running anything: `presented ID`, or `blocked by
    /// IDENTIFIER` for the first flow blocker whose answer is not success. A hook that asks
    /// answers `answer(identifier)` when given (gates' branches: all success, all failure); else
    /// every hook answers its scripted answer, and a hook with none (an external command that
    /// would really run) counts as succeeding.
    public static func result(
        of plan: [Step], target: ScreenModel, answer: ((String) -> HookScript.Answer)? = nil
    ) -> String {
        for step in plan {
            let identifier = step.entry.gate.identifier
            let given: HookScript.Answer?
            if step.decision.decision == .asks, let answer {
                given = answer(identifier)
            } else {
                given = step.decision.answer
            }
            if let given, given != .success, step.entry.gate.isFlowBlocker {
                return "blocked by \(identifier)"
            }
        }
        return "presented \(target.id)"
    }

    /// The kind of a plugin that makes screen hooks, by the class serving it.
    static func kind(of plugin: RegisteredPlugin) -> HookKind {
        if plugin.factory?.loginProvider != nil { return .login }
        switch plugin.servingClassName {
        case BuiltInPluginClass.localLogin.rawValue?, BuiltInPluginClass.httpLogin.rawValue?: return .login
        case BuiltInPluginClass.gate.rawValue?: return .gate
        case BuiltInPluginClass.externalHook.rawValue?: return .external
        case BuiltInPluginClass.analytics.rawValue?: return .analytics
        case PluginCatalog.standInClassName?: return .standIn
        default: return .other
        }
    }

    /// `isFlowBlocker`: the plugin's answer, else the hook screen's `general.is_flow_blocker`,
    /// else the manifest's `initial_value` (or its `custom_configuration_fields` default), else false.
    /// The one rule, read by the resolution and the stand-in pane.
    public static func flowBlocker(own: Bool?, _ configuration: PluginConfiguration, hookScreen: ScreenModel?)
        -> (value: Bool, source: String)
    {
        if let own { return (own, "plugin") }
        if let value = hookScreen?.general["is_flow_blocker"]?.boolValue {
            return (value, "hook screen general.is_flow_blocker")
        }
        if let value = configuration.manifest.generalInitialValue("is_flow_blocker")?.boolValue {
            return (value, "manifest is_flow_blocker initial_value")
        }
        if let value = configuration.manifest.configurationDefault("is_flow_blocker")?.boolValue {
            return (value, "manifest custom_configuration_fields is_flow_blocker default")
        }
        return (false, "default")
    }

    /// `present` or `push`: the hook screen's `styles.presentation`, else the manifest's
    /// `initial_value`, else `present`. An unknown value is reported and skipped.
    static func presentation(
        _ configuration: PluginConfiguration, hookScreen: ScreenModel?, warn: (String) -> Void
    ) -> PanePresentation {
        let candidates: [(JSONValue?, String)] = [
            (hookScreen?.styles["presentation"], "hook screen styles.presentation"),
            (configuration.manifest.styleInitialValue("presentation"), "manifest presentation initial_value"),
        ]
        for (value, source) in candidates {
            guard let value, !value.isNull else { continue }
            if let raw = value.stringValue, let presentation = PanePresentation(rawValue: raw.lowercased()) {
                return presentation
            }
            warn("\(source) is not present or push; ignored")
        }
        return .present
    }
}
