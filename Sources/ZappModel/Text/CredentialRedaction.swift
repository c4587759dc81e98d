/// Credentials in URLs written out of a log line or a warning: the password of a URL's user
/// (`https://user:***@host/`, a user alone `https://***@host/`, being often a token), and the
/// value of a query or fragment parameter whose name says it is secret (`?token=***`,
/// `&api_key=***`, `access_token`, `signature`, …). Everything else is kept byte for byte; text
/// without `@` or `=` is returned as it is.
public enum CredentialRedaction {
    /// `text` with its URL credentials replaced by `***`.
    public static func redacted(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "@")) || bytes.contains(UInt8(ascii: "=")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        let masked = Array("***".utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: schemeEnd) {
                output += schemeEnd
                index += schemeEnd.count
                var end = index
                var at: Int? = nil
                while end < bytes.count, !authorityEnds.contains(bytes[end]) {
                    if bytes[end] == UInt8(ascii: "@") { at = end }
                    end += 1
                }
                if let at {
                    let info = bytes[index..<at]
                    if let colon = info.firstIndex(of: UInt8(ascii: ":")) { output += info[..<colon] + [UInt8(ascii: ":")] }
                    output += masked
                    index = at
                }
                continue
            }
            if parameterStarts.contains(bytes[index]) {
                var end = index + 1
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "="), isSecret(bytes[(index + 1)..<end]) {
                    output += bytes[index...end] + masked
                    index = end + 1
                    while index < bytes.count, !valueEnds.contains(bytes[index]) { index += 1 }
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let schemeEnd = Array("://".utf8)
    private static let authorityEnds = Set(" \t\n\r/?#\"'<>()[]{}`,;".utf8)
    private static let parameterStarts = Set("?&;#".utf8)
    private static let valueEnds = Set(" \t\n\r&#;\"'<>()[]{}`,".utf8)
    private static let secretNames: Set<String> = [
        "key", "apikey", "api-key", "sig", "signature", "auth", "authorization", "session", "sessionid", "sid", "code",
        "pass", "pwd", "passwd", "credential", "credentials", "jwt", "bearer",
    ]

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isSecret(_ name: ArraySlice<UInt8>) -> Bool {
        guard !name.isEmpty else { return false }
        let lowered = String(decoding: name, as: UTF8.self).lowercased()
        return secretNames.contains(lowered) || ["token", "secret", "password", "api_key", "apikey", "signature", "credential"]
            .contains { lowered.contains($0) }
    }
}
