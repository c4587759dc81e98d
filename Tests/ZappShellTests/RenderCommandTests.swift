import ArgumentParser
import Foundation
import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

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

/// `render` with images: the example app's logo and artwork as PNGs in svg, symbols in ansi,
/// titles in text, and a broken image named on standard error's list.
@Suite("render with images")
struct RenderImagesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/harbor-tv").path

    func render(_ format: RenderFormat, images: ImageMode? = nil, app: ZappApp? = nil) async throws -> (text: String, imageWarnings: [String]) {
        let loaded = try #require(app ?? AppLoader.load(path: Self.folder).app)
        let screen = try #require(loaded.screen(id: "home"))
        return await RenderCommand.render(
            app: loaded, screen: screen, position: .root, size: RenderSize(columns: 100, rows: 30), theme: .defaultDark,
            format: format, ascii: false, override: BarOverride(), imageMode: images)
    }

    @Test("svg embeds the logo, the hero's and the grid's artwork as PNGs; html too")
    func documents() async throws {
        let svg = try await render(.svg)
        #expect(svg.imageWarnings.isEmpty)
        #expect(svg.text.components(separatedBy: "href=\"data:image/png;base64,iVBOR").count - 1 == 5)
        let html = try await render(.html)
        #expect(html.text.components(separatedBy: "src=\"data:image/png;base64,iVBOR").count - 1 == 5)
    }

    @Test("ansi draws symbols; its bar, and text and --images off, keep the title (the logo is too small for symbols)")
    func symbolsAndTitles() async throws {
        let ansi = try await render(.ansi).text
        #expect(ansi.contains("▀"))
        #expect(ansi.split(separator: "\n")[0].contains("Home"), "the title, not the logo's symbols")
        let text = try await render(.text).text
        #expect(!text.contains("▀") && text.split(separator: "\n")[0].contains("Home"))
        let off = try await render(.ansi, images: .off).text
        #expect(!off.contains("▀"))
    }

    @Test("a missing image is a warning naming its JSON path; its title stands in")
    func missing() async throws {
        var screens = Array(try #require(AppLoader.load(path: Self.folder).app).screens)
        screens[0].navigations[1].assets.appLogo = "assets/missing.png"
        let app = ZappApp(screens: screens, plugins: [], folder: URL(fileURLWithPath: Self.folder), name: "Harbor TV")
        let result = try await render(.svg, app: app)
        #expect(result.imageWarnings.count == 1)
        #expect(result.imageWarnings.first?.hasPrefix("$[0].navigations[1].assets.app_logo: image assets/missing.png cannot be shown:") == true)
    }
}
