import ZappModel

/// What `zapp-shell gates` reports: every screen of an app, how a user reaches it, its hook
/// chains with each hook's kind and flow-blocker answer (`HookGate`, from the one `HookResolution`), and what opening it means
/// signed out and, with a user, signed in. Built from the same registry, hook instances and
/// flow-blocker rule the hook manager uses, without running any hook: built-in logins answer
/// by their own rules (the session the registry holds, the target's entitlements); panes and
/// external programs "ask", and both their branches are given (`Session.whenAccepted`,
/// `whenDeclined`, in `trace`'s words).
public struct GatesReport: Sendable, Hashable {
    /// What one hook does in one session state.
    public struct Step: Sendable, Hashable {
        public var identifier: String
        public var decision: HookDecision
        public var why: String
    }

    /// Opening a screen in one session state.
    public struct Session: Sendable, Hashable {
        public var outcome: GateOutcome
        /// One step per pre hook, in order.
        public var steps: [Step]
        /// `trace`'s result when every hook that asks succeeds: `presented ID`.
        public var whenAccepted: String
        /// `trace`'s result when every hook that asks fails: `blocked by IDENTIFIER` (the first
        /// flow blocker that asks), else `presented ID`.
        public var whenDeclined: String
    }

    /// One screen of the app.
    public struct Screen: Sendable, Hashable {
        public var id: String
        public var name: String
        public var reaches: [ScreenReaches.Reach]
        /// Reached by navigating from home, the root menu or a content type.
        public var isReachable: Bool
        /// A link that opens the screen (`run --open`).
        public var deepLink: String
        public var preHooks: [HookGate]
        public var postHooks: [HookGate]
        /// A pre hook can stop the navigation (it may ask and it is a flow blocker), whatever the
        /// session (the running app's lock marks say it for the session signed in now: `ScreenGates`).
        public var isGated: Bool { preHooks.contains(where: \.canBlock) }
        public var signedOut: Session
        public var signedIn: Session?
    }

    public var app: String
    /// The user of the signed-in column, when one was asked for.
    public var signedInUser: String?
    /// What was seeded for that user (`trace`'s first line), when given.
    public var session: String?
    public var screens: [Screen]

    public init(app: String, signedInUser: String?, session: String?, screens: [Screen]) {
        self.app = app
        self.signedInUser = signedInUser
        self.session = session
        self.screens = screens
    }

    /// Analyses every screen of `app`. `signedOut` is a registry whose logins hold no session;
    /// `signedIn`, one holding `user`'s.
    public static func make(
        app: ZappApp, signedOut: PluginRegistry, signedIn: (user: String, registry: PluginRegistry, session: String?)?
    ) async -> GatesReport {
        let reaches = ScreenReaches(app: app, rootKind: signedOut.rootKind(of: app))
        var screens: [Screen] = []
        screens.reserveCapacity(app.screens.count)
        let outResolution = HookResolution(app: app, registry: signedOut)
        for target in app.screens {
            let pre = await outResolution.plan(of: target)
            let post = outResolution.entries(of: target, post: true).map(\.gate)
            var inSession: Session?
            if let signedIn { inSession = await session(app: app, registry: signedIn.registry, target: target) }
            screens.append(
                Screen(
                    id: target.id, name: target.name, reaches: reaches.reaches[target.id] ?? [],
                    isReachable: reaches.reachable.contains(target.id), deepLink: deepLink(target.id),
                    preHooks: pre.map(\.entry.gate), postHooks: post,
                    signedOut: await session(app: app, registry: signedOut, target: target, plan: pre),
                    signedIn: inSession))
        }
        return GatesReport(app: app.name, signedInUser: signedIn?.user, session: signedIn?.session, screens: screens)
    }

    /// Opening `target` in one session state: each step's decision (`HookResolution.decide`), and
    /// the result when every hook that asks succeeds (accepted) or fails (declined), each walked by
    /// the chain interpreter with that branch as its source of answers.
    private static func session(
        app: ZappApp, registry: PluginRegistry, target: ScreenModel, plan: [HookResolution.Step]? = nil
    ) async -> Session {
        let plan = if let plan { plan } else { await HookResolution(app: app, registry: registry).plan(of: target) }
        let steps = plan.map { Step(identifier: $0.entry.gate.identifier, decision: $0.decision.decision, why: $0.decision.why) }
        let accepted = await walk(app: app, registry: registry, target: target, branch: .success)
        let declined = await walk(app: app, registry: registry, target: target, branch: .failure)
        let asks = plan.contains { $0.decision.decision == .asks }
        let outcome: GateOutcome =
            accepted.hasPrefix("blocked") ? .blocked : declined != accepted ? .gated : asks ? .asks : .open
        return Session(outcome: outcome, steps: steps, whenAccepted: accepted, whenDeclined: declined)
    }

    /// `presented ID` or `blocked by IDENTIFIER` (`ScreenHookManager.walk` with `branch`).
    static func walk(app: ZappApp, registry: PluginRegistry, target: ScreenModel, branch: HookScript.Answer) async
        -> String
    {
        switch await ScreenHookManager.walk(app: app, registry: registry, target: target, branch: branch) {
        case .presented(let id, _): return "presented \(id)"
        case .blocked(let identifier, _): return "blocked by \(identifier)"
        }
    }

    /// `zapp://screen/ID`, the id percent-encoded where it is not a URL's unreserved character.
    static func deepLink(_ id: String) -> String {
        var encoded = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                encoded += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return "zapp://screen/" + encoded
    }

    /// How many screens are gated, ask without blocking, open, and unreachable (signed out).
    public var counts: (gated: Int, asks: Int, open: Int, unreachable: Int) {
        var counts = (gated: 0, asks: 0, open: 0, unreachable: 0)
        for screen in screens {
            switch screen.signedOut.outcome {
            case .gated, .blocked: counts.gated += 1
            case .asks: counts.asks += 1
            case .open: counts.open += 1
            }
            if !screen.isReachable { counts.unreachable += 1 }
        }
        return counts
    }
}
