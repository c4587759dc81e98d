/// One row of the results: what was measured, the figures, the budget and whether it is met.
struct ResultRow {
    var measurement: String
    var result: String
    var budget: String
    /// nil when the row has no budget of its own (context for another row).
    var withinBudget: Bool?
}

/// The table `make bench` prints (Markdown, so it can be pasted into the README as is).
struct ResultTable {
    private(set) var rows: [ResultRow] = []

    mutating func add(_ measurement: String, _ result: String, budget: String = "", within: Bool? = nil) {
        rows.append(ResultRow(measurement: measurement, result: result, budget: budget, withinBudget: within))
    }

    var markdown: String {
        let header = ["Measurement", "Result", "Budget", "Met"]
        let body = rows.map { row in
            [row.measurement, row.result, row.budget, row.withinBudget.map { $0 ? "yes" : "**no**" } ?? ""]
        }
        var widths = header.map(\.count)
        for line in body {
            for (column, text) in line.enumerated() { widths[column] = max(widths[column], text.count) }
        }
        func format(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([format(header), rule] + body.map(format)).joined(separator: "\n")
    }
}

/// Number formatting for the table.
enum Format {
    static func milliseconds(_ nanoseconds: Double) -> String { fixed(nanoseconds / 1e6, digits: nanoseconds < 1e7 ? 3 : 1) + " ms" }
    static func microseconds(_ nanoseconds: Double) -> String { fixed(nanoseconds / 1e3, digits: 2) + " µs" }
    static func megabytes(_ bytes: Double) -> String { fixed(bytes / 1e6, digits: 1) + " MB" }

    static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }
}
