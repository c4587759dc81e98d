import ZappModel

extension GatesReport {
    /// The report as a JSON document, the shape `zapp-shell schema gates` describes
    /// (`GatesSchema` in ZappModel).
    public var json: JSONValue {
        let counts = self.counts
        return [
            "app": .string(app),
            "signed_in": signedInUser.map(JSONValue.string) ?? .null,
            "session": session.map(JSONValue.string) ?? .null,
            "summary": [
                "screens": .number(Double(screens.count)), "gated": .number(Double(counts.gated)),
                "asks": .number(Double(counts.asks)), "open": .number(Double(counts.open)),
                "unreachable": .number(Double(counts.unreachable)),
            ],
            "screens": .array(screens.map(\.json)),
            "unreachable": .array(screens.filter { !$0.isReachable }.map { .string($0.id) }),
        ]
    }
}

extension GatesReport.Screen {
    var json: JSONValue {
        [
            "id": .string(id), "name": .string(name), "gated": .bool(isGated), "reachable": .bool(isReachable),
            "reached_by": .array(reaches.map(\.json)), "deep_link": .string(deepLink),
            "pre_hooks": .array(preHooks.map(\.json)), "post_hooks": .array(postHooks.map(\.json)),
            "signed_out": signedOut.json, "signed_in": signedIn?.json ?? .null,
        ]
    }
}

extension ScreenReaches.Reach {
    var json: JSONValue {
        [
            "kind": .string(kind.rawValue), "label": label.map(JSONValue.string) ?? .null,
            "from": from.map(JSONValue.string) ?? .null, "feed": feed.map(JSONValue.string) ?? .null,
            "line": .string(line),
        ]
    }
}

extension HookGate {
    var json: JSONValue {
        [
            "identifier": .string(identifier), "kind": .string(kind.rawValue),
            "class": className.map(JSONValue.string) ?? .null,
            "manifest_class": manifestClassName.map(JSONValue.string) ?? .null,
            "hook_screen": hookScreenID.map(JSONValue.string) ?? .null,
            "flow_blocker": .bool(isFlowBlocker), "flow_blocker_source": .string(flowBlockerSource),
            "has_ui": .bool(hasUI), "may_ask": .bool(mayAsk), "can_block": .bool(canBlock),
            "skipped": skipReason.map(JSONValue.string) ?? .null, "line": .string(line),
        ]
    }
}

extension GatesReport.Session {
    var json: JSONValue {
        [
            "outcome": .string(outcome.rawValue),
            "steps": .array(steps.map { ["identifier": .string($0.identifier), "decision": .string($0.decision.rawValue), "why": .string($0.why)] }),
            "when_accepted": .string(whenAccepted), "when_declined": .string(whenDeclined), "line": .string(line),
        ]
    }
}
