import ShellCore
import ZappCore
import ZappModel

typealias App = ConformanceApp

/// The rows of docs/sdk-conformance.md, by their ids there (H: screen hooks, S: startup hooks,
/// N: navigation bar, L: login). Each app is written from the documents, not the demo.
enum ConformanceRows {
    static let all: [ConformanceRow] = hooks + startup + navigationBar + login

    /// `expect(condition, "what is wrong")` for the rows' extra checks.
    static func check(_ condition: Bool, _ problem: @autoclosure () -> String) -> String? {
        condition ? nil : problem()
    }

    static func contains(_ lines: [String], _ text: String) -> String? {
        check(lines.contains { $0.contains(text) }, "no line contains \"\(text)\"")
    }

    /// A target gated by `hooks`, with these plugins.
    static func gated(_ hooks: [String], _ plugins: [String], general: String = "{}", more: [String] = [], files: [String: String] = [:])
        -> App
    {
        App(screens: [App.screen("target", name: "Target", hooks: hooks, general: general)] + more, plugins: plugins, files: files)
    }

    // MARK: Screen hooks (000/001: "Zapp Hooks Plugins")

    static let hooks: [ConformanceRow] = [
        ConformanceRow(
            id: "H1", app: gated([App.hook("zapptv_login")], [App.login()]), answer: .cancel,
            expected: "blocked by zapptv_login", gates: .gated,
            run: { check($0.toast.hasPrefix("Blocked by Premium Login (zapptv_login): User has closed hook execution"), "status \"\($0.toast)\"") }),
        ConformanceRow(
            id: "H2", app: gated([App.hook("rules")], [App.gate("rules")]), expected: "presented target", gates: .asks,
            run: { check($0.panes.map(\.pane.title) == ["Terms of use"], "panes \($0.panes.map(\.pane.title))") }),
        ConformanceRow(
            id: "H3", app: gated([App.hook("stats")], [App.plugin("stats", "ZappShell.Analytics")]),
            expected: "presented target", gates: .open,
            run: { check($0.panes.isEmpty, "a pane was shown") ?? contains($0.lines, "pre stats: running without UI") }),
        ConformanceRow(
            id: "H4",
            app: gated(
                [App.hook("index")], [App.external("index", script: "index")],
                files: ["hooks/index.py": App.python(#"answer("presentationIndex" not in request, "presentationIndex was sent")"#)]),
            expected: "presented target"),
        ConformanceRow(
            id: "H5", app: gated([App.hook("rules"), App.hook("pin")], [App.gate("rules"), App.gate("pin", pin: true)]),
            expected: "presented target",
            run: { contains($0.lines, "pre pin: dataDict handed on: keys terms_accepted, pin_verified") }),
        ConformanceRow(
            id: "H6",
            app: gated(
                [App.hook("age")], [App.external("age", script: "age")], general: #"{"minimum_age": 18}"#,
                files: ["hooks/age.py": App.python(
                    #"s = request["screen"]; answer(s["id"] == "target" and s["name"] == "Target" and s["type"] == "general_content" and s["general"] == {"minimum_age": 18} and s["styles"] == {} and s["data"] == {}, "screen model: " + json.dumps(s))"#)]),
            expected: "presented target"),
        ConformanceRow(
            id: "H7",
            app: gated(
                [App.hook("age")], [App.external("age", script: "age")],
                files: ["hooks/age.py": App.python(#"answer(False, "Too young")"#)]),
            answer: .failure, expected: "blocked by age", gates: .gated,
            run: { check($0.toast == "Blocked by Check age (age): Too young", "status \"\($0.toast)\"") }),
        ConformanceRow(
            id: "H8",
            app: gated(
                [App.hook("rules"), App.hook("drop")], [App.gate("rules"), App.external("drop", script: "drop")],
                files: ["hooks/drop.py": App.python(#"print(json.dumps({"success": True}))"#)]),
            expected: "presented target",
            run: { contains($0.lines, "pre drop: returned no dataDict: the dictionary (keys terms_accepted) is dropped") }),
        ConformanceRow(
            id: "H9",
            app: gated(
                [App.hook("age")], [App.external("age", script: "age", extra: #""minimum_age": 21"#)],
                files: ["hooks/age.py": App.python(#"answer(request["configuration"].get("minimum_age") == 21 and request["hook"] == "age", "plugin model")"#)]),
            expected: "presented target"),
        ConformanceRow(
            id: "H10",
            app: gated(
                [App.hook("zapptv_login", screenID: "sign-in")], [App.login(blocker: false)],
                more: [App.screen("sign-in", name: "Sign in screen", general: #"{"is_flow_blocker": true}"#)]),
            answer: .cancel, expected: "blocked by zapptv_login", gates: .gated,
            trace: { contains($0, "flow blocker (hook screen general.is_flow_blocker)") }),
        ConformanceRow(
            id: "H11", app: gated([App.hook("pin")], [App.gate("pin", pin: true, configBlocker: true)]), answer: .failure,
            expected: "blocked by pin", gates: .gated),
        ConformanceRow(
            id: "H12", app: gated([App.hook("rules")], [App.gate("rules", blocker: false)]), answer: .failure,
            expected: "presented target", gates: .asks),
        ConformanceRow(
            id: "H13", app: gated([App.hook("zapptv_login")], [App.login(config: #""is_flow_blocker": false"#, blocker: true)]),
            answer: .cancel, expected: "presented target", gates: .asks,
            trace: { contains($0, "not a flow blocker (plugin): going on") }),
        ConformanceRow(
            id: "H14", app: gated([App.hook("zapptv_login")], [App.login()], general: #"{"required_entitlements": ["gold"]}"#),
            signedIn: "ann", expected: "presented target", gates: .open,
            run: { check($0.panes.isEmpty, "a pane was shown") },
            trace: { contains($0, "presentation not requested, signed in with what target requires: nothing shown; succeeded") }),
        ConformanceRow(
            id: "H15",
            app: gated(
                [App.hook("zapptv_login", screenID: "sign-in")], [App.login()],
                more: [App.screen("sign-in", name: "Sign in screen", general: #"{"allow_screen_plugin_presentation": false}"#)]),
            expected: "blocked by zapptv_login", gates: .blocked,
            run: { check($0.panes.isEmpty, "a pane was shown") },
            trace: { contains($0, "hook screen general.allow_screen_plugin_presentation is false: nothing shown; failed") }),
        ConformanceRow(
            id: "H16", app: gated([App.hook("zapptv_login")], [App.login(allow: false)]), signedIn: "bob",
            expected: "presented target", gates: .open, run: { check($0.panes.isEmpty, "a pane was shown") }),
        ConformanceRow(
            id: "H17", app: gated([App.hook("zapptv_login")], [App.login(allow: false)]),
            expected: "blocked by zapptv_login", gates: .blocked,
            run: { check($0.panes.isEmpty, "a pane was shown") },
            trace: { contains($0, "manifest allow_screen_plugin_presentation initial_value is false") }),
        ConformanceRow(
            id: "H18", app: gated([App.hook("rules")], [App.gate("rules", blocker: true)]), answer: .cancel,
            expected: "blocked by rules", gates: .gated,
            run: { check($0.toast.hasSuffix("User has closed hook execution"), "status \"\($0.toast)\"") }),
        ConformanceRow(
            id: "H19", app: gated([App.hook("paywall")], [App.plugin("paywall", "Vendor.Paywall", preload: true)]),
            expected: "presented target", gates: .asks,
            run: { check($0.panes.first?.pane.title == "Stand-in: paywall", "panes \($0.panes.map(\.pane.title))") }),
        ConformanceRow(
            id: "H20",
            app: gated([App.hook("storefront")], [App.plugin("storefront", "Vendor.Storefront", config: #"{"is_flow_blocker": "1"}"#, screen: true)]),
            answer: .failure, expected: "blocked by storefront", gates: .gated),
        ConformanceRow(
            id: "H21",
            app: gated(
                [App.hook("rules", screenID: "rules-screen")], [App.gate("rules")],
                more: [App.screen("rules-screen", name: "Rules screen", styles: #"{"presentation": "push"}"#)]),
            expected: "presented target",
            run: { check($0.panes.first?.pane.presentation == .push, "presentation \(String(describing: $0.panes.first?.pane.presentation))") }),
        ConformanceRow(
            id: "H22", app: gated([App.hook("rn")], [App.plugin("rn", "ZPReactNativeDefaultProvider", screen: true, reactNative: true)]),
            expected: "presented target", gates: .asks,
            run: { check($0.panes.first?.pane.title == "Stand-in: rn", "panes \($0.panes.map(\.pane.title))") }),
        ConformanceRow(
            id: "H23", app: gated([App.hook("zapptv_login", type: "general")], [App.login()]), answer: .cancel,
            expected: "blocked by zapptv_login", gates: .gated),
        ConformanceRow(
            id: "H24", app: gated([App.hook("rules", screenID: "nowhere")], [App.gate("rules")]),
            expected: "presented target",
            trace: { contains($0, "hook screen 'nowhere' does not exist; the plugin's defaults apply") }),
        ConformanceRow(
            id: "H25", app: gated([App.hook("ghost")], []), expected: "presented target", gates: .open,
            trace: { contains($0, "pre ghost: warning: no plugin with this identifier in plugin_configurations") }),
        ConformanceRow(
            id: "H26", app: gated([App.hook("rules")], [App.gate("rules")]), expected: "presented target",
            run: { contains($0.lines, "pre rules: new instance") }),
        ConformanceRow(
            id: "H27", app: gated([App.hook("pin"), App.hook("rules")], [App.gate("pin", pin: true, blocker: true), App.gate("rules")]),
            answer: .failure, expected: "blocked by pin", gates: .gated,
            run: { check(!$0.lines.contains { $0.hasPrefix("pre rules") }, "rules ran after the blocker failed") }),
        ConformanceRow(
            id: "H28", app: gated([App.hook("rules"), App.hook("pin")], [App.gate("rules", blocker: false), App.gate("pin", pin: true, blocker: true)]),
            answer: .failure, expected: "blocked by pin", gates: .gated,
            run: { contains($0.lines, "pre rules: not a flow blocker (manifest is_flow_blocker initial_value): going on") }),
        ConformanceRow(
            id: "H29",
            app: gated(
                [App.hook("stats"), App.hook("rules"), App.hook("pin")],
                [App.plugin("stats", "ZappShell.Analytics"), App.gate("rules"), App.gate("pin", pin: true, blocker: true)]),
            expected: "presented target", gates: .gated,
            run: { contains($0.lines, "result: presented target") }),
    ]
}
