import Testing

@testable import zapp_shell

/// `zapp-shell validate` of an app URL nothing listens on (a real connection attempt).
@Suite("validate over the network")
struct ValidateRemoteTests {
    @Test func unreachableURLIsUnreadable() async {
        let report = await ValidateCommand.report(for: ["http://127.0.0.1:9/app/"])
        #expect(report.diagnostics.count == 1)
        #expect(report.diagnostics.first?.description.hasPrefix("http://127.0.0.1:9/app/river.json: error: cannot be fetched: ") == true)
        #expect(report.exitCode == 2)
    }
}
