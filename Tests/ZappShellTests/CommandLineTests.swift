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

    @Test("a usage error names the option")
    func usageError() {
        #expect(throws: (any Error).self) { try ZappShellCommand.parseAsRoot(["--theme"]) }
        #expect(throws: (any Error).self) { try RunCommand.parse(["a", "b"]) }
    }
}
