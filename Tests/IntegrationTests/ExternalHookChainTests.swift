import Foundation
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

/// The built-ins inside the real `ScreenHookManager`, as the app and `zapp-shell trace` run them.
@Suite("Built-ins in a hook chain")
struct HookChainTests {
    @Test("Gate, then an external hook that passes the dictionary through and adds to it")
    func dataDictThroughExternalHook() async throws {
        let bed = try TestBed(answers: [.button("Accept")])
        let hooks = bed.directory.appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        let script = hooks.appendingPathComponent("pass.sh")
        try Data("""
            #!/bin/sh
            data=$(sed 's/.*"dataDict":\\(.*\\),"configuration":.*/\\1/')
            printf '{"success": true, "dataDict": %s}' "$(printf '%s' "$data" | sed 's/}$/,"checked":true}/')"
            """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

        let gate = PluginConfiguration.plugin("rules", "ZappShell.Gate", ["kind": "terms"])
        let external = PluginConfiguration.plugin("check", "ZappShell.ExternalHook", ["command": ["hooks/pass.sh"]])
        let analytics = PluginConfiguration.plugin("stats", "ZappShell.Analytics")
        let target = ScreenModel(
            id: "club", name: "Club",
            hooks: ScreenHooks(
                preload: [
                    HookReference(identifier: "rules", type: "general"),
                    HookReference(identifier: "check", type: "general"),
                    HookReference(identifier: "stats", type: "general"),
                ]))
        let plugins = [gate, external, analytics]
        let app = ZappApp(screens: [.plain, target], plugins: plugins, folder: bed.directory, name: "test")
        let trace = TraceLog()
        let manager = ScreenHookManager(app: app, registry: bed.registry(plugins), environment: bed.environment(), trace: trace)

        let result = await manager.runPreHooks(for: target, from: .cell, dataDict: ["source": "cell"])
        #expect(result == .presented(screenID: "club", dataDict: ["source": "cell", "terms_accepted": true, "checked": true]))
        #expect(bed.log.text.contains("dataDict keys: source, terms_accepted, checked"))
    }

    @Test("a failing external flow blocker stops the chain")
    func blockingExternalHook() async throws {
        let bed = try TestBed()
        let external = PluginConfiguration.plugin(
            "check", "ZappShell.ExternalHook", ["command": ["/bin/sh", "-c", "cat >/dev/null; echo '{\"success\": false, \"error\": \"No\"}'"], "is_flow_blocker": true])
        let target = ScreenModel(
            id: "club", name: "Club", hooks: ScreenHooks(preload: [HookReference(identifier: "check", type: "general")]))
        let app = ZappApp(screens: [.plain, target], plugins: [external], folder: bed.directory, name: "test")
        let manager = ScreenHookManager(
            app: app, registry: bed.registry([external]), environment: bed.environment(), trace: TraceLog())
        #expect(await manager.runPreHooks(for: target, from: .cell, dataDict: nil) == .blocked(by: "check", reason: "No"))
    }
}
