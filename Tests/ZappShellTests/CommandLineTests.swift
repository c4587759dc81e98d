import ArgumentParser
import Testing

@testable import zapp_shell

/// The command line has one parser: no subcommand means `run`, and the options every app
/// command shares (`AppOptions`, `LookOptions`) read the same wherever they are given.
@Suite("command line")
struct CommandLineTests {
    @Test("an APP without a subcommand runs it")
    func defaultIsRun() throws {
        let command = try ZappShellCommand.parseAsRoot(["examples/minimal", "--theme", "light", "--watch"])
        let run = try #require(command as? RunCommand)
        #expect(run.app == "examples/minimal")
        #expect(run.theme == "light")
        #expect(run.watch)
    }

    @Test("the plain `zapp-shell [APP]` is run with every option as the full parse gives it; any other line is left to the full parse")
    func plainRun() throws {
        for arguments in [[], ["examples/minimal"], ["an app/with space"], ["--"], ["http://apps.test/river.json"]] {
            let plain = try #require(RunCommand.plain(arguments), "\(arguments)")
            let parsed = try #require(try ZappShellCommand.parseAsRoot(arguments) as? RunCommand)
            // Every option and group, each as it was parsed (an option left unset shows as `*definition*`).
            #expect(String(describing: plain) == String(describing: parsed), "\(arguments)")
            #expect(!String(describing: plain).contains("definition"))
        }
        for arguments in [
            ["validate"], ["help"], ["run"], ["--help"], ["-h"], ["--version"], ["app", "--watch"], ["--theme", "light"],
            ["--generate-completion-script", "bash"], ["-x"], ["--ascii"],
        ] {
            #expect(RunCommand.plain(arguments) == nil, "\(arguments)")
        }
    }

    @Test("shared options read the same in run, render and trace")
    func sharedOptions() throws {
        let run = try RunCommand.parse(["app", "--plugins", "p.json", "--ascii", "--theme=light"])
        let render = try RenderCommand.parse(["app", "--plugins", "p.json", "--ascii", "--theme=light", "--screen", "home"])
        let trace = try TraceCommand.parse(["app", "--plugins", "p.json", "--screen", "home"])
        let validate = try ValidateCommand.parse(["app", "--plugins", "p.json"])
        #expect([run.app, render.appOptions.app, trace.appOptions.app] == ["app", "app", "app"])
        #expect([run.plugins, render.appOptions.plugins, trace.appOptions.plugins, validate.pluginsOption.plugins] == Array(repeating: "p.json", count: 4))
        #expect(run.look.ascii && render.look.ascii)
        #expect(run.theme == "light" && render.look.theme == "light")
    }

    @Test("--image-cache-mb: 256 MiB by default, the same in run and render, 0 for none; anything but 0…1048576 refused")
    func imageCacheOption() throws {
        #expect(try RunCommand.parse(["app"]).imageCache.bytes == 256 * 1024 * 1024)
        #expect(try RunCommand.parse(["app", "--image-cache-mb", "8"]).imageCache.bytes == 8 * 1024 * 1024)
        #expect(try RenderCommand.parse(["app", "--screen", "home", "--image-cache-mb", "0"]).imageCache.bytes == 0)
        for bad in ["-1", "many", "1048577"] {
            #expect(throws: (any Error).self) { try RenderCommand.parse(["app", "--screen", "home", "--image-cache-mb", bad]) }
        }
    }

    @Test("a usage error names the option")
    func usageError() {
        #expect(throws: (any Error).self) { try ZappShellCommand.parseAsRoot(["--theme"]) }
        #expect(throws: (any Error).self) { try RunCommand.parse(["a", "b"]) }
    }
}
