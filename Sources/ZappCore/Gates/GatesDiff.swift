import ZappModel

/// What changed in gating between two versions of an app (`zapp-shell gates --diff OLD NEW`),
/// from their signed-out gates reports: screens added or removed, newly gated or ungated,
/// hooks added, removed or reordered, a hook's flow-blocker answer or kind changed, and a
/// screen's outcome changed. Any change is a change in gating (exit 1).
public struct GatesDiff: Sendable, Hashable {
    /// One change, named in words (`line`) and as data.
    public struct Change: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case screenAdded = "screen-added"
            case screenRemoved = "screen-removed"
            case gated
            case ungated
            case hookAdded = "hook-added"
            case hookRemoved = "hook-removed"
            case hooksReordered = "hooks-reordered"
            case flowBlocker = "flow-blocker"
            case hookKind = "hook-kind"
            case outcome
        }

        public var kind: Kind
        public var screen: String
        /// `pre` or `post` for hook changes.
        public var stage: String?
        public var hook: String?
        public var old: String?
        public var new: String?
        public var line: String
    }

    public var old: String
    public var new: String
    public var changes: [Change]

    public var isChanged: Bool { !changes.isEmpty }

    public init(old: GatesReport, new: GatesReport) {
        self.old = old.app
        self.new = new.app
        var changes: [Change] = []
        let oldScreens = Dictionary(old.screens.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.screens.map(\.id))
        for screen in new.screens {
            guard let before = oldScreens[screen.id] else {
                let what = screen.isGated ? "gated by " + screen.preHooks.filter(\.canBlock).map(\.identifier).joined(separator: ", ") : screen.signedOut.outcome.rawValue
                changes.append(Change(kind: .screenAdded, screen: screen.id, new: what, line: "\(screen.id): screen added (\(what))"))
                continue
            }
            changes += Self.compare(before, screen)
        }
        for screen in old.screens where !newIDs.contains(screen.id) {
            changes.append(Change(kind: .screenRemoved, screen: screen.id, line: "\(screen.id): screen removed"))
        }
        self.changes = changes
    }

    private static func compare(_ old: GatesReport.Screen, _ new: GatesReport.Screen) -> [Change] {
        var changes: [Change] = []
        let id = new.id
        if old.isGated != new.isGated {
            let blockers = (new.isGated ? new : old).preHooks.filter(\.canBlock).map(\.identifier).joined(separator: ", ")
            changes.append(
                new.isGated
                    ? Change(kind: .gated, screen: id, new: blockers, line: "\(id): newly gated (by \(blockers))")
                    : Change(kind: .ungated, screen: id, old: blockers, line: "\(id): no longer gated (was gated by \(blockers))"))
        }
        if old.signedOut.outcome != new.signedOut.outcome {
            changes.append(
                Change(
                    kind: .outcome, screen: id, old: old.signedOut.outcome.rawValue, new: new.signedOut.outcome.rawValue,
                    line: "\(id): signed out \(old.signedOut.outcome.rawValue) → \(new.signedOut.outcome.rawValue)"))
        }
        changes += compareHooks(old.preHooks, new.preHooks, stage: "pre", screen: id)
        changes += compareHooks(old.postHooks, new.postHooks, stage: "post", screen: id)
        return changes
    }

    private static func compareHooks(_ old: [HookGate], _ new: [HookGate], stage: String, screen: String) -> [Change] {
        var changes: [Change] = []
        let oldIDs = old.map(\.identifier), newIDs = new.map(\.identifier)
        for hook in new where !oldIDs.contains(hook.identifier) {
            changes.append(
                Change(
                    kind: .hookAdded, screen: screen, stage: stage, hook: hook.identifier, new: hook.line,
                    line: "\(screen): \(stage) hook added: \(hook.line)"))
        }
        for hook in old where !newIDs.contains(hook.identifier) {
            changes.append(
                Change(
                    kind: .hookRemoved, screen: screen, stage: stage, hook: hook.identifier, old: hook.line,
                    line: "\(screen): \(stage) hook removed: \(hook.line)"))
        }
        let keptOld = oldIDs.filter(newIDs.contains), keptNew = newIDs.filter(oldIDs.contains)
        if keptOld != keptNew {
            let before = keptOld.joined(separator: ", "), after = keptNew.joined(separator: ", ")
            changes.append(
                Change(
                    kind: .hooksReordered, screen: screen, stage: stage, old: before, new: after,
                    line: "\(screen): \(stage) hooks reordered: \(before) → \(after)"))
        }
        for hook in new {
            guard let before = old.first(where: { $0.identifier == hook.identifier }) else { continue }
            if before.kind != hook.kind {
                changes.append(
                    Change(
                        kind: .hookKind, screen: screen, stage: stage, hook: hook.identifier, old: before.kind.rawValue,
                        new: hook.kind.rawValue,
                        line: "\(screen): \(stage) hook \(hook.identifier): \(before.kind.rawValue) → \(hook.kind.rawValue)"))
            }
            if before.isFlowBlocker != hook.isFlowBlocker {
                let was = before.isFlowBlocker ? "flow blocker" : "not a flow blocker"
                let now = hook.isFlowBlocker ? "flow blocker" : "not a flow blocker"
                changes.append(
                    Change(
                        kind: .flowBlocker, screen: screen, stage: stage, hook: hook.identifier, old: was, new: now,
                        line: "\(screen): \(stage) hook \(hook.identifier): \(was) → \(now) (\(hook.flowBlockerSource))"))
            }
        }
        return changes
    }

    /// One line per change, after a summary line.
    public var text: String {
        let head = changes.isEmpty
            ? "\(old) → \(new): gating unchanged"
            : "\(old) → \(new): \(changes.count) gating change\(changes.count == 1 ? "" : "s")"
        return ([head] + changes.map(\.line)).joined(separator: "\n")
    }

    public var json: JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return [
            "old": .string(old), "new": .string(new), "changed": .bool(isChanged),
            "changes": .array(
                changes.map {
                    [
                        "kind": .string($0.kind.rawValue), "screen": .string($0.screen), "stage": optional($0.stage),
                        "hook": optional($0.hook), "old": optional($0.old), "new": optional($0.new), "line": .string($0.line),
                    ]
                }),
        ]
    }
}
