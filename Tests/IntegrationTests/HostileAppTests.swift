import CProcess
import Foundation
import LoopbackHTTP
import Testing
import ZappPlugins

#if canImport(Glibc)
import Glibc
#endif

/// A hostile app against the built `zapp-shell render` (issue 28, "An app is data"): images and
/// feeds at special files are refused promptly, in bounded memory, each warning naming the path;
/// the image cache keeps no secret from an address, holds its cap and is private.
@Suite("a hostile app, the built binary")
struct HostileAppTests {
    /// The most a refusal may take (a read that hangs meets `run`'s 10 s kill first; a render
    /// takes half a second, more on a loaded machine), and the most memory the process may reach.
    static let refusalSeconds = 8.0
    static let peakBytes = 400 * 1024 * 1024

    /// What a finished `zapp-shell` did.
    struct Run {
        var status: Int32
        var out: String
        var err: String
        var seconds: Double
        /// The child's peak resident memory: the highest `VmHWM` read from /proc while it ran
        /// (`ru_maxrss` from `wait4` counts the test process's own memory: a spawned child
        /// starts in its parent's address space, so it is never used).
        var peakBytes: Int
        /// How many times `VmHWM` was read (0: the peak is unknown, and a memory check fails).
        var readings: Int
    }

    /// Runs zapp-shell with `arguments` and `XDG_STATE_HOME=state`, killing it after `limit`
    /// seconds and denying it more than 1 GiB of data (a refusal that hangs or floods memory
    /// fails the test instead of hanging it or the machine).
    /// Runs zapp-shell as `runBlocking` does, on a thread of its own: the wait (seconds, for the
    /// biggest inputs) holds none of the few threads every suite's tasks share, so tests that
    /// run meanwhile (servers with a lifetime, hooks with a timeout) are not starved.
    static func run(_ arguments: [String], state: URL, limit: Double = 10) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runBlocking(arguments, state: state, limit: limit) }) }.start()
        }
    }

    private static func runBlocking(_ arguments: [String], state: URL, limit: Double) throws -> Run {
        let executable = try OutputChannelTests.executable().path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (outPath, errPath) = (scratch.appendingPathComponent("out").path, scratch.appendingPathComponent("err").path)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Nothing else this process has open reaches the child: a script another test is writing
        // at this moment would stay open for writing as long as the child runs (a minute, for the
        // largest inputs), and running that script would fail with "Text file busy".
        zapp_spawn_file_actions_addclosefrom(&actions, 3)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        environment["TERM"] = "xterm-256color"
        // The shell sets the data limit (1 GiB, in KiB) and becomes zapp-shell: the same process.
        let argv = (["/bin/sh", "-c", "ulimit -d 1048576 && exec \"$0\" \"$@\"", executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        try #require(spawned == 0, "cannot start \(executable): \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        var usage = rusage()
        var highWater = 0
        var readings = 0
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            let reading = Self.highWaterBytes(of: pid)
            if reading > 0 { readings += 1 }
            highWater = max(highWater, reading)
            if Date().timeIntervalSince(start) > limit {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(5000)
        }
        let seconds = Date().timeIntervalSince(start)
        let text = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        let exited = status & 0x7F == 0
        return Run(
            status: exited ? (status >> 8) & 0xFF : -(status & 0x7F), out: text(outPath), err: text(errPath), seconds: seconds,
            peakBytes: highWater, readings: readings)
    }

    /// The peak resident memory of the running process `pid` (`VmHWM` in /proc) once it runs
    /// `zapp-shell`, 0 when unknown or before. Until its `exec`, a child that `posix_spawn`
    /// started shares its parent's address space, so /proc shows the test process's memory
    /// then (one run of about ten read it there: over 400 MB, with a 174 MiB river held).
    static func highWaterBytes(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        let lines = status.split(separator: "\n")
        guard lines.contains(where: { $0.hasPrefix("Name:") && $0.hasSuffix("zapp-shell") }),
            let line = lines.first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0) * 1024
    }

    /// An app folder whose home screen shows `logo` in its bar, the feed `feed` in a list and,
    /// in a second list, a feed (`entries.json`, a regular file) of `entryImages`.
    static func app(logo: String, feed: String? = nil, entryImages: [String], in given: URL? = nil) throws -> URL {
        let folder = given ?? FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let entries = entryImages.enumerated().map { index, image in
            #"{"id": "e\#(index)", "title": "Entry \#(index)", "media_group": [{"type": "image", "media_item": [{"key": "thumb_1", "src": "\#(image)"}]}]}"#
        }
        try Data(#"{"id": "f", "title": "Entries", "entry": [\#(entries.joined(separator: ","))]}"#.utf8)
            .write(to: folder.appendingPathComponent("entries.json"))
        let hostileList = feed.map { #"{"id": "hostile", "component_type": "list", "position": 0, "data": {"title": "Hostile", "source": "\#($0)"}},"# } ?? ""
        let river = #"""
            [{"id": "home", "name": "Home", "home": true, "navigations": [
              {"id": "bar", "category": "nav_bar", "navigation_type": "kan_navigation_bar",
               "styles": {"presentation_style": "logo"}, "assets": {"app_logo": "\#(logo)"}, "nav_items": []}],
             "ui_components": [\#(hostileList)
              {"id": "entries", "component_type": "list", "position": 1, "data": {"title": "Entries", "source": "entries.json"}}]}]
            """#
        try Data(river.utf8).write(to: folder.appendingPathComponent("river.json"))
        try Data(#"[{"plugin": {"identifier": "kan_navigation_bar", "name": "Bar", "type": "nav_bar", "api": {"class_name": "KanNavigationBarAdapter"}, "platform": "ios", "manifest_version": "1.0.0"}, "configuration_json": {}}]"#.utf8)
            .write(to: folder.appendingPathComponent("plugin_configurations.json"))
        return folder
    }

    /// Every file and folder under `folder`, with its mode and size.
    static func tree(_ folder: URL) throws -> [(path: String, mode: Int, size: Int, isFolder: Bool)] {
        var items: [(String, Int, Int, Bool)] = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let name = walker?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            items.append((
                name, (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1, (attributes[.size] as? NSNumber)?.intValue ?? 0,
                attributes[.type] as? FileAttributeType == .typeDirectory))
        }
        return items
    }

    enum Special: String, CaseIterable, CustomStringConvertible {
        case devZero, fifo, folder, linkToDevice
        var description: String { rawValue }
    }

    @Test("an image and a feed at a special file are refused without hanging (8 s) and within 400 MB, each warning naming the path", arguments: Special.allCases)
    func specialFiles(_ special: Special) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Inside the app folder: an app reads only there (outside, the refusal names the place first).
        let path: String
        switch special {
        case .devZero:
            path = scratch.appendingPathComponent("zero.png").path
            try #require(mknod(path, S_IFCHR | 0o600, 0x105) == 0, "a character device (running as root)")
        case .fifo:
            path = scratch.appendingPathComponent("pipe.png").path
            try #require(mkfifo(path, 0o600) == 0)
        case .folder:
            path = scratch.appendingPathComponent("folder.png").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .linkToDevice:
            path = scratch.appendingPathComponent("logo.png").path
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        }
        let kind = special == .fifo ? "a FIFO (named pipe)" : special == .folder ? "a folder" : "a character device"
        let outside = "outside the app folder: an app reads only its own files"
        // A bar asset is an image when named like one or given as a URL (else it is a text asset).
        let logo = special == .devZero ? "file://" + path : path
        // In symbols (`--format ansi`) the bar shows its title instead of a logo too small to read
        // (ShellLayout.minimumSymbolLogo), so an entry names the logo's address too.
        let app = try Self.app(logo: logo, feed: path, entryImages: logo == path ? [path] : [path, logo], in: scratch)
        let run = try await Self.run(
            ["render", app.path, "--screen", "home", "--size", "300x30", "--format", "ansi", "--image-cache-mb", "0"],
            state: scratch.appendingPathComponent("state"))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.seconds <= Self.refusalSeconds, "took \(run.seconds) s")
        #expect(run.readings > 0 && run.peakBytes <= Self.peakBytes, "peaked at \(run.peakBytes / 1024 / 1024) MB (\(run.readings) readings)")
        // Each address: one warning on standard error.
        let warnings = run.err.split(separator: "\n")
        let why = special == .linkToDevice ? outside : "\(kind), not a regular file"
        for address in [logo, path] {
            #expect(warnings.contains { $0.hasSuffix("image \(address) cannot be shown: \(why)") }, "\(run.err)")
        }
        // The feed's failure is drawn in its component's place.
        let feedMessage = special == .folder ? "\(path) is a folder, not a feed"
            : special == .linkToDevice ? "\(path) is \(outside); not read" : "\(kind), not a regular file"
        let frame = run.out.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(frame.contains("Could not load \(path): " + feedMessage), "\(frame)")
    }

    @Test("a remote app reads nothing local, a local app nothing outside its folder: the logo and the feed are not read (issue 34)")
    func localReads() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-reads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let secret = scratch.appendingPathComponent("secret.txt")
        try Data("TOPSECRET\n".utf8).write(to: secret)
        let appFolder = scratch.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: appFolder, withIntermediateDirectories: true)
        for logo in [secret.path, "file://" + secret.path, "../secret.txt"] {
            let app = try Self.app(logo: logo, feed: logo, entryImages: [], in: appFolder)
            let run = try await Self.run(["render", app.path, "--screen", "home", "--size", "100x30", "--format", "svg"], state: scratch.appendingPathComponent("state"))
            #expect(run.status == 0, "\(run.err)")
            #expect(!run.out.contains("TOPSECRET"), "\(logo) was read")
            let text = try await Self.run(["render", app.path, "--screen", "home", "--size", "400x30"], state: scratch.appendingPathComponent("state"))
            #expect(!text.out.contains("TOPSECRET"), "\(logo) was read")
            #expect(text.out.contains("Could not load \(logo): \(logo) is outside the app folder"), "the feed's place says why: \(text.out)")
        }
        let river = try String(contentsOf: appFolder.appendingPathComponent("river.json"), encoding: .utf8)
        let plugins = try String(contentsOf: appFolder.appendingPathComponent("plugin_configurations.json"), encoding: .utf8)
        for logo in ["/etc/hostname", "file://" + secret.path] {
            let remoteRiver = river.replacingOccurrences(of: "../secret.txt", with: logo)
            let server = try LoopbackHTTPServer { request in
                switch request.path {
                case "/app/river.json": return .init(status: 200, body: remoteRiver)
                case "/app/plugin_configurations.json": return .init(status: 200, body: plugins)
                default: return .init(status: 404)
                }
            }
            defer { server.stop() }
            let run = try await Self.run(
                ["render", server.url("/app/").absoluteString, "--screen", "home", "--size", "100x30", "--format", "svg"],
                state: scratch.appendingPathComponent("state"))
            #expect(run.status == 0, "\(run.err)")
            #expect(!run.out.contains("TOPSECRET"), "\(logo) was read by a remote app")
            let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if logo == "/etc/hostname", !hostname.isEmpty { #expect(!run.out.contains(">\(hostname)<"), "the hostname is drawn") }
        }
    }

    @Test("a feed of 5 million {} keeps 10,000 entries, says so naming the feed, and peaks under 400 MB, local and over http (issue 34)")
    func hugeFeed() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-feed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var bytes = Array(#"{"id": "f", "entry": ["#.utf8)
        bytes.reserveCapacity(15_000_100)
        for index in 0..<5_000_000 {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "}"))
            if index < 4_999_999 { bytes.append(UInt8(ascii: ",")) }
        }
        bytes += Array("]}".utf8)
        let feed = Data(bytes)
        let app = try Self.app(logo: "x.txt", feed: "big.json", entryImages: [], in: scratch)
        try feed.write(to: app.appendingPathComponent("big.json"))
        let local = try await Self.run(["render", app.path, "--screen", "home", "--size", "100x30"], state: scratch.appendingPathComponent("state"), limit: 120)
        #expect(local.status == 0, "\(local.err)")
        #expect(local.err.contains("feed big.json: 5000000 entries listed; the first 10000 are kept"), "\(local.err)")
        #expect(local.readings > 0 && local.peakBytes <= Self.peakBytes, "peaked at \(local.peakBytes / 1024 / 1024) MB (\(local.readings) readings)")
        print("5M-entry feed, local: \(local.seconds) s, peak \(local.peakBytes / 1024 / 1024) MB")

        let river = try Data(contentsOf: app.appendingPathComponent("river.json"))
        let plugins = try Data(contentsOf: app.appendingPathComponent("plugin_configurations.json"))
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/app/river.json": return .init(status: 200, bytes: river, contentType: "application/json")
            case "/app/plugin_configurations.json": return .init(status: 200, bytes: plugins, contentType: "application/json")
            case "/app/big.json": return .init(status: 200, bytes: feed, contentType: "application/json")
            default: return .init(status: 404)
            }
        }
        defer { server.stop() }
        let remote = try await Self.run(
            ["render", server.url("/app/").absoluteString, "--screen", "home", "--size", "100x30"], state: scratch.appendingPathComponent("state"),
            limit: 120)
        #expect(remote.status == 0, "\(remote.err)")
        #expect(remote.err.contains("5000000 entries listed; the first 10000 are kept"), "\(remote.err)")
        #expect(remote.readings > 0 && remote.peakBytes <= Self.peakBytes, "peaked at \(remote.peakBytes / 1024 / 1024) MB (\(remote.readings) readings)")
        print("5M-entry feed, http: \(remote.seconds) s, peak \(remote.peakBytes / 1024 / 1024) MB")
    }

    @Test("gates on a river of a million screens refuses at once with a message, under 400 MB (issue 34)")
    func hugeRiverGates() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-gates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var river = #"[{"id": "s0", "name": "S0", "home": true}"#
        river.reserveCapacity(40_000_000)
        for index in 1..<1_000_000 { river += #",{"id": "s\#(index)", "name": "S\#(index)"}"# }
        river += "]"
        try Data(river.utf8).write(to: scratch.appendingPathComponent("river.json"))
        try Data("[]".utf8).write(to: scratch.appendingPathComponent("plugin_configurations.json"))
        let run = try await Self.run(["gates", scratch.path], state: scratch.appendingPathComponent("state"), limit: 60)
        #expect(run.status == 2)
        #expect(run.err.contains("lists more than 50000 screens; gates reports on at most 50000"), "\(run.err)")
        #expect(run.readings > 0 && run.peakBytes <= Self.peakBytes, "peaked at \(run.peakBytes / 1024 / 1024) MB (\(run.readings) readings)")
        print("gates, 1e6 screens: \(run.seconds) s, peak \(run.peakBytes / 1024 / 1024) MB")
    }

    @Test("an image address with a user, a password and a token leaves none of them in the state directory, which stays private")
    func credentialedAddress() async throws {
        let png = try #require(try? ImageLoader.encodePNG(width: 8, height: 8, rgba: Array(repeating: 200, count: 256)).get())
        let server = try LoopbackHTTPServer { request in
            request.path.hasPrefix("/img.png") ? .init(status: 200, bytes: Data(png), contentType: "image/png", headers: ["ETag: \"v1\""])
                : .init(status: 404, body: "")
        }
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let address = "http://user:password@127.0.0.1:\(server.port)/img.png?token=SECRET"
        let app = try Self.app(logo: address, entryImages: [address])
        defer { try? FileManager.default.removeItem(at: app) }
        let run = try await Self.run(["render", app.path, "--screen", "home", "--size", "100x30", "--format", "ansi"], state: state)
        #expect(run.status == 0, "\(run.err)")
        #expect(server.requests.count == 1)
        let items = try Self.tree(state)
        #expect(items.filter { !$0.isFolder && !$0.path.hasSuffix(".zapp-shell-cache") }.count == 1, "one cache entry: \(items.map(\.path))")
        for item in items {
            let contents = item.isFolder ? "" : String(decoding: FileManager.default.contents(atPath: state.appendingPathComponent(item.path).path) ?? Data(), as: UTF8.self)
            for secret in ["password", "SECRET", "token", "user"] {
                #expect(!item.path.contains(secret) && !contents.contains(secret), "\(secret) in \(item.path)")
            }
            #expect(item.mode & 0o077 == 0, "\(item.path) is \(String(item.mode, radix: 8))")
        }
    }

    @Test("50 images of 1.2 MB with --image-cache-mb 8 leave at most 10 MB in the state directory, none of it readable by others")
    func cacheHoldsItsCap() async throws {
        // Noise does not compress: each PNG is about 1.2 MB. The first pixel tells them apart.
        var generator = SystemRandomNumberGenerator()
        var pixels = (0..<(640 * 480 / 2)).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        var images: [Data] = []
        for index in 0..<50 {
            pixels[0] = UInt8(index)
            images.append(Data(try ImageLoader.encodePNG(width: 640, height: 480, rgba: pixels).get()))
        }
        #expect(images[0].count > 1_150_000)
        let served = images
        let server = try LoopbackHTTPServer(lifetime: 120) { request in
            let index = Int(request.path.dropFirst("/img-".count).prefix { $0.isNumber }) ?? -1
            return served.indices.contains(index)
                ? .init(status: 200, bytes: served[index], contentType: "image/png") : .init(status: 404, body: "")
        }
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hostile-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var fetched = 0
        // Ten renders of five images each (what a frame shows), into the one state directory.
        for batch in 0..<10 {
            let addresses = (0..<5).map { "http://127.0.0.1:\(server.port)/img-\(batch * 5 + $0).png" }
            // Every address is an entry's: in symbols the bar shows its title, not a logo this small.
            let app = try Self.app(logo: addresses[0], entryImages: addresses)
            defer { try? FileManager.default.removeItem(at: app) }
            let run = try await Self.run(
                ["render", app.path, "--screen", "home", "--size", "120x60", "--format", "ansi", "--image-cache-mb", "8"], state: state, limit: 30)
            #expect(run.status == 0, "\(run.err)")
            #expect(run.readings > 0 && run.peakBytes <= Self.peakBytes, "peaked at \(run.peakBytes / 1024 / 1024) MB (\(run.readings) readings)")
            fetched = server.requests.count
        }
        #expect(fetched == 50, "the frames showed \(fetched) of the 50 images")
        let items = try Self.tree(state)
        let total = items.reduce(0) { $0 + $1.size }
        #expect(total <= 10 * 1024 * 1024, "the state directory holds \(total) bytes")
        #expect(total >= 5 * 1024 * 1024, "the cache kept \(total) bytes: it is used")
        for item in items { #expect(item.mode & 0o077 == 0, "\(item.path) is \(String(item.mode, radix: 8))") }
        let root = try FileManager.default.attributesOfItem(atPath: state.appendingPathComponent("zapp-shell").path)
        #expect(((root[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o077 == 0)
    }
}
