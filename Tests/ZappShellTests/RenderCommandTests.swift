import ArgumentParser
import Testing

@testable import zapp_shell

/// `zapp-shell render`: sizes below the layout's minimum are refused with exit 2.
@Suite("render")
struct RenderCommandTests {
    @Test("a size below the minimum names the minimum; the minimum itself is accepted")
    func tooSmall() {
        #expect(RenderCommand.tooSmallMessage(for: RenderSize(columns: 10, rows: 3))
            == "--size 10x3 is below the minimum of 20x6 columns x rows")
        #expect(RenderCommand.tooSmallMessage(for: RenderSize(columns: 20, rows: 5)) != nil)
        #expect(RenderCommand.tooSmallMessage(for: RenderSize(columns: 19, rows: 24)) != nil)
        #expect(RenderCommand.tooSmallMessage(for: RenderSize(columns: 20, rows: 6)) == nil)
    }

    @Test("render --size 10x3 exits 2 before loading anything")
    func exitsTwo() async throws {
        var command = try RenderCommand.parse(["--screen", "home", "--size", "10x3"])
        do {
            try await command.run()
            Issue.record("render --size 10x3 did not fail")
        } catch let exit as ExitCode {
            #expect(exit.rawValue == 2)
        }
    }

    @Test("--version is the release, with git describe when stamped")
    func version() {
        #expect(ZappShellCommand.configuration.version == BuildVersion.line)
        #expect(BuildVersion.line.hasPrefix(BuildVersion.release))
    }
}
