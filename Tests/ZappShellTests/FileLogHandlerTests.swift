import Glibc
import Testing

@testable import zapp_shell

/// The log's timestamps (`FileLogHandler.timestamp`), computed without the C library's time zone
/// machinery, against `gmtime_r`.
@Suite("log timestamps")
struct FileLogHandlerTests {
    @Test("the UTC date and time gmtime_r gives, in ISO 8601", arguments: [
        0, 59, 86_399, 86_400, -1, -86_400, -86_401,
        951_782_400, // 2000-02-29
        951_868_800, // 2000-03-01
        4_107_542_400, // 2100-03-01 (2100 is not a leap year)
        1_795_437_400, // 2026-11-23
        -2_208_988_800, // 1900-01-01
        253_402_300_799, // 9999-12-31T23:59:59Z
    ])
    func matchesGmtime(_ seconds: Int) {
        #expect(FileLogHandler.timestamp(seconds) == Self.gmtimeStamp(seconds))
    }

    @Test("every day of four centuries")
    func everyDay() {
        var mismatches = 0
        var seconds = -6_311_433_600 // 1769-12-31
        for _ in 0..<(146_097 + 400) {
            if FileLogHandler.timestamp(seconds + 45_296) != Self.gmtimeStamp(seconds + 45_296) { mismatches += 1 }
            seconds += 86_400
        }
        #expect(mismatches == 0)
    }

    private static func gmtimeStamp(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
