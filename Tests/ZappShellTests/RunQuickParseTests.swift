import Testing

@testable import zapp_shell

/// `RunCommand.quickParse` reads the common `run` command lines exactly as swift-argument-parser
/// does, and leaves everything else to it.
@Suite("run's quick parse")
struct RunQuickParseTests {
    /// The options of a parsed command, for comparing two parses.
    private static func fields(_ command: RunCommand) -> [String] {
        [
            command.app ?? "-", command.plugins ?? "-", command.theme ?? "-", command.stateDir ?? "-",
            command.open ?? "-", command.log ?? "-", "\(command.watch)", "\(command.ascii)", "\(command.noColor)",
        ]
    }

    @Test(
        "reads what the parser reads",
        arguments: [
            [],
            ["examples/minimal"],
            ["river.json", "--theme", "light"],
            ["--theme=light", "app"],
            ["--plugins", "p.json", "--state-dir", "/tmp/s", "--open", "zapp://screen/premium", "--log", "l.log"],
            ["--watch", "--ascii", "--no-color", "app"],
            ["https://example.test/app", "--no-color"],
            ["--open=myapp://present?screen_id=premium&x=1"],
        ])
    func sameAsTheParser(arguments: [String]) throws {
        let quick = try #require(RunCommand.quickParse(arguments))
        let parsed = try RunCommand.parse(arguments)
        #expect(Self.fields(quick) == Self.fields(parsed))
    }

    @Test(
        "leaves the rest to the parser",
        arguments: [
            ["a", "b"],
            ["--theme"],
            ["--theme", "--ascii"],
            ["--theme", "a", "--theme", "b"],
            ["--watch", "--watch"],
            ["--watch=true"],
            ["-h"],
            ["--", "-app"],
            ["--unknown", "x"],
            ["--theme="],
            [""],
        ])
    func fallsBack(arguments: [String]) {
        #expect(RunCommand.quickParse(arguments) == nil)
    }
}
