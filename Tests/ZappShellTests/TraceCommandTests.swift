import Foundation
import Testing
import ZappCore
import ZappModel
import ZappPlugins

@testable import zapp_shell

/// `zapp-shell trace`: the real hook manager and built-in plugins, scripted answers for hooks
/// with UI, non-UI hooks run for real.
@Suite("trace runs one navigation's hooks")
struct TraceCommandTests {
    private static func demo() async throws -> ZappApp {
        let result = await AppLocation.demo.load()
        return try #require(result.app)
    }

    private static func trace(
        _ app: ZappApp, _ screen: String, answers: [String] = [], signedIn: String? = nil
    ) async throws -> TraceReport {
        try await TraceReport.run(
            app: app, screen: screen, script: try TraceCommand.script(from: answers), signedIn: signedIn, trust: .trusted)
    }

    @Test func signedOutWithNoAnswerTheLoginPaneIsCancelledAndBlocks() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium")
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "navigate to premium \"Premium\" from go_to")
        #expect(lines.contains("pre zapptv_analytics: succeeded"))
        #expect(lines.contains("pre zapptv_login: new instance with hook screen sign-in \"Sign in\""))
        #expect(lines.contains("pre zapptv_login: pane shown (present); scripted answer: cancel"))
        #expect(lines.contains("pre zapptv_login: failed: User has closed hook execution"))
        #expect(lines.last == "result: blocked by zapptv_login")
        #expect(report.result == .blocked(by: "zapptv_login", reason: "User has closed hook execution"))
    }

    @Test func aSuccessAnswerPresentsAndRunsPostHooksBeforeTheResultLine() async throws {
        let report = try await Self.trace(try await Self.demo(), "Premium", answers: ["zapptv_login=success"])
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("pre zapptv_login: pane shown (present); scripted answer: success"))
        #expect(lines.contains("post: post hooks of premium \"Premium\""))
        #expect(lines.last == "result: presented premium")
        #expect(lines.filter { $0.hasPrefix("result:") }.count == 1)
    }

    @Test func aScriptedFailureBlocks() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium", answers: ["zapptv_login=failure"])
        #expect(report.result == .blocked(by: "zapptv_login", reason: "scripted failure"))
    }

    @Test func signedInWithTheEntitlementSkipsThePane() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium", signedIn: "demo")
        #expect(report.text.contains("pre zapptv_login: presentation not requested, signed in with what premium requires: nothing shown; succeeded"))
        #expect(report.resultLine == "result: presented premium")
    }

    @Test func signedInWithoutTheEntitlementStillNeedsTheLoginPane() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium", signedIn: "free")
        #expect(report.text.contains("pre zapptv_login: presentation allowed (present)"))
        #expect(report.resultLine == "result: blocked by zapptv_login")
    }

    @Test func unknownUserAndScreenAreErrors() async throws {
        let demo = try await Self.demo()
        await #expect(throws: TraceError(
            #"--signed-in "mallory": unknown user; the configured users are "demo", "free" (configuration_json.users of "zapptv_login")"#))
        {
            _ = try await Self.trace(demo, "premium", signedIn: "mallory")
        }
        await #expect(throws: TraceError("no screen with id or name 'nowhere' in \(demo.name)")) {
            _ = try await Self.trace(demo, "nowhere")
        }
    }

    @Test func badAnswersAreUsageErrors() throws {
        #expect(throws: (any Error).self) { try TraceCommand.script(from: ["zapptv_login"]) }
        #expect(throws: (any Error).self) { try TraceCommand.script(from: ["zapptv_login=maybe"]) }
        #expect(throws: (any Error).self) { try TraceCommand.script(from: ["=success"]) }
        #expect(try TraceCommand.script(from: ["a=SUCCESS", "b=failure", "a=cancel"]).answers == ["a": .cancel, "b": .failure])
    }

    @Test func jsonHasStepsAndResult() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["screen"] as? String == "premium")
        #expect(object["signed_in"] is NSNull)
        let result = try #require(object["result"] as? [String: Any])
        #expect(result["outcome"] as? String == "blocked")
        #expect(result["blocked_by"] as? String == "zapptv_login")
        #expect(result["line"] as? String == "result: blocked by zapptv_login")
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.count == report.steps.count)
        #expect(steps.first?["step"] as? String == "navigation_started")
    }
}
