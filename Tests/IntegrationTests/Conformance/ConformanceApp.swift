import Foundation
import Testing
import ZappModel

/// An app written for one row of docs/sdk-conformance.md, from the SDK documents (not the demo):
/// a home screen with a root menu, the row's screens and plugins, and files (hook scripts, text
/// assets). Written to a folder of its own and loaded the way `run` loads an app.
struct ConformanceApp: Sendable {
    var screens: [String]
    var plugins: [String]
    var files: [String: String] = [:]
    /// Home's `nav_bar` navigation (its JSON), when it has one.
    var homeBar: String? = nil
    /// The root menu's class.
    var root = "ZappShell.SideMenu"

    /// The folder (removed by the caller) and the loaded app, with the warnings `run` lists (`w`).
    func load() throws -> (folder: URL, app: ZappApp, warnings: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let menu = #"{"category": "menu", "navigation_type": "menu", "nav_items": [{"id": "m-home", "title": "Home", "type": "label", "data": {"target": "home"}}]}"#
        let home = #"{"id": "home", "name": "Home", "home": true, "navigations": [\#(menu)\#(homeBar.map { ", " + $0 } ?? "")]}"#
        let river = "[" + ([home] + screens).joined(separator: ",\n") + "]"
        let rootPlugin = Self.plugin("menu", root, type: "menu", name: "Menu")
        let plugins = "[" + ([rootPlugin] + self.plugins).joined(separator: ",\n") + "]"
        try Data(river.utf8).write(to: folder.appendingPathComponent("river.json"))
        try Data(plugins.utf8).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            if path.hasSuffix(".py") { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        }
        let loaded = AppLoader.load(folder: folder)
        guard let app = loaded.app else { throw ConformanceFailure("the app of the row does not load: \(loaded.diagnostics)") }
        return (folder, app, loaded.runWarnings.map(\.description))
    }

    // MARK: Pieces

    /// A plugin entry: manifest (`general.fields` from `blocker` / `allow`, `styles.fields` from
    /// `presentation`) and `configuration_json`.
    static func plugin(
        _ identifier: String, _ className: String?, type: String = "general", name: String? = nil,
        config: String = "{}", blocker: Bool? = nil, allow: Bool? = nil, presentation: String? = nil,
        preload: Bool = false, screen: Bool = false, startup: Bool = false, reactNative: Bool = false
    ) -> String {
        var general: [String] = []
        if let blocker { general.append(#"{"key": "is_flow_blocker", "type": "switch", "initial_value": \#(blocker)}"#) }
        if let allow { general.append(#"{"key": "allow_screen_plugin_presentation", "type": "switch", "initial_value": \#(allow)}"#) }
        let styles = presentation.map { #"{"fields": [{"key": "presentation", "initial_value": "\#($0)"}]}"# } ?? "{}"
        let api = #"{"require_startup_execution": \#(startup)\#(className.map { #", "class_name": "\#($0)""# } ?? "")}"#
        return #"""
            {"plugin": {"identifier": "\#(identifier)", "name": "\#(name ?? identifier)", "type": "\#(type)", "api": \#(api),
              "preload": \#(preload), "screen": \#(screen), "react_native": \#(reactNative),
              "general": {"fields": [\#(general.joined(separator: ", "))]}, "styles": \#(styles)},
             "configuration_json": \#(config)}
            """#
    }

    /// A screen named `name` (go-to finds it by name) with pre hooks.
    static func screen(
        _ id: String, name: String? = nil, hooks: [String] = [], general: String = "{}", styles: String = "{}",
        navBar: String? = nil, type: String = "general_content"
    ) -> String {
        let navigations = navBar.map { "[\($0)]" } ?? "[]"
        return #"""
            {"id": "\#(id)", "name": "\#(name ?? id)", "type": "\#(type)", "general": \#(general), "styles": \#(styles),
             "navigations": \#(navigations), "hooks": {"preload_plugins": [\#(hooks.joined(separator: ", "))]}}
            """#
    }

    /// A hook entry.
    static func hook(_ identifier: String, screenID: String? = nil, type: String = "general") -> String {
        #"{"identifier": "\#(identifier)", "type": "\#(type)"\#(screenID.map { #", "screen_id": "\#($0)""# } ?? "")}"#
    }

    /// A `nav_bar` navigation with these styles, assets and items.
    static func navBar(styles: String = "{}", assets: String = "{}", items: [String] = []) -> String {
        #"{"category": "nav_bar", "navigation_type": "bar", "styles": \#(styles), "assets": \#(assets), "nav_items": [\#(items.joined(separator: ", "))]}"#
    }

    /// The login every row uses: `ZappShell.LocalLogin` "Premium Login" (`zapptv_login`); ann holds
    /// `gold`, bob nothing.
    static func login(
        config extra: String = "", blocker: Bool? = true, allow: Bool? = nil, className: String = "ZappShell.LocalLogin",
        startup: Bool = false
    ) -> String {
        let users = #""users": [{"username": "ann", "password": "pw", "entitlements": ["gold"]}, {"username": "bob", "password": "pw", "entitlements": []}]"#
        return plugin(
            "zapptv_login", className, type: "login", name: "Premium Login",
            config: "{" + users + (extra.isEmpty ? "" : ", " + extra) + "}", blocker: blocker, allow: allow, startup: startup)
    }

    /// `ZappShell.Gate` terms (Accept / Decline) or PIN (1234).
    static func gate(_ identifier: String, pin: Bool = false, blocker: Bool? = nil, configBlocker: Bool? = nil) -> String {
        let kind = pin ? #""kind": "pin", "pin": "1234""# : #""kind": "terms""#
        let own = configBlocker.map { #", "is_flow_blocker": \#($0)"# } ?? ""
        return plugin(identifier, "ZappShell.Gate", name: pin ? "Parental PIN" : "House Rules", config: "{" + kind + own + "}", blocker: blocker)
    }

    /// `ZappShell.ExternalHook` running `hooks/NAME.py`.
    static func external(_ identifier: String, script: String, blocker: Bool = true, startup: Bool = false, extra: String = "") -> String {
        plugin(
            identifier, "ZappShell.ExternalHook", name: "Check \(identifier)",
            config: #"{"command": ["hooks/\#(script).py"], "timeout_seconds": 10\#(extra.isEmpty ? "" : ", " + extra)}"#,
            blocker: blocker, startup: startup)
    }

    /// A Python hook: reads the request as `request`, runs `body`, which calls `answer(...)`.
    static func python(_ body: String) -> String {
        """
        #!/usr/bin/env python3
        import json, sys, os
        request = json.load(sys.stdin)
        def answer(success, error=None, **extra):
            reply = {"success": success, "dataDict": request.get("dataDict")}
            if error: reply["error"] = error
            reply.update(extra)
            print(json.dumps(reply))
            sys.exit(0)
        \(body)
        """
    }
}

struct ConformanceFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
