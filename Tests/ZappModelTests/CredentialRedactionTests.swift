import Testing
import ZappModel

/// URL credentials written out of log lines and warnings (issue 34).
@Suite("credential redaction")
struct CredentialRedactionTests {
    @Test("a URL's password, a lone user (a token), and secret parameters are masked; the rest is kept", arguments: [
        ("https://user:pass@host/a", "https://user:***@host/a"),
        ("see http://TOKEN123@api.example.com/x.", "see http://***@api.example.com/x."),
        ("https://h/feed.json?token=abc&page=2", "https://h/feed.json?token=***&page=2"),
        ("https://h/?a=1&access_token=xyz#top", "https://h/?a=1&access_token=***#top"),
        ("https://h/p?X-Amz-Signature=f00 done", "https://h/p?X-Amz-Signature=*** done"),
        ("river.json:3:4: warning: image \"https://u:p@h/i.png?api_key=k\" failed", "river.json:3:4: warning: image \"https://u:***@h/i.png?api_key=***\" failed"),
        ("mail me@example.com, x = 1, https://h/?page=2", "mail me@example.com, x = 1, https://h/?page=2"),
    ])
    func redacts(_ pair: (String, String)) {
        #expect(CredentialRedaction.redacted(pair.0) == pair.1)
    }

    @Test("a diagnostic's description is redacted")
    func diagnostics() {
        let warning = Diagnostic(.warning, .syntax, file: "feeds.json", location: .file, message: "https://a:b@h/?token=t unreachable")
        #expect(warning.description == "feeds.json: warning: https://a:***@h/?token=*** unreachable")
    }
}
