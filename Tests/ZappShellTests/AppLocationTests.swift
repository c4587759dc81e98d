import Foundation
import Synchronization
import Testing

@testable import zapp_shell

/// Loading an app from a URL tells the user what it fetches and how long it may wait.
@Suite("remote app loading")
struct AppLocationTests {
    @Test("each fetch is announced with its URL and the timeout")
    func progressNamesURLAndTimeout() async {
        let lines = Mutex<[String]>([])
        // Port 1 on loopback refuses at once: the fetch fails fast, after its announcement.
        let url = URL(string: "http://127.0.0.1:1/app")!
        let result = await AppLocation.remote(url).load(progress: { line in lines.withLock { $0.append(line) } })
        #expect(result.app == nil)
        #expect(lines.withLock { $0 } == ["Fetching http://127.0.0.1:1/app/river.json (timeout 20 s)…"])
    }
}
