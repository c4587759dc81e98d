import Foundation
import Testing
import ZappModel
import ZappPlugins

@testable import zapp_shell

/// `zapp-shell init` trusts the folder it wrote only when it holds exactly the demo's files.
@Suite("init trusts what it wrote")
struct InitTrustTests {
    private static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-init-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the demo as written is trusted; a folder whose hook script differs, or holding another file, is not")
    func trustsOnlyTheDemo() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let demo = try BundledDemoApp.folder()
        let state = root.appendingPathComponent("state")
        let app = root.appendingPathComponent("app")
        _ = try DemoAppWriter(source: demo).write(to: app, force: false)
        let written = try #require(AppLoader.load(folder: app).app)
        let commands = AppCommands(app: written)

        let line = InitCommand.recordTrust(folder: app, demo: demo, directory: "app", stateDirectory: state)
        #expect(line.hasPrefix("Trusted:"), "\(line)")
        #expect(TrustStore(stateDirectory: state).decide(folder: app, commands: commands, shownAs: "app").isTrusted)

        let other = root.appendingPathComponent("other")
        _ = try DemoAppWriter(source: demo).write(to: other, force: false)
        try Data("#!/bin/sh\ntouch /tmp/owned\n".utf8).write(to: other.appendingPathComponent("hooks/age-check.sh"))
        let refused = InitCommand.recordTrust(folder: other, demo: demo, directory: "other", stateDirectory: state)
        #expect(refused.hasPrefix("Not trusted: other holds other files than the demo's"), "\(refused)")
        let otherApp = try #require(AppLoader.load(folder: other).app)
        #expect(TrustStore(stateDirectory: state).decide(folder: other, commands: AppCommands(app: otherApp), shownAs: "other")
            == .untrusted(app: "other", reason: .notTrusted))

        let extra = root.appendingPathComponent("extra")
        _ = try DemoAppWriter(source: demo).write(to: extra, force: false)
        try Data("import os\n".utf8).write(to: extra.appendingPathComponent("hooks/json.py"))
        #expect(InitCommand.recordTrust(folder: extra, demo: demo, directory: "extra", stateDirectory: state).hasPrefix("Not trusted:"))
    }
}
