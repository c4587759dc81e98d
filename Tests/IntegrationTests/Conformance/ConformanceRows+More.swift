import Foundation
import ShellCore
import ZappCore
import ZappModel

extension ConformanceRows {
    /// Startup rows open home; `trace` and `gates` say home is presented and open, the running
    /// app's trace holds the phases.
    static func startupRow(
        _ id: String, _ plugins: [String], files: [String: String] = [:], answer: HookScript.Answer = .success,
        deepLink: String? = nil, failsLoading: Bool = false, target: String = "home",
        run: @escaping @MainActor @Sendable (RunView) -> String?
    ) -> ConformanceRow {
        ConformanceRow(
            id: id, app: App(screens: [App.screen("target", name: "Target")], plugins: plugins, files: files),
            target: target, answer: answer, expected: "presented \(target)", gates: .open,
            run: { view in failsLoading ? run(view) : (check(view.currentScreen == target, "on \(view.currentScreen ?? "none")") ?? run(view)) },
            deepLink: deepLink, failsLoading: failsLoading)
    }

    /// Where `text` is among the lines (Int.max when absent).
    static func index(_ lines: [String], _ text: String) -> Int {
        lines.firstIndex { $0.contains(text) } ?? .max
    }

    /// The lines hold these texts in this order.
    static func inOrder(_ lines: [String], _ texts: [String]) -> String? {
        let places = texts.map { index(lines, $0) }
        return check(places.allSatisfy { $0 != .max } && places == places.sorted(), "not in order: \(zip(texts, places).map { "\($0.0)@\($0.1)" })")
    }

    static let stats = App.plugin("stats", "ZappShell.Analytics", startup: true)
    static let phaseLog = App.python(#"open("phases.log", "a").write(request["phase"] + " " + str(request["user"]["signed_in"]) + "\n"); answer(True)"#)

    // MARK: Startup hooks (002: "Startup Hooks")

    static let startup: [ConformanceRow] = [
        startupRow("S1", [stats, App.login()]) { view in
            contains(view.lines, "startup stats: executeOnLaunch")
                ?? check(!view.lines.contains { $0.hasPrefix("startup zapptv_login") }, "a plugin without require_startup_execution ran")
        },
        startupRow("S2", [stats], failsLoading: true) { view in
            inOrder(view.lines, ["startup: loading failed: the server is down", "startup stats: executeOnFailedLoading"])
        },
        startupRow("S3", [stats]) { inOrder($0.lines, ["startup stats: executeOnLaunch", "startup: loading app data"]) },
        startupRow("S4", [stats]) { inOrder($0.lines, ["startup: app data loaded", "startup stats: executeOnApplicationReady", "startup: root presented"]) },
        startupRow("S5", [stats]) { inOrder($0.lines, ["startup: root presented", "startup stats: executeAfterAppRootPresentation"]) },
        startupRow("S6", [stats], deepLink: "zapp://screen/target", target: "target") { view in
            inOrder(view.lines, ["startup stats: executeOnContinuingUserActivity", "navigate to target"])
        },
        startupRow("S7", [stats, App.external("ext", script: "phases", startup: true)], files: ["hooks/phases.py": phaseLog]) { view in
            inOrder(view.lines, [
                "startup stats: executeOnLaunch", "startup ext: executeOnLaunch", "startup ext: launch: succeeded",
                "startup: loading app data", "startup stats: executeOnApplicationReady", "startup ext: executeOnApplicationReady",
                "startup: root presented",
            ])
        },
        startupRow("S8", [App.login(config: #""startup_gateway": true"#, startup: true)], answer: .cancel) { view in
            check(view.panes.first?.pane.title == "Sign in", "panes \(view.panes.map(\.pane.title))")
        },
        startupRow("S9", [App.plugin("vendor", "Vendor.LaunchGate", startup: true)]) { view in
            let note = "startup vendor: stand-in: Vendor.LaunchGate is not built into ZappShell; answered success"
            let phases = ["executeOnLaunch", "executeOnApplicationReady", "executeAfterAppRootPresentation"]
            let followed = phases.allSatisfy { phase in
                guard let at = view.lines.firstIndex(of: "startup vendor: \(phase)") else { return false }
                return view.lines.indices.contains(at + 1) && view.lines[at + 1] == note
            }
            return check(followed, "a phase without its stand-in step")
                ?? check(view.model.view.warnings.contains { $0.contains("Vendor.LaunchGate") && $0.contains("startup") }, "no warning in w")
        },
        startupRow("S10", [App.external("ext", script: "phases", startup: true)], files: ["hooks/phases.py": phaseLog]) { view in
            let log = (try? String(contentsOf: URL(fileURLWithPath: view.model.view.app.folder?.path ?? "/").appendingPathComponent("phases.log"), encoding: .utf8)) ?? ""
            return check(log == "launch False\napplication_ready False\nafter_root_presentation False\n", "phases.log: \(log)")
        },
        startupRow("S11", [App.gate("rules", blocker: true).replacingOccurrences(of: #""require_startup_execution": false"#, with: #""require_startup_execution": true"#)]) { view in
            check(!view.lines.contains { $0.hasPrefix("startup rules") }, "a plugin without startup methods took a step")
        },
    ]

    // MARK: Navigation bar (003: "Navigation Bar Plugin")

    /// A row opening `target` (no hooks) and checking the running app's bar; `trace` and `gates`
    /// agree the screen is presented and open.
    static func barRow(
        _ id: String, home: String? = nil, target: String? = nil, root: String = "ZappShell.SideMenu", targetID: String = "target",
        files: [String: String] = [:], more: [String] = [], run: @escaping @MainActor @Sendable (RunView) -> String?
    ) -> ConformanceRow {
        var app = App(screens: [App.screen("target", name: "Target", navBar: target)] + more, plugins: [], files: files)
        app.homeBar = home
        app.root = root
        return ConformanceRow(id: id, app: app, target: targetID, expected: "presented \(targetID)", gates: .open, run: run)
    }

    static func bar(_ view: RunView) -> NavigationBar? { view.model.view.currentBar }

    static let navigationBar: [ConformanceRow] = [
        barRow("N1", home: App.navBar(styles: #"{"state": "overlay", "style": "center"}"#)) { view in
            check(bar(view)?.usesHomeFallback == true && bar(view)?.state == .overlay && bar(view)?.style == .center,
                "bar \(String(describing: bar(view)))")
        },
        barRow("N2", home: App.navBar(styles: #"{"state": "overlay"}"#)) { view in
            let settings = view.model.view.barManager.bar(for: SyntheticScreen.settings.rawValue, position: .root)
            return check(settings.state == .onTop && settings.usesHomeFallback, "settings bar \(settings.state)")
        },
        barRow("N3", home: App.navBar(styles: #"{"presentation_style": "title"}"#), target: App.navBar(styles: #"{"presentation_style": "hidden"}"#)) { view in
            check(bar(view)?.presentation == .hidden && bar(view)?.usesHomeFallback == false, "bar \(String(describing: bar(view)?.presentation))")
        },
        barRow("N4", target: App.navBar(styles: #"{"presentation_style": "logo"}"#, assets: #"{"app_logo": "logo.txt"}"#), files: ["logo.txt": "<LOGO>"]) { view in
            check(bar(view)?.presentation == .logo, "presentation \(String(describing: bar(view)?.presentation))")
        },
        barRow("N5", target: App.navBar(styles: #"{"style": "center"}"#)) { view in
            check(bar(view)?.style == .center, "style \(String(describing: bar(view)?.style))")
        },
        barRow("N6", target: App.navBar(styles: #"{"style": "MyNewStyle"}"#)) { view in
            check(bar(view)?.style == .left, "style \(String(describing: bar(view)?.style))")
                ?? check(!view.model.view.warnings.contains { $0.contains("error") && $0.contains("MyNewStyle") }, "a custom style is an error")
                ?? check(view.model.view.warnings.contains { $0.contains("MyNewStyle") }, "no warning names the custom style")
                ?? check(
                    !AppLoader.load(folder: view.model.view.app.folder ?? URL(fileURLWithPath: "/")).diagnostics
                        .contains { $0.isError && $0.description.contains("MyNewStyle") },
                    "validate: a custom style is an error (exit 1), not a warning")
        },
        barRow("N7", target: App.navBar(styles: #"{"state": "hidden"}"#)) { view in
            check(bar(view)?.state == .hidden && view.model.frame?.shell.barRect == nil, "state \(String(describing: bar(view)?.state))")
        },
        barRow("N8", target: App.navBar(styles: ##"{"background_color": "#FF112233"}"##, assets: #"{"background": "bg.txt"}"#), files: ["bg.txt": "~"]) { view in
            check(view.text.split(separator: "\n").first?.contains("~~~~") == true, "the bar shows no background pattern")
        },
        barRow("N9", root: "ZappShell.TabBar", targetID: "home") { view in
            check(bar(view)?.contextButton == ContextButton.none, "context button \(String(describing: bar(view)?.contextButton)) under a tab bar")
                ?? check(NavigationBarManager(app: view.model.view.app, rootKind: .sideMenu).contextButton(at: .root) == .menu, "side menu")
        },
        barRow("N10") { view in check(view.model.view.barManager.contextButton(at: .pushed) == .back, "pushed") },
        barRow("N11") { view in check(view.model.view.barManager.contextButton(at: .presented) == .close, "presented") },
        barRow("N12") { view in
            check(bar(view)?.contextButton == .back && view.model.view.barManager.contextButton(at: .root) == .menu,
                "one context button per bar: back when pushed, menu at the root")
        },
        barRow(
            "N13",
            target: App.navBar(items: [
                #"{"id": "b1", "title": "Go", "type": "button", "data": {"target": "home"}}"#,
                #"{"id": "b2", "title": "Web", "type": "button", "data": {"source": "https://example.com", "type": "WEB_URL"}}"#,
                #"{"id": "b3", "title": "Live", "type": "live_drawer"}"#, #"{"id": "b4", "title": "Mates", "type": "applicaster_crossmates"}"#,
                #"{"id": "b5", "title": "Feed", "type": "applicaster_feed"}"#, #"{"id": "b6", "title": "Cast", "type": "chromecast"}"#,
            ])
        ) { view in
            let kinds = bar(view)?.buttons.map(\.kind) ?? []
            return check(kinds == [.screen, .url, .liveDrawer, .crossmates, .feed, .chromecast], "kinds \(kinds)")
        },
        barRow("N14", target: App.navBar(items: (1...12).map { #"{"id": "b\#($0)", "title": "Button number \#($0)", "type": "chromecast"}"# })) { view in
            check(view.text.split(separator: "\n").first?.contains("…") == true, "no overflow … in the bar")
        },
        barRow("N15", target: App.navBar(styles: ##"{"background_color": "#FF112233"}"##)) { view in
            check(view.model.frame?.shell.barRect?.width == 100 && view.model.frame?.shell.barRect?.y == 0, "the bar is not the full top row")
        },
        barRow("N16", home: App.navBar(items: [#"{"id": "b1", "title": "Target", "type": "button", "data": {"target": "target"}}"#])) { view in
            check(ScreenReaches(app: view.model.view.app, rootKind: .sideMenu).reaches["target"]?.contains { $0.kind == .navBar } == true,
                "target not reached from the nav bar")
        },
        barRow("N17", target: App.navBar(styles: ##"{"title_color": "#FFFF0000", "title_color_tablet": "#FF00FF00", "title_size": "18", "title_size_tablet": "30"}"##)) { view in
            check(view.text.split(separator: "\n").first?.contains("Target") == true, "no title in the bar")
        },
        barRow("N18", target: App.navBar(styles: #"{"ios_font_family": "Avenir-Heavy"}"#)) { view in
            check(view.text.split(separator: "\n").first?.contains("Target") == true, "no title in the bar")
        },
        barRow("N19", home: App.navBar(assets: #"{"menu_button": "menu.txt"}"#), targetID: "home", files: ["menu.txt": "M"]) { view in
            check(view.text.split(separator: "\n").first?.hasPrefix("M") == true || view.text.split(separator: "\n").first?.contains(" M ") == true,
                "the menu button's glyph is not drawn: \(view.text.split(separator: "\n").first ?? "")")
        },
    ]

    // MARK: Login (004: "Login Plugin - iOS")

    static let login: [ConformanceRow] = [
        ConformanceRow(
            id: "L1", app: gated([App.hook("zapptv_login")], [App.login()]), expected: "presented target", gates: .gated,
            run: { check($0.panes.first?.pane.buttons == ["Sign in", "Cancel"], "panes \($0.panes.map(\.pane.buttons))") }),
        ConformanceRow(
            id: "L2", app: gated([App.hook("zapptv_login")], [App.login()]), signedIn: "bob", expected: "presented target", gates: .open,
            run: { check($0.panes.isEmpty, "a pane was shown") }),
        ConformanceRow(
            id: "L3",
            app: gated(
                [App.hook("zapptv_login"), App.hook("issuer"), App.hook("reader")],
                [App.login(), App.external("issuer", script: "issuer"), App.external("reader", script: "reader")],
                files: [
                    "hooks/issuer.py": App.python(#"answer(True, userToken="tok-123")"#),
                    "hooks/reader.py": App.python(#"answer(request["user"]["token"] == "tok-123" and request["user"]["signed_in"], "token " + str(request["user"]))"#),
                ]),
            signedIn: "ann", expected: "presented target"),
        ConformanceRow(
            id: "L4", app: gated([App.hook("zapptv_login")], [App.login()], general: #"{"required_entitlements": ["gold"]}"#),
            answer: .cancel, signedIn: "bob", expected: "blocked by zapptv_login", gates: .gated,
            run: { check($0.panes.first?.pane.message.contains("does not include: gold") == true, "pane \($0.panes.first?.pane.message ?? "none")") }),
        ConformanceRow(
            id: "L6", app: gated([App.hook("rn_login")], [App.plugin("rn_login", "ZPLoginReactNativeBridge", type: "login", name: "RN Login", config: #"{"users": [{"username": "ann", "password": "pw"}]}"#, blocker: true)]),
            answer: .cancel, expected: "blocked by rn_login", gates: .gated,
            run: { check($0.panes.first?.pane.title == "Sign in", "panes \($0.panes.map(\.pane.title))") }),
        ConformanceRow(
            id: "L7", app: gated([App.hook("zapptv_login")], [App.login()], general: #"{"required_entitlements": ["gold"]}"#),
            signedIn: "bob", expected: "presented target", gates: .gated,
            run: { check($0.panes.count == 1, "panes \($0.panes.count)") }),
        ConformanceRow(
            id: "L8", app: gated(
                [App.hook("who")], [App.login(), App.external("who", script: "who")],
                files: ["hooks/who.py": App.python(#"u = request["user"]; answer(u["signed_in"] and u["username"] == "ann" and bool(u["token"]), "user " + str(u))"#)]),
            signedIn: "ann", expected: "presented target"),
        ConformanceRow(
            id: "L9",
            app: gated(
                [App.hook("forget"), App.hook("checker")], [App.login(), App.external("forget", script: "forget"), App.external("checker", script: "checker")],
                files: [
                    "hooks/forget.py": App.python(#"answer(request["user"]["signed_in"], "not signed in first", userToken=None)"#),
                    "hooks/checker.py": App.python(#"answer(not request["user"]["signed_in"] and request["user"]["token"] is None, "still signed in: " + str(request["user"]))"#),
                ]),
            signedIn: "ann", expected: "presented target"),
    ]
}
