import Foundation
import Testing

@testable import zapp_shell

/// Paths in a tape (`TapeFile`): written relative to the tape's folder, read back against it;
/// `--feeds` and `--record` parsed on the commands that take them.
@Suite("tape files")
struct TapeFileTests {
    @Test("a tape names local paths relative to its folder, URLs as they are; the replay resolves them back")
    func relativePaths() {
        #expect(TapeFile.written("/qa/apps/tv", tapeFolder: "/qa/tapes") == "../apps/tv")
        #expect(TapeFile.written("/qa/tapes/app/feeds.json", tapeFolder: "/qa/tapes") == "app/feeds.json")
        #expect(TapeFile.written("/qa/tapes", tapeFolder: "/qa/tapes") == ".")
        #expect(TapeFile.written("file:///qa/apps/tv", tapeFolder: "/qa/tapes") == "../apps/tv")
        #expect(TapeFile.written("https://qa.example.com/app/", tapeFolder: "/qa/tapes") == "https://qa.example.com/app/")
        #expect(TapeFile.resolved("../apps/tv", tapeFolder: "/qa/tapes") == "/qa/apps/tv")
        #expect(TapeFile.resolved("/srv/tv", tapeFolder: "/qa/tapes") == "/srv/tv")
        #expect(TapeFile.resolved("https://qa.example.com/app/", tapeFolder: "/qa/tapes") == "https://qa.example.com/app/")
        #expect(TapeFile.folder(of: "/qa/tapes/sign-in.tape") == "/qa/tapes")
    }

    @Test("--feeds on run, render, trace, gates and replay; --record on run")
    func options() throws {
        #expect(try RunCommand.parse(["app", "--feeds", "m.json", "--record", "t.tape"]).appOptions.feeds == "m.json")
        #expect(try RunCommand.parse(["app", "--record", "t.tape"]).record == "t.tape")
        #expect(try RenderCommand.parse(["--screen", "home", "--feeds", "m.json"]).appOptions.feeds == "m.json")
        #expect(try TraceCommand.parse(["--screen", "home", "--feeds", "m.json"]).appOptions.feeds == "m.json")
        #expect(try GatesCommand.parse(["--feeds", "m.json"]).feedsOption.feeds == "m.json")
        let replay = try ReplayCommand.parse(["t.tape", "app", "--feeds", "m.json"])
        #expect(replay.tape == "t.tape" && replay.app == "app" && replay.feedsOption.feeds == "m.json")
    }
}
