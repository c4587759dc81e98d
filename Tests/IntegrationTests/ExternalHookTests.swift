import Foundation
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

/// `ZappShell.ExternalHook` with small /bin/sh scripts written to a temporary app folder.
@Suite("ZappShell.ExternalHook")
struct ExternalHookTests {
    /// Writes an executable script into the bed's folder (the app folder) under `hooks/`.
    private func script(_ bed: TestBed, _ name: String, _ body: String, executable: Bool = true) throws {
        let folder = bed.directory.appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: file.path)
    }

    private func run(
        _ bed: TestBed, _ command: [String], timeout: Double? = nil, extra: JSONObject = [:], dataDict: JSONObject? = ["k": "v"]
    ) async throws -> HookOutcome {
        var configuration: JSONObject = ["command": .array(command.map(JSONValue.string))]
        if let timeout { configuration["timeout_seconds"] = .number(timeout) }
        for (key, value) in extra { configuration[key] = value }
        let plugin = PluginConfiguration.plugin("ext", "ZappShell.ExternalHook", configuration)
        let hook = try bed.hook(try bed.factory(plugin), plugin: plugin, target: ScreenModel(id: "late", name: "Late Night"))
        return await hook.executeHook(dataDict: dataDict)
    }

    @Test("success hands on the answer's dataDict; the input carries hook, screen, dataDict, configuration")
    func success() async throws {
        let bed = try TestBed()
        try script(bed, "ok.sh", """
            cat > received.json
            echo "checking" >&2
            printf '{"success": true, "dataDict": {"k": "v", "age_check": "passed"}}'
            """)
        let outcome = try await run(bed, ["hooks/ok.sh"], extra: ["minimum_age": 18])
        #expect(outcome == .succeeded(dataDict: ["k": "v", "age_check": "passed"]))

        let received = try JSONParser.parse(Data(contentsOf: bed.directory.appendingPathComponent("received.json")))
        #expect(received["hook"] == "ext")
        #expect(received["screen"] == [
            "id": "late", "name": "Late Night", "type": "general_content", "general": [:], "styles": [:], "data": [:],
        ])
        #expect(received["user"] == ["signed_in": false, "username": .null, "token": .null])
        #expect(received["dataDict"] == ["k": "v"])
        #expect(received["configuration"]?["minimum_age"] == 18)
        #expect(received["configuration"]?["command"] == ["hooks/ok.sh"])
        #expect(bed.log.text.contains("external hook ext (hooks/ok.sh) stderr: checking"))
    }

    @Test("a script that stays open for writing fails with the reason (ProcessRunnerTests retries it)")
    func busyScript() async throws {
        let bed = try TestBed()
        try script(bed, "busy.sh", "cat > /dev/null; echo '{\"success\": true}'")
        let path = bed.directory.appendingPathComponent("hooks/busy.sh").path
        let stillWriting = open(path, O_WRONLY)
        defer { close(stillWriting) }
        let busy = try await run(bed, ["hooks/busy.sh"])
        #expect(busy == .failed(reason: "hooks/busy.sh could not be started: Text file busy", dataDict: ["k": "v"]))
    }

    @Test("a script that exits non-zero with a JSON error: the reason names the status and the answer's error")
    func failedWithError() async throws {
        let bed = try TestBed()
        try script(bed, "refuse.sh", """
            cat > /dev/null
            echo "refusing" >&2
            printf '{"success": false, "error": "Not available in your region"}'
            exit 3
            """)
        let outcome = try await run(bed, ["hooks/refuse.sh"])
        #expect(outcome == .failed(
            reason: "hooks/refuse.sh exited with status 3: Not available in your region", dataDict: ["k": "v"]))
    }

    @Test("arguments are passed as written, with no shell")
    func arguments() async throws {
        let bed = try TestBed()
        try script(bed, "args.sh", """
            cat > /dev/null
            printf '{"success": true, "dataDict": {"first": "%s", "count": %s}}' "$1" "$#"
            """)
        let outcome = try await run(bed, ["hooks/args.sh", "two words; $(echo no)", "x"])
        #expect(outcome == .succeeded(dataDict: ["first": "two words; $(echo no)", "count": 2]))
    }

    @Test("an answer without dataDict drops it, as the SDK does")
    func droppedDataDict() async throws {
        let bed = try TestBed()
        try script(bed, "drop.sh", "cat > /dev/null; echo '{\"success\": true}'")
        #expect(try await run(bed, ["hooks/drop.sh"]) == .succeeded(dataDict: nil))
    }

    @Test("success false fails with the script's error")
    func failureWithError() async throws {
        let bed = try TestBed()
        try script(bed, "no.sh", #"cat > /dev/null; echo '{"success": false, "error": "Parental lock is on"}'"#)
        #expect(try await run(bed, ["hooks/no.sh"]) == .failed(reason: "Parental lock is on", dataDict: nil))
        try script(bed, "bare.sh", #"cat > /dev/null; echo '{"success": false}'"#)
        #expect(try await run(bed, ["hooks/bare.sh"]) == .failed(reason: "hooks/bare.sh reported a failure", dataDict: nil))
    }

    @Test("a non-zero exit fails, naming the command and its last error line")
    func nonZeroExit() async throws {
        let bed = try TestBed()
        try script(bed, "exit3.sh", """
            cat > /dev/null
            echo "first problem" >&2
            echo "cannot open config" >&2
            echo '{"success": true}'
            exit 3
            """)
        let outcome = try await run(bed, ["hooks/exit3.sh"], dataDict: ["a": 1])
        #expect(outcome == .failed(reason: "hooks/exit3.sh exited with status 3: cannot open config", dataDict: ["a": 1]))
        #expect(bed.log.text.contains("first problem"))
    }

    @Test("output that is not the expected JSON fails")
    func badJSON() async throws {
        let bed = try TestBed()
        try script(bed, "bad.sh", "cat > /dev/null; echo 'all good!'")
        let bad = try await run(bed, ["hooks/bad.sh"])
        guard case .failed(let reason, let dataDict) = bad else {
            Issue.record("expected a failure, got \(bad)")
            return
        }
        #expect(reason.hasPrefix("hooks/bad.sh printed invalid JSON (1:1:"))
        #expect(dataDict == ["k": "v"])

        try script(bed, "empty.sh", "cat > /dev/null")
        #expect(try await run(bed, ["hooks/empty.sh"]) == .failed(
            reason: "hooks/empty.sh printed nothing; expected a JSON object with \"success\"", dataDict: ["k": "v"]))
        try script(bed, "array.sh", "cat > /dev/null; echo '[true]'")
        #expect(try await run(bed, ["hooks/array.sh"]) == .failed(
            reason: "hooks/array.sh printed an array; expected a JSON object with \"success\"", dataDict: ["k": "v"]))
        try script(bed, "nosuccess.sh", "cat > /dev/null; echo '{\"ok\": true}'")
        #expect(try await run(bed, ["hooks/nosuccess.sh"]) == .failed(
            reason: "hooks/nosuccess.sh answered without a boolean \"success\"", dataDict: ["k": "v"]))
    }

    @Test("a hook running past timeout_seconds is killed and fails")
    func timeout() async throws {
        let bed = try TestBed()
        try script(bed, "slow.sh", "echo $$ > pid; sleep 300; touch finished; echo '{\"success\": true}'")
        let outcome = try await run(bed, ["hooks/slow.sh"], timeout: 0.5)
        #expect(outcome == .failed(reason: "hooks/slow.sh timed out after 0.5 s", dataDict: ["k": "v"]))
        // Killed, not left to finish its sleep: however long the test took, the script never got
        // past it (no wall-clock bound, which a loaded machine can break).
        #expect(!FileManager.default.fileExists(atPath: bed.directory.appendingPathComponent("finished").path))
        let pid = try #require(Int32(String(contentsOf: bed.directory.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) != 0)
    }

    @Test("cancelling the run kills the process")
    func cancellation() async throws {
        let bed = try TestBed()
        try script(bed, "wait.sh", "echo $$ > pid; sleep 30; touch finished; echo '{\"success\": true}'")
        let pidFile = bed.directory.appendingPathComponent("pid")
        let started = Date()
        let task = Task { try await run(bed, ["hooks/wait.sh"], timeout: 60) }
        // The script is running once its process id is in the file (not merely once the file exists).
        func writtenPID() -> Int32? {
            (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        while writtenPID() == nil, Date().timeIntervalSince(started) < 30 {
            try await Task.sleep(for: .milliseconds(20))
        }
        task.cancel()
        let outcome = try await task.value
        #expect(outcome == .failed(reason: "cancelled", dataDict: ["k": "v"]))
        #expect(!FileManager.default.fileExists(atPath: bed.directory.appendingPathComponent("finished").path))
        let pid = try #require(writtenPID())
        #expect(kill(pid, 0) != 0)
    }

    @Test("a missing or non-executable program fails clearly")
    func missingExecutable() async throws {
        let bed = try TestBed()
        let missing = try await run(bed, ["hooks/nope.sh"])
        #expect(missing == .failed(
            reason: "hooks/nope.sh not found (\(bed.directory.appendingPathComponent("hooks/nope.sh").path)); check configuration_json.command",
            dataDict: ["k": "v"]))
        try script(bed, "plain.sh", "echo hi", executable: false)
        let notExecutable = try await run(bed, ["hooks/plain.sh"])
        #expect(notExecutable == .failed(
            reason: "hooks/plain.sh is not executable (\(bed.directory.appendingPathComponent("hooks/plain.sh").path))",
            dataDict: ["k": "v"]))
    }

    @Test("a bare program name is found on PATH; an absolute path is used as is")
    func programLookup() async throws {
        let bed = try TestBed()
        let onPath = try await run(bed, ["sh", "-c", "cat > /dev/null; echo '{\"success\": true, \"dataDict\": {}}'"])
        #expect(onPath == .succeeded(dataDict: [:]))
        let absolute = try await run(bed, ["/bin/sh", "-c", "exit 4"])
        #expect(absolute == .failed(reason: "/bin/sh exited with status 4", dataDict: ["k": "v"]))
    }

    @Test("a large input and a chatty standard error do not deadlock")
    func largeStreams() async throws {
        let bed = try TestBed()
        try script(bed, "chatty.sh", """
            i=0
            while [ $i -lt 3000 ]; do echo "noise line $i with some padding to fill the pipe" >&2; i=$((i+1)); done
            wc -c > /dev/null
            echo '{"success": true}'
            """)
        let big = JSONObject([("blob", .string(String(repeating: "x", count: 300_000)))])
        #expect(try await run(bed, ["hooks/chatty.sh"], timeout: 20, dataDict: big) == .succeeded(dataDict: nil))
        #expect(bed.log.lines.filter { $0.contains("noise line") }.count == 3000)
    }

    @Test("a hook that exits without reading a large input does not hurt ZappShell")
    func unreadInput() async throws {
        let bed = try TestBed()
        try script(bed, "deaf.sh", #"echo '{"success": true, "dataDict": {"heard": false}}'"#)
        let big = JSONObject([("blob", .string(String(repeating: "y", count: 2_000_000)))])
        #expect(try await run(bed, ["hooks/deaf.sh"], timeout: 20, dataDict: big) == .succeeded(dataDict: ["heard": false]))
    }

    @Test("hook processes do not inherit an ignored SIGPIPE")
    func signalDispositions() async throws {
        let bed = try TestBed()
        try script(bed, "sig.sh", """
            cat > /dev/null
            mask=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/self/status)
            printf '{"success": true, "dataDict": {"ignored": "%s"}}' "$mask"
            """)
        let outcome = try await run(bed, ["hooks/sig.sh"])
        guard case .succeeded(let dataDict) = outcome, let mask = dataDict?["ignored"]?.stringValue,
            let bits = UInt64(mask, radix: 16)
        else {
            Issue.record("unexpected outcome \(outcome)")
            return
        }
        #expect(bits & (1 << (UInt64(SIGPIPE) - 1)) == 0)
    }

    @Test("blocking follows is_flow_blocker in configuration, else the manager's resolution")
    func flowBlocker() throws {
        let bed = try TestBed()
        let plain = PluginConfiguration.plugin("a", "ZappShell.ExternalHook", ["command": ["x"]])
        #expect(try bed.factory(plain).hookTraits(plain, hookScreen: nil)?.isFlowBlocker == nil)
        #expect(try bed.factory(plain).hookTraits(plain, hookScreen: nil)?.hasUI == false)
        let blocking = PluginConfiguration.plugin("b", "ZappShell.ExternalHook", ["command": ["x"], "is_flow_blocker": true])
        #expect(try bed.factory(blocking).hookTraits(blocking, hookScreen: nil)?.isFlowBlocker == true)
    }

    @Test("a missing or shell-style command makes the plugin unavailable")
    func badCommand() throws {
        let bed = try TestBed()
        let missing = PluginConfiguration.plugin("m", "ZappShell.ExternalHook")
        #expect(bed.registry([missing]).plugin(identifier: "m")?.unavailableReason?.contains("configuration_json.command: missing") == true)
        let shell = PluginConfiguration.plugin("s", "ZappShell.ExternalHook", ["command": "python3 hook.py"])
        #expect(bed.registry([shell]).plugin(identifier: "s")?.unavailableReason?.contains("expected an array of arguments") == true)
    }
}
