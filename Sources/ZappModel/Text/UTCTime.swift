/// Seconds since 1970 as UTC text without Foundation's date formatting (whose first use costs
/// the start about a millisecond) or `gmtime_r` (whose first call reads the time zone file):
/// the log's timestamps and the offline copy's date. The date is the proleptic Gregorian civil
/// date of the day count (Howard Hinnant's `civil_from_days`).
public enum UTCTime {
    /// `2026-11-23T12:36:40Z` (ISO 8601).
    public static func iso8601(_ seconds: Int) -> String {
        let time = parts(seconds)
        return "\(time.date)T\(two(time.hour)):\(two(time.minute)):\(two(time.second))Z"
    }

    /// `2026-11-23 12:36 UTC`.
    public static func minutes(_ seconds: Int) -> String {
        let time = parts(seconds)
        return "\(time.date) \(two(time.hour)):\(two(time.minute)) UTC"
    }

    private static func parts(_ seconds: Int) -> (date: String, hour: Int, minute: Int, second: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return ("\(year)-\(two(month))-\(two(day))", secondOfDay / 3_600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
