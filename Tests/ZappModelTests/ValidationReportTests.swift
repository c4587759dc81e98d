import Foundation
import Testing
import ZappModel
import ModelTestFixtures

@Suite("Validation report")
struct ValidationReportTests {
    @Test func groupsByFileWithASummary() {
        var report = ValidationReport()
        report.add(loadApp(river: #"[{"id": "a", "home": true, "navigations": [{"category": "nav_bar", "navigation_type": "bar", "styles": {"state": "ontop"}}]}, {"id": "a"}]"#))
        report.add(AppLoader.loadFile(data: Fixtures.data(#"{"identifier": "x", "type": "general", "api": {"class_name": "ZappShell.Gate"}}"#), file: "m.json"))
        #expect(report.text == """
            river.json: $[0].navigations[0].styles.state: error: expected one of on_top, overlay, hidden, got "ontop" (hint: did you mean "on_top"?)
            river.json: $[1].id: error: duplicate screen id "a" (first at $[0]) (hint: each screen needs its own id)
            river.json: $[0].navigations[0].navigation_type: warning: navigation bar plugin "bar" is not in plugin_configurations.json; the default navigation bar is used (hint: add a nav_bar plugin with this identifier (class ZappShell.NavigationBar))
            plugin_configurations.json: ok
            m.json: ok
            2 errors, 1 warning in 3 files
            """)
        #expect(report.exitCode == 1)
        #expect(!report.isValid)
    }

    @Test func exitCodes() {
        var valid = ValidationReport()
        valid.add(loadApp(river: #"[{"id": "a", "home": true}]"#))
        #expect(valid.exitCode == 0)
        #expect(valid.summary == "0 errors, 0 warnings in 2 files")
        var unreadable = valid
        unreadable.add(AppLoader.load(path: "/nonexistent/zapp/app"))
        #expect(unreadable.exitCode == 2)
    }

    @Test func json() throws {
        var report = ValidationReport()
        report.add(AppLoader.loadFile(data: Fixtures.data("[1,]"), file: "r.json"))
        let object = try #require(try JSONParser.parse(report.json).objectValue)
        #expect(object["valid"] == false)
        #expect(object["errors"] == 1)
        #expect(object["exit_code"] == 1)
        #expect(object["summary"] == "1 error, 0 warnings in 1 file")
        let diagnostic = object["files"]?.arrayValue?.first?["diagnostics"]?.arrayValue?.first
        #expect(diagnostic == [
            "code": "syntax", "column": 3, "description": "r.json:1:3: error: trailing comma before ']' (hint: remove the comma after the last element)",
            "file": "r.json", "hint": "remove the comma after the last element", "line": 1, "message": "trailing comma before ']'",
            "severity": "error",
        ])
    }
}
