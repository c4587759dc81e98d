import ZappModel

extension GatesReport {
    /// The report as text: a summary line, then a block per screen (how it is reached, its deep
    /// link, its hooks, the outcome signed out and signed in), then the unreachable screens.
    public var text: String {
        let counts = self.counts
        var lines = [
            "\(app): \(screens.count) screens: \(counts.gated) gated, \(counts.asks) asking without blocking, "
                + "\(counts.open) open, \(counts.unreachable) unreachable"
        ]
        if let session { lines.append(session) }
        for screen in screens {
            lines.append("")
            lines += screen.textLines(signedInUser: signedInUser)
        }
        let unreachable = screens.filter { !$0.isReachable }.map(\.id)
        lines.append("")
        lines.append(
            unreachable.isEmpty
                ? "Every screen is reachable."
                : "Unreachable (deep link or go-to only): " + unreachable.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}

extension GatesReport.Screen {
    /// `[gated]`, `[asks, unreachable]`.
    var tags: [String] {
        [signedOut.outcome.rawValue] + (isReachable ? [] : ["unreachable"])
    }

    func textLines(signedInUser: String?) -> [String] {
        var lines = ["\(id) \"\(name)\"  [\(tags.joined(separator: ", "))]"]
        let reached = reaches.map(\.line)
        lines.append("  reached by: " + (reached.isEmpty ? "nothing in the app" : reached.joined(separator: "; ")))
        lines.append("  deep link:  \(deepLink)")
        lines += Self.hookLines("pre hooks", preHooks)
        if !postHooks.isEmpty { lines += Self.hookLines("post hooks (run once presented; cannot stop it)", postHooks) }
        lines.append("  signed out: " + signedOut.line)
        if let signedIn, let signedInUser { lines.append("  signed in as \(signedInUser): " + signedIn.line) }
        return lines
    }

    static func hookLines(_ title: String, _ hooks: [HookGate]) -> [String] {
        guard !hooks.isEmpty else { return ["  \(title): none"] }
        return ["  \(title):"] + hooks.enumerated().map { "    \($0.offset + 1). \($0.element.line)" }
    }
}

extension HookGate {
    /// `login (login, ZappShell.LocalLogin): flow blocker (plugin)`.
    public var line: String {
        var what = [kind.rawValue]
        if let className { what.append(className) }
        if let manifestClassName { what.append("manifest class \(manifestClassName)") }
        if let hookScreenID { what.append("hook screen \(hookScreenID)") }
        var text = "\(identifier) (\(what.joined(separator: ", "))): "
        if let skipReason {
            text += "skipped: \(skipReason)"
        } else {
            text += (isFlowBlocker ? "flow blocker" : "not a flow blocker") + " (\(flowBlockerSource))"
        }
        return text
    }
}

extension GatesReport.Session {
    /// `gated: login asks (sign-in pane; flow blocker) → accepted: presented premium; declined: blocked by login`.
    public var line: String {
        let asking = steps.filter { $0.decision == .asks }
        switch outcome {
        case .open:
            let passing = steps.filter { $0.decision == .passes }.map { "\($0.identifier) passes (\($0.why))" }
            return "open → \(whenAccepted)" + (passing.isEmpty ? "" : "; " + passing.joined(separator: ", "))
        case .blocked:
            let failing = steps.filter { $0.decision == .fails }.map { "\($0.identifier) fails (\($0.why))" }
            return "blocked: " + failing.joined(separator: ", ") + " → \(whenDeclined)"
        case .asks, .gated:
            let asks = asking.map { "\($0.identifier) asks (\($0.why))" }.joined(separator: ", ")
            return "\(outcome.rawValue): \(asks) → accepted: \(whenAccepted); declined: \(whenDeclined)"
        }
    }
}
