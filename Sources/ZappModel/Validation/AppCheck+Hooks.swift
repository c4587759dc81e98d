/// The validation's checks of hooks: identifiers naming plugins, hook screens, and cycles of
/// hook screens whose preload hooks lead back to themselves.
extension AppCheck {
    mutating func checkHooks(_ hooks: ScreenHooks, index: Int) {
        guard !hooks.isEmpty else { return }
        let hooksPath = JSONPath.root + index + "hooks"
        for (offset, hook) in hooks.preload.enumerated() {
            checkHook(hook, at: hooksPath + "preload_plugins" + sourceMap.preloadIndex(screen: index, hook: offset))
        }
        for (offset, hook) in hooks.postload.enumerated() {
            checkHook(hook, at: hooksPath + "postload_plugins" + sourceMap.postloadIndex(screen: index, hook: offset))
        }
    }

    mutating func checkHook(_ hook: HookReference, at path: JSONPath) {
        if pluginsKnown, app.plugin(identifier: hook.identifier) == nil {
            error(
                .unknownHookPlugin, path + "identifier",
                "hook \(Quoted.value(hook.identifier)) names no plugin in plugin_configurations.json",
                hint: "add a plugin with this identifier, or remove the hook")
        }
        if let screenID = hook.screenID, !screenIDs.contains(screenID) {
            error(
                .unknownHookScreen, path + "screen_id", "hook \(Quoted.value(hook.identifier)): screen_id \(Quoted.value(screenID)) names no screen",
                hint: suggestion(for: screenID) ?? "add the hook screen to river.json, or remove screen_id")
        }
    }

    /// Hook screens are opened by the preload hooks of other screens (`screen_id`); when a hook
    /// screen's own preload hooks lead back to it, opening any screen on the loop never ends.
    mutating func checkHookCycles() {
        var edges: [String: [(target: String, path: JSONPath)]] = [:]
        // Only a screen whose JSON holds `screen_id` can name a hook screen: the others of a
        // large river are not decoded for this.
        for index in app.screens.positions(mayHolding: "screen_id") where !app.screens.id(at: index).isEmpty {
            for (offset, hook) in app.screens[index].hooks.preload.enumerated() {
                guard let target = hook.screenID, screenIDs.contains(target) else { continue }
                let path = JSONPath.root + index + "hooks" + "preload_plugins"
                    + sourceMap.preloadIndex(screen: index, hook: offset) + "screen_id"
                edges[app.screens.id(at: index), default: []].append((target, path))
            }
        }
        // Iterative depth-first search; a grey node met again closes a cycle.
        enum Mark { case grey, black }
        var marks: [String: Mark] = [:]
        var reported = Set<[String]>()
        for index in app.screens.indices where edges[app.screens.id(at: index)] != nil && marks[app.screens.id(at: index)] == nil {
            let start = app.screens.id(at: index)
            var stack: [(node: String, next: Int)] = [(start, 0)]
            marks[start] = .grey
            while let top = stack.last {
                let outgoing = edges[top.node] ?? []
                guard top.next < outgoing.count else {
                    marks[top.node] = .black
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = outgoing[top.next]
                switch marks[edge.target] {
                case .grey?:
                    let nodes = stack.map(\.node)
                    guard let first = nodes.firstIndex(of: edge.target) else { continue }
                    let loop = Array(nodes[first...])
                    let canonical = loop.sorted()
                    guard reported.insert(canonical).inserted else { continue }
                    error(
                        .hookCycle, edge.path,
                        "hook cycle: " + (loop + [edge.target]).map { Quoted.value($0) }.joined(separator: " -> "),
                        hint: "a hook screen's own preload hooks must not lead back to it")
                case .black?:
                    continue
                case nil:
                    marks[edge.target] = .grey
                    stack.append((edge.target, 0))
                }
            }
        }
    }
}
