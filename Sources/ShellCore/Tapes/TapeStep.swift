/// One line of a tape after its header: an input the replay sends, or something the app is
/// expected to do in answer (`Tape`).
public struct TapeStep: Sendable, Hashable {
    /// The line in the tape's file (1-based).
    public var line: Int
    public var action: Action

    public init(line: Int, action: Action) {
        self.line = line
        self.action = action
    }

    public enum Action: Sendable, Hashable {
        case input(TapeInput)
        case expect(TapeObservation)

        /// The step as a line of the file.
        public var text: String {
            switch self {
            case .input(let input): input.text
            case .expect(let observation): observation.text
            }
        }

        static func parse(word: String, rest: Substring, line: Int) throws(TapeError) -> Action {
            if let verb = TapeObservation.verbs.first(where: { $0 == word }) {
                let detail = TapeObservation.normalized(rest)
                guard !detail.isEmpty else { throw TapeError(line: line, message: "\"\(verb)\" needs what it expects (e.g. \(TapeObservation.example(verb)))") }
                return .expect(TapeObservation(verb: verb, detail: detail))
            }
            switch word {
            case "key":
                guard !rest.isEmpty else { throw TapeError(line: line, message: "key needs a key name (e.g. key Enter, key \"g\")") }
                if rest.first == "\"" {
                    do throws(TapeProblem) {
                        _ = try TapeText.text(ofQuoted: String(rest))
                    } catch {
                        throw TapeError(line: line, message: "key: \(error.message)")
                    }
                }
                guard let key = TapeKey.key(named: String(rest)) else {
                    throw TapeError(line: line, message: "unknown key \(TapeText.quoted(String(rest))) (keys: \(TapeKey.knownNames))")
                }
                return .input(.key(key))
            case "type":
                let text: String
                do throws(TapeProblem) {
                    text = try TapeText.text(ofQuoted: String(rest))
                } catch {
                    throw TapeError(line: line, message: "type needs quoted text (e.g. type \"qa\"): \(error.message)")
                }
                guard !text.isEmpty else { throw TapeError(line: line, message: "type needs quoted text (e.g. type \"qa\"), got \"\"") }
                return .input(.type(text))
            case "click":
                let parts = rest.split(separator: " ", omittingEmptySubsequences: true)
                guard parts.count == 2, let column = Int(parts[0]), let row = Int(parts[1]), column >= 0, row >= 0 else {
                    throw TapeError(line: line, message: "click needs a column and a row from 0 (e.g. click 12 3)")
                }
                return .input(.click(column: column, row: row))
            case "scroll":
                switch rest {
                case "up": return .input(.scroll(up: true))
                case "down": return .input(.scroll(up: false))
                default: throw TapeError(line: line, message: "scroll needs up or down")
                }
            case "resize":
                do throws(TapeProblem) {
                    let (columns, rows) = try size(String(rest))
                    return .input(.resize(columns: columns, rows: rows))
                } catch {
                    throw TapeError(line: line, message: "resize: \(error.message)")
                }
            case "signal":
                guard let number = Int32(rest), number > 0 else { throw TapeError(line: line, message: "signal needs a signal number (e.g. signal 15)") }
                return .input(.signal(number))
            default:
                throw TapeError(
                    line: line,
                    message: "unknown step \(TapeText.quoted(word)): a step is an input (key, type, click, scroll, resize, signal) "
                        + "or an expectation (\(TapeObservation.verbs.joined(separator: ", ")))")
            }
        }

        /// The largest size a tape may give, in columns and in rows.
        static let maximumSize = 1_000

        /// `COLUMNSxROWS`, at least the smallest size the UI lays out (`ShellLayout.minimumColumns`
        /// x `minimumRows`) and at most `maximumSize` each, or what is wrong with it.
        static func size(_ text: String) throws(TapeProblem) -> (Int, Int) {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else {
                throw TapeProblem("expected COLUMNSxROWS (e.g. 100x30), got \(TapeText.quoted(text))")
            }
            let minimum = (ShellLayout.minimumColumns, ShellLayout.minimumRows)
            guard columns >= minimum.0, rows >= minimum.1 else {
                throw TapeProblem("\(columns)x\(rows) is too small: the app is laid out from \(minimum.0)x\(minimum.1)")
            }
            guard columns <= maximumSize, rows <= maximumSize else {
                throw TapeProblem("\(columns)x\(rows) is too large: at most \(maximumSize)x\(maximumSize)")
            }
            return (columns, rows)
        }
    }
}

/// What the user did: a key, text typed (one key per character), a click, a scroll, a resize
/// or a termination signal.
public enum TapeInput: Sendable, Hashable {
    case key(Key)
    case type(String)
    case click(column: Int, row: Int)
    case scroll(up: Bool)
    case resize(columns: Int, rows: Int)
    case signal(Int32)

    /// The terminal events the input stands for, in order.
    public var events: [TerminalEvent] {
        switch self {
        case .key(let key): [.key(key)]
        case .type(let text): text.map { .key(.character($0)) }
        case .click(let column, let row): [.click(column: column, row: row)]
        case .scroll(let up): [up ? .scrollUp : .scrollDown]
        case .resize(let columns, let rows): [.resize(columns: columns, rows: rows)]
        case .signal(let number): [.terminate(signal: number)]
        }
    }

    public var text: String {
        switch self {
        case .key(let key): "key \(TapeKey.name(of: key))"
        case .type(let text): "type \(TapeText.quoted(text))"
        case .click(let column, let row): "click \(column) \(row)"
        case .scroll(let up): up ? "scroll up" : "scroll down"
        case .resize(let columns, let rows): "resize \(columns)x\(rows)"
        case .signal(let number): "signal \(number)"
        }
    }
}

/// Something the app did that a tape expects: a verb and what follows it, compared as text
/// (runs of spaces count as one).
public struct TapeObservation: Sendable, Hashable, CustomStringConvertible {
    /// `screen ID` (the root of a menu stack), `pushed ID`, `presented ID` (the root of a stack
    /// presented from the nav bar), `pane "TITLE" (HOOK)`, `answer "BUTTON" [as USER]` /
    /// `answer cancel`, `hook STAGE HOOK: …` (a hook failed, was skipped, or its flow-blocker
    /// decision), `blocked by HOOK: REASON`, `unavailable REASON`, `web URL`.
    public static let verbs = ["screen", "pushed", "presented", "pane", "answer", "hook", "blocked", "unavailable", "web"]

    public var verb: String
    public var detail: String

    public init(verb: String, detail: String) {
        self.verb = verb
        self.detail = Self.normalized(detail[...])
    }

    public var text: String { "\(verb) \(detail)" }
    public var description: String { text }

    /// Runs of spaces and tabs as one space, trimmed.
    static func normalized(_ text: Substring) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    static func example(_ verb: String) -> String {
        switch verb {
        case "screen", "pushed", "presented": "\(verb) home"
        case "pane": "pane \"Sign in\" (login)"
        case "answer": "answer \"Sign in\" as qa"
        case "hook": "hook pre login: failed: User has closed hook execution"
        case "blocked": "blocked by login: User has closed hook execution"
        case "web": "web https://example.com/help"
        default: "\(verb) no screen \"x\""
        }
    }
}
