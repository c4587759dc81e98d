import ZappModel

/// The one hook resolution (ARCHITECTURE.md, "Hooks"): turns a hook entry of a target screen
/// into what it is (`resolve`) and what it does in the session its registry holds (`decide`).
/// The chain interpreter (`ScreenHookManager`) walks a target's entries through these two for
/// every source of answers (a person, a script, a branch), so `run`, `trace`, `gates`, the lock
/// marks and `replay` share every rule.
///
/// Per entry, in order: the plugin by `identifier` (none, or not available: skipped); the hook
/// screen (`screen_id`; missing: the plugin's defaults); the presentation (`present`/`push`);
/// what the plugin's factory declares (`HookTraits`: kind, UI, own flow-blocker answer; nil: not
/// a screen hook, skipped); the flow-blocker rule (`flowBlocker`); whether presentation is
/// allowed (`allowsPresentation`); and, unless only the traits are wanted (the lock marks), a
/// new instance made by the factory.
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
        /// The plugin's name with its identifier for messages: "Premium Login (zapptv_login)".
        public var label: String
        /// The hook screen's model, when the entry names one that exists.
        public var hookScreen: ScreenModel?
        /// How the hook's panes are shown.
        public var presentation: PanePresentation
        /// What the trace records before the entry runs: plugin found or skipped, warnings, new instance.
        public var notes: [Note]
        /// The instance to run; nil when the entry is skipped or only its traits were asked for.
        public var hook: (any ScreenHook)?
        /// The plugin's configuration, when found.
        public var configuration: PluginConfiguration?
        /// What its factory declares, when it is a screen hook.
        public var traits: HookTraits?
        /// Why presentation is refused by configuration (`allow_screen_plugin_presentation`
        /// false, and where it says so); nil when it is allowed.
        public var presentationRefusal: String?
    }

    /// What one resolved entry does when its screen is opened in the registry's session state.
    public struct Decision: Sendable, Hashable {
        public var decision: HookDecision
        public var why: String
        /// Presentation was refused (`presentationRefusal`, or `requestScreenPluginPresentation`
        /// false): the trace's line, and the outcome of the hook's own logic
        /// (`executeHookWithoutPresentation`), which is the hook's whole run.
        public var refused: Refusal?

        public init(decision: HookDecision, why: String, refused: Refusal? = nil) {
            self.decision = decision
            self.why = why
            self.refused = refused
        }
    }

    /// A refused presentation: the trace's line and the outcome of the hook's own logic.
    public struct Refusal: Sendable, Hashable {
        public var line: String
        public var outcome: HookOutcome
    }

    /// One step of a navigation's plan: the resolved entry and what it would do.
    public struct Step: Sendable {
        public var entry: Entry
        public var decision: Decision
    }

    public let app: ZappApp
    public let registry: PluginRegistry

    public init(app: ZappApp, registry: PluginRegistry) {
        self.app = app
        self.registry = registry
    }

    /// Resolves one entry towards `target`. `presenter` gives the hook's presenter for its
    /// presentation (the manager's observing presenter); `reportWarning` records a hook's own
    /// warnings; `entry` is the cell's entry the navigation carries. With `makeInstance` false
    /// only the factory's declaration is read (the lock marks).
    public func resolve(
        _ reference: HookReference, target: ScreenModel, makeInstance: Bool = true,
        presenter: (PanePresentation) -> any Presenter = { _ in ScriptedPresenter(script: HookScript()) },
        reportWarning: @escaping @Sendable (String) -> Void = { _ in }, entry cellEntry: JSONObject? = nil
    ) -> Entry {
        var gate = HookGate(
            identifier: reference.identifier, kind: .missing, className: nil, manifestClassName: nil,
            hookScreenID: reference.screenID, isFlowBlocker: false, flowBlockerSource: "skipped", hasUI: false,
            mayAsk: false, skipReason: nil, isPresentationDisallowed: false)
        var entry = Entry(
            gate: gate, label: app.pluginLabel(reference.identifier), hookScreen: nil, presentation: .present,
            notes: [], hook: nil, configuration: nil, traits: nil, presentationRefusal: nil)
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
        guard let factory = plugin.factory, let traits = factory.hookTraits(plugin.configuration, hookScreen: hookScreen)
        else {
            let reason = "\(className) is not a screen hook"
            gate.kind = .notAHook
            gate.skipReason = reason
            entry.gate = gate
            note(.skipped, "skipped: \(reason)")
            return entry
        }
        gate.kind = traits.kind
        let flowBlocker = Self.flowBlocker(own: traits.isFlowBlocker, plugin.configuration, hookScreen: hookScreen)
        gate.isFlowBlocker = flowBlocker.value
        gate.flowBlockerSource = flowBlocker.source
        gate.hasUI = traits.hasUI
        gate.mayAsk = traits.hasUI || !traits.completesWithoutWaiting
        gate.mayFailWithoutPresentation = traits.mayFailWithoutPresentation
        if traits.hasUI { entry.presentationRefusal = Self.presentationRefusal(plugin.configuration, hookScreen: hookScreen) }
        gate.isPresentationDisallowed = entry.presentationRefusal != nil
        entry.gate = gate
        entry.traits = traits
        guard makeInstance else { return entry }
        let context = HookContext(
            plugin: plugin.configuration, hookScreen: hookScreen, target: target,
            presenter: presenter(entry.presentation), app: app, presentation: entry.presentation,
            reportWarning: reportWarning, entry: cellEntry, login: registry.firstLoginProvider?.provider)
        guard let hook = factory.makeScreenHook(context: context) else {
            let reason = "\(className) made no screen hook"
            entry.gate.kind = .notAHook
            entry.gate.skipReason = reason
            entry.traits = nil
            note(.skipped, "skipped: \(reason)")
            return entry
        }
        note(.instanceCreated, "new instance" + (hookScreen.map { " with hook screen \($0.id) \"\($0.name)\"" } ?? ""))
        entry.hook = hook
        return entry
    }

    /// A target's pre hooks (or post hooks) resolved in order from their factories' declarations:
    /// no instance is made, nothing is shown or run (the lock marks, drawn without waiting).
    public func entries(of target: ScreenModel, post: Bool = false) -> [Entry] {
        (post ? target.hooks.postload : target.hooks.preload).map { resolve($0, target: target, makeInstance: false) }
    }

    /// The ordered plan of a navigation to `target`: each pre hook resolved and decided in the
    /// registry's session state (the gates report's steps). Nothing is shown or run.
    public func plan(of target: ScreenModel, dataDict: JSONObject? = nil) async -> [Step] {
        var steps: [Step] = []
        for reference in target.hooks.preload {
            let entry = resolve(reference, target: target, entry: dataDict?["entry"]?.objectValue)
            steps.append(Step(entry: entry, decision: await decide(entry, target: target, dataDict: dataDict)))
        }
        return steps
    }

    /// The identifiers `script` answers that name no hook entry of `target` (pre or post): an
    /// error for `trace`, which would otherwise ignore them.
    public static func unknownAnswers(_ script: HookScript, target: ScreenModel) -> [String] {
        let onPath = Set((target.hooks.preload + target.hooks.postload).map(\.identifier))
        return script.answers.keys.filter { !onPath.contains($0) }.sorted()
    }

    /// What the entry does when its screen is opened in the session its registry holds, the one
    /// rule every source of answers follows: skipped; presentation refused (by configuration or by
    /// `requestScreenPluginPresentation`), when the hook's own logic decides at once (passes or
    /// fails, `Decision.refused`); or it runs: asks (a pane, or a program whose answer decides)
    /// or passes (it runs without UI and answers at once).
    public func decide(_ entry: Entry, target: ScreenModel, dataDict: JSONObject?) async -> Decision {
        let gate = entry.gate
        if let skipReason = gate.skipReason { return Decision(decision: .skipped, why: skipReason) }
        guard let hook = entry.hook else { return Decision(decision: .skipped, why: "skipped") }
        var refusal = entry.presentationRefusal
        if refusal == nil, !(await hook.requestScreenPluginPresentation()) {
            refusal = gate.kind == .login ? "presentation not requested, signed in with what \(target.id) requires"
                : "presentation not requested"
        }
        if let refusal {
            let outcome = await hook.executeHookWithoutPresentation(dataDict: dataDict)
            let line = refusal + ": nothing shown; " + outcome.summary
            let refused = Refusal(line: line, outcome: outcome)
            if case .failed(let reason, _) = outcome {
                return Decision(decision: .fails, why: refusal + "; " + reason, refused: refused)
            }
            return Decision(decision: .passes, why: refusal, refused: refused)
        }
        guard gate.mayAsk else { return Decision(decision: .passes, why: "runs without UI and answers at once") }
        if let notRun = entry.traits?.notRunLine {
            return Decision(decision: .asks, why: notRun + "; stand-in pane: Continue succeeds, Fail fails")
        }
        let why: String
        switch gate.kind {
        case .login: why = "sign-in pane"
        case .gate: why = "gate pane"
        case .standIn: why = "stand-in pane: Continue succeeds, Fail fails"
        case .external where !gate.hasUI: why = "runs the external command; its answer decides"
        default: why = gate.hasUI ? "pane" : "runs without UI; its answer decides"
        }
        return Decision(decision: .asks, why: why)
    }

    /// Why presentation is refused by configuration: `allow_screen_plugin_presentation` false in
    /// the hook screen's `general`, else in the manifest's `initial_value`; nil when allowed.
    public static func presentationRefusal(_ configuration: PluginConfiguration, hookScreen: ScreenModel?) -> String? {
        let key = "allow_screen_plugin_presentation"
        if let value = hookScreen?.general[key]?.boolValue {
            return value ? nil : "hook screen general.\(key) is false"
        }
        if configuration.manifest.generalInitialValue(key)?.boolValue == false {
            return "manifest \(key) initial_value is false"
        }
        return nil
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
