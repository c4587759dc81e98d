import ArgumentParser
import Foundation
import Testing

@testable import zapp_shell

/// `zapp-shell render`: sizes below the layout's minimum are refused with exit 2; `--format`
/// chooses text, ANSI, SVG or HTML (a usage error, exit 64, lists the formats).
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
        let command = try RenderCommand.parse(["--screen", "home", "--size", "10x3"])
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

    @Test("--format takes text, ansi, svg and html (any case); --color is --format ansi")
    func formats() throws {
        #expect(try RenderCommand.parse(["--screen", "home"]).resolvedFormat == .text)
        #expect(try RenderCommand.parse(["--screen", "home", "--color"]).resolvedFormat == .ansi)
        #expect(try RenderCommand.parse(["--screen", "home", "--color", "--format", "ansi"]).resolvedFormat == .ansi)
        for format in RenderFormat.allCases {
            #expect(try RenderCommand.parse(["--screen", "home", "--format", format.rawValue]).resolvedFormat == format)
        }
        #expect(try RenderCommand.parse(["--screen", "home", "--format", "SVG"]).resolvedFormat == .svg)
    }

    @Test("an unknown --format, or --color with another format, is a usage error (exit 64) naming the formats")
    func formatErrors() {
        for (arguments, message) in [
            (["--format", "png"], "--format: expected one of text, ansi, svg, html, got \"png\""),
            (["--format", ""], "--format: expected one of text, ansi, svg, html"),
            (["--color", "--format", "svg"], "--color is the same as --format ansi and cannot be combined with --format svg"),
        ] {
            do {
                _ = try RenderCommand.parse(["--screen", "home"] + arguments)
                Issue.record("\(arguments) was accepted")
            } catch {
                #expect(RenderCommand.exitCode(for: error).rawValue == 64)
                #expect(RenderCommand.message(for: error).contains(message), "\(RenderCommand.message(for: error))")
            }
        }
    }
}
