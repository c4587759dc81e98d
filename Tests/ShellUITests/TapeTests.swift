import Clocks
import Foundation
import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

/// Tapes: the text format (`Tape.parse`, good and bad lines), recording through the runtime's
/// observer (`TapeRecorder`) and replaying with comparison (`TapePlayer`).
@MainActor
@Suite("Tapes", .timeLimit(.minutes(1)))
struct TapeTests {
    static let sample = """
        zapp-shell tape 1
        # a comment
        app ../ui-builder
        feeds ../ui-builder/feeds.json
        size 90x28

        screen home
        key "m"
        key Down
        key enter
        pane "Sign in"   (login)
        type "de\\"mo"
        key Ctrl-R
        key F5
        click 3 4
        resize 80x24
        blocked by login: User has closed hook execution
        """

    @Test("a tape's header and steps, with their lines; names of keys in any case; expectations compared with spaces folded")
    func parsesSteps() throws {
        let tape = try Tape.parse(Self.sample)
        #expect(tape.header.app == "../ui-builder")
        #expect(tape.header.feeds == "../ui-builder/feeds.json")
        #expect(tape.header.columns == 90 && tape.header.rows == 28)
        #expect(tape.header.lines["app"] == 3)
        #expect(tape.steps.map(\.line) == [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
        #expect(tape.steps.map(\.action) == [
            .expect(TapeObservation(verb: "screen", detail: "home")),
            .input(.key(.character("m"))), .input(.key(.down)), .input(.key(.enter)),
            .expect(TapeObservation(verb: "pane", detail: "\"Sign in\" (login)")),
            .input(.type("de\"mo")), .input(.key(.control("r"))), .input(.key(.function(5))),
            .input(.click(column: 3, row: 4)), .input(.resize(columns: 80, rows: 24)),
            .expect(TapeObservation(verb: "blocked", detail: "by login: User has closed hook execution")),
        ])
        #expect(TapeInput.type("ab").events == [.key(.character("a")), .key(.character("b"))])
    }

    @Test("a tape's text reads back as the same tape")
    func roundTrip() throws {
        let tape = try Tape.parse(Self.sample)
        let again = try Tape.parse(tape.text)
        #expect(again.steps.map(\.action) == tape.steps.map(\.action))
        #expect(again.header.app == tape.header.app && again.header.columns == 90)
        #expect(try Tape.parse("zapp-shell tape 1\ntype \"\\e[31m\\u{7}\\n\"").steps.first?.action == .input(.type("\u{1B}[31m\u{7}\n")))
    }

    @Test("a bad line is refused with its number and the reason", arguments: [
        ("zapp-shell tape 2\n", 1, "a tape starts with the line \"zapp-shell tape 1\""),
        ("", 1, "empty"),
        ("zapp-shell tape 1\nkey Entr\n", 2, "unknown key \"Entr\""),
        ("zapp-shell tape 1\n\nprss Enter\n", 3, "unknown step \"prss\""),
        ("zapp-shell tape 1\nkey Enter\napp x\n", 3, "belongs to the header"),
        ("zapp-shell tape 1\nsize 10\n", 2, "size: expected COLUMNSxROWS"),
        ("zapp-shell tape 1\ntype \"abc\n", 2, "type needs quoted text (e.g. type \"qa\"): no closing double quote"),
        ("zapp-shell tape 1\nkey \"ab\"\n", 2, "unknown key"),
        ("zapp-shell tape 1\nclick 3\n", 2, "click needs a column and a row"),
        ("zapp-shell tape 1\nscreen\n", 2, "\"screen\" needs what it expects"),
        ("zapp-shell tape 1\napp a\napp b\n", 3, "given twice"),
        ("zapp-shell tape 1\nsize 10x5\n", 2, "size: 10x5 is too small: the app is laid out from 20x6"),
        ("zapp-shell tape 1\nsize 2000x30\n", 2, "size: 2000x30 is too large: at most 1000x1000"),
        ("zapp-shell tape 1\nresize 19x24\n", 2, "resize: 19x24 is too small: the app is laid out from 20x6"),
        ("zapp-shell tape 1\nresize big\n", 2, "resize: expected COLUMNSxROWS (e.g. 100x30), got \"big\""),
        ("zapp-shell tape 1\ntype \"a\\qb\"\n", 2, "type needs quoted text (e.g. type \"qa\"): unknown escape \\q (escapes: \\\", \\\\, \\n, \\t, \\e, \\u{HEX})"),
        ("zapp-shell tape 1\ntype \"\\u{zz}\"\n", 2, "\\u needs a Unicode scalar in hexadecimal between braces"),
        ("zapp-shell tape 1\ntype abc\n", 2, "type needs quoted text (e.g. type \"qa\"): no opening double quote"),
        ("zapp-shell tape 1\ntype \"abc\" x\n", 2, "text after the closing quote: x"),
        ("zapp-shell tape 1\nkey \"\\q\"\n", 2, "key: unknown escape \\q"),
        ("zapp-shell tape 1\napp \"my app\\q\"\n", 2, "app: unknown escape \\q"),
        ("zapp-shell tape 1\nfeeds \"feeds.json\n", 2, "feeds: no closing double quote"),
    ])
    func refusesBadLines(text: String, line: Int, reason: String) {
        do {
            _ = try Tape.parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    // MARK: Recording and replaying

    /// A setup over `UpdateFixture.app` and `FakeOpener` (Premium asks for a sign-in, password "right").
    static func setup(app: ZappApp = UpdateFixture.app) -> ShellSetup {
        ShellSetup(
            app: app, loadApp: { AppLoad(app: app) },
            makeServices: { app, presenter, trace in
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: FakeOpener(presenter: presenter))
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil)
            })
    }

    /// Records a sign-in to Premium (a wrong password first) through the runtime's observer.
    func recordSignIn() async throws -> Tape {
        let recorder = TapeRecorder()
        var setup = Self.setup()
        setup.observer = { recorder.observe($0) }
        let clock = TestClock<Duration>()
        let runtime = ShellRuntime(terminal: HeadlessTerminal(columns: 80, rows: 24), setup: setup, clock: RuntimeClock(clock))
        runtime.start()
        #expect(await runtime.settle { $0.isStartupComplete })
        func press(_ keys: Key...) { for key in keys { runtime.send(.terminal(.key(key))) } }
        func type(_ text: String) { for character in text { runtime.send(.terminal(.key(.character(character)))) } }
        press(.character("m"), .down, .enter)
        #expect(await runtime.settle { $0.view.topPane != nil })
        type("demo")
        press(.tab)
        type("wrong")
        press(.enter)
        #expect(await runtime.settle { $0.view.topPane?.error != nil })
        press(.backspace, .backspace, .backspace, .backspace, .backspace)
        type("right")
        press(.enter)
        #expect(await runtime.settle { $0.view.navigation.currentScreenID == "premium" && $0.activity == nil })
        return recorder.tape(header: Tape.Header())
    }

    @Test("recording: inputs as they reached the update (characters typed as one step), panes, answers, screens")
    func records() async throws {
        let tape = try await recordSignIn()
        #expect(tape.header.columns == 80 && tape.header.rows == 24)
        #expect(tape.steps.map(\.action.text) == [
            "screen home", "key \"m\"", "key Down", "key Enter", "pane \"Sign in\" (login)",
            "type \"demo\"", "key Tab", "type \"wrong\"", "key Enter", "answer \"Sign in\" as demo",
            "key Backspace", "key Backspace", "key Backspace", "key Backspace", "key Backspace",
            "type \"right\"", "key Enter", "answer \"Sign in\" as demo", "screen premium",
        ])
    }

    @Test("replaying a recorded tape against the same app matches, step for step")
    func replayMatches() async throws {
        let tape = try Tape.parse(try await recordSignIn().text)
        let outcome = await TapePlayer.play(tape, setup: Self.setup(), clock: RuntimeClock(TestClock<Duration>()))
        #expect(outcome == .matched(steps: tape.steps.count))
    }

    @Test("a different outcome: the first divergence names the tape's line, what was expected and what happened")
    func replayDiverges() async throws {
        let clock = RuntimeClock(TestClock<Duration>())
        let header = "zapp-shell tape 1\nsize 80x24\n"
        // A different outcome: the wrong password never opens Premium.
        let wrong = try Tape.parse(header + """
            screen home
            key "m"
            key Down
            key Enter
            pane "Sign in" (login)
            key Esc
            answer cancel
            screen premium
            """)
        #expect(await TapePlayer.play(wrong, setup: Self.setup(), clock: clock) == .diverged(.init(
            line: 10, message: "expected `screen premium`, got `blocked by login: User has closed hook execution`")))
    }

    @Test("more expected than happens: the expectation's line, and that the app waits for input")
    func replayExpectsMore() async throws {
        let clock = RuntimeClock(TestClock<Duration>())
        let header = "zapp-shell tape 1\nsize 80x24\n"
        let more = try Tape.parse(header + "screen home\nkey \"?\"\nscreen premium\n")
        #expect(await TapePlayer.play(more, setup: Self.setup(), clock: clock) == .diverged(.init(
            line: 5, message: "expected `screen premium`, but nothing more happened (the app waits for input)")))
    }

    @Test("something the tape does not expect is named after the input that caused it")
    func replayUnexpected() async throws {
        let clock = RuntimeClock(TestClock<Duration>())
        let header = "zapp-shell tape 1\nsize 80x24\n"
        let unexpected = try Tape.parse(header + "screen home\nkey \"m\"\nkey Down\nkey Enter\nkey Esc\n")
        #expect(await TapePlayer.play(unexpected, setup: Self.setup(), clock: clock) == .diverged(.init(
            line: 6, message: "after `key Enter` the app did `pane \"Sign in\" (login)`, which the tape does not expect")))
    }

    @Test("a tape replayed against another version of the app (Premium renamed, without its sign-in) diverges where the pane was expected")
    func replayChangedApp() async throws {
        let clock = RuntimeClock(TestClock<Duration>())
        let river = UpdateFixture.river.replacing("\"premium\"", with: "\"members\"")
        let app = try #require(AppLoader.load(river: Data(river.utf8), plugins: Data(UpdateFixture.plugins.utf8), name: "changed").app)
        let signIn = try Tape.parse(try await recordSignIn().text)
        #expect(await TapePlayer.play(signIn, setup: Self.setup(app: app), clock: clock) == .diverged(.init(
            line: 9, message: "expected `pane \"Sign in\" (login)`, got `screen members`")))
    }
}
