/// A run of the app as text (docs/commands/replay.md): a header naming the app and the
/// options it ran with, then one step per line — inputs (`key Enter`, `type "qa"`) and what the
/// app did in answer (`screen home`, `pane "Sign in" (login)`, `blocked by login: …`). `run
/// --record` writes one (`TapeRecorder`); `replay` plays its inputs headless and compares what
/// happens with its expectations (`TapePlayer`). Tapes can be written by hand: `parse` refuses a
/// bad line with its number and why.
public struct Tape: Sendable, Hashable {
    /// The first line of every tape.
    public static let magic = "zapp-shell tape 1"

    /// The app and options a tape runs with.
    public struct Header: Sendable, Hashable {
        /// The app folder, river.json or URL (a relative path is relative to the tape's folder);
        /// nil: the bundled demo app.
        public var app: String?
        public var plugins: String?
        public var feeds: String?
        /// The `--open` deep link.
        public var open: String?
        public var columns = 100
        public var rows = 30
        /// The line of each header entry, for messages about it ("app": 2).
        public var lines: [String: Int] = [:]

        public init(app: String? = nil, plugins: String? = nil, feeds: String? = nil, open: String? = nil, columns: Int = 100, rows: Int = 30) {
            self.app = app
            self.plugins = plugins
            self.feeds = feeds
            self.open = open
            self.columns = columns
            self.rows = rows
        }
    }

    public var header: Header
    public var steps: [TapeStep]

    public init(header: Header, steps: [TapeStep]) {
        self.header = header
        self.steps = steps
    }

    /// The tape as a file's text.
    public var text: String {
        var lines = [
            Self.magic,
            "# Replay with: zapp-shell replay THIS-FILE [APP]. Format: docs/commands/replay.md.",
        ]
        if let app = header.app { lines.append("app \(app)") }
        if let plugins = header.plugins { lines.append("plugins \(plugins)") }
        if let feeds = header.feeds { lines.append("feeds \(feeds)") }
        if let open = header.open { lines.append("open \(open)") }
        lines.append("size \(header.columns)x\(header.rows)")
        lines.append("")
        lines += steps.map(\.action.text)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Reading

    /// Reads a tape; the first bad line is refused with its number and the reason.
    public static func parse(_ text: String) throws(TapeError) -> Tape {
        var header = Header()
        var steps: [TapeStep] = []
        var sawMagic = false
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = raw.trimmingCharacters(in: " \t\r")
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard sawMagic else {
                guard content == magic else {
                    throw TapeError(line: line, message: "a tape starts with the line \"\(magic)\", not \(TapeText.quoted(String(content.prefix(60))))")
                }
                sawMagic = true
                continue
            }
            let (word, rest) = splitWord(content)
            if let field = Header.fields.first(where: { $0 == word }) {
                guard steps.isEmpty else {
                    throw TapeError(line: line, message: "\"\(word)\" belongs to the header, before the first step")
                }
                guard header.lines[field] == nil else { throw TapeError(line: line, message: "\"\(word)\" is given twice") }
                try header.set(field, to: rest, line: line)
                continue
            }
            steps.append(TapeStep(line: line, action: try TapeStep.Action.parse(word: word, rest: rest, line: line)))
        }
        guard sawMagic else { throw TapeError(line: 1, message: "empty: a tape starts with the line \"\(magic)\"") }
        return Tape(header: header, steps: steps)
    }

    /// The first word of a line and the rest, trimmed.
    static func splitWord(_ line: Substring) -> (String, Substring) {
        let word = line.prefix { $0 != " " && $0 != "\t" }
        let rest = line.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        return (String(word), rest)
    }
}

extension Tape.Header {
    static let fields = ["app", "plugins", "feeds", "open", "size"]

    fileprivate mutating func set(_ field: String, to rest: Substring, line: Int) throws(TapeError) {
        var value = String(rest)
        if rest.first == "\"" {
            do throws(TapeProblem) {
                value = try TapeText.text(ofQuoted: value)
            } catch {
                throw TapeError(line: line, message: "\(field): \(error.message)")
            }
        }
        guard !value.isEmpty else { throw TapeError(line: line, message: "\"\(field)\" needs a value") }
        lines[field] = line
        switch field {
        case "app": app = value
        case "plugins": plugins = value
        case "feeds": feeds = value
        case "open": open = value
        default:
            do throws(TapeProblem) {
                (columns, rows) = try TapeStep.Action.size(value)
            } catch {
                throw TapeError(line: line, message: "size: \(error.message)")
            }
        }
    }
}

/// Why a tape cannot be replayed: its line and the reason.
public struct TapeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `7: unknown key "Entr" (keys: …)`; the command puts the file before it.
    public var description: String { "\(line): \(message)" }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        let trimmedFront = drop { set.contains($0) }
        var end = trimmedFront.endIndex
        while end > trimmedFront.startIndex, set.contains(trimmedFront[trimmedFront.index(before: end)]) {
            end = trimmedFront.index(before: end)
        }
        return trimmedFront[..<end]
    }
}
