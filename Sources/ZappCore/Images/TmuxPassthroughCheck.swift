#if canImport(Glibc)
import Glibc
#endif

/// What the tmux server this app runs under says about images, asked with the `tmux` command,
/// bounded: an answer later than `milliseconds`, a tmux that is missing or fails, is "no".
/// - `isAllowed`: whether it lets escape sequences through to the outer terminal
///   (`allow-passthrough` is `on` or `all`; `tmux show -gv allow-passthrough`), for
///   `ImageModeDetector.decide` inside tmux only (otherwise symbols are drawn).
/// - `paneOrigin`: where this pane's top-left cell is on the outer terminal (the pane's offset
///   in its window, below a status line at the top), where images are placed through passthrough.
/// - `paneVisibility`: whether this pane shows on an attached client (its window is the
///   session's current one, and no other pane of it is zoomed), asked when the pane loses the
///   focus; and which terminal (`client_tty`) shows it, for deletions tmux would not pass on.
public enum TmuxPassthroughCheck {
    public static func isAllowed(environment: [String: String], milliseconds: Int32 = 300) -> Bool {
        let answer = ask(["show", "-gv", "allow-passthrough"], environment: environment, milliseconds: milliseconds)
        let word = answer?.split(whereSeparator: \.isWhitespace).first ?? ""
        return word == "on" || word == "all"
    }

    /// The pane's top-left cell on the outer terminal (row, column), nil when tmux does not say.
    public static func paneOrigin(environment: [String: String], milliseconds: Int32 = 300) -> (row: Int, column: Int)? {
        var arguments = ["display", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        arguments.append("#{pane_top} #{pane_left} #{status} #{status-position}")
        guard let answer = ask(arguments, environment: environment, milliseconds: milliseconds) else { return nil }
        return origin(fromDisplay: answer)
    }

    /// Reads `#{pane_top} #{pane_left} #{status} #{status-position}`: the status line's rows
    /// (`on` is one, `2`…`5` that many, `off` none) are added when it is at the top.
    public static func origin(fromDisplay text: String) -> (row: Int, column: Int)? {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 2, let top = Int(words[0]), let left = Int(words[1]), top >= 0, left >= 0 else { return nil }
        let status = words.count > 2 ? words[2] : "off"
        let statusRows = status == "on" ? 1 : Int(status) ?? 0
        let atTop = words.count > 3 && words[3] == "top"
        return (top + (atTop ? statusRows : 0), left)
    }

    /// Whether this pane shows on a client, and that client's terminal (nil when tmux does not
    /// say, or no client is attached); nil when tmux does not answer.
    public static func paneVisibility(environment: [String: String], milliseconds: Int32 = 300)
        -> (visible: Bool, clientTerminal: String?)?
    {
        var arguments = ["display", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        arguments.append("#{session_attached} #{window_active} #{window_zoomed_flag} #{pane_active} #{client_tty}")
        guard let answer = ask(arguments, environment: environment, milliseconds: milliseconds) else { return nil }
        return visibility(fromDisplay: answer)
    }

    /// Reads `#{session_attached} #{window_active} #{window_zoomed_flag} #{pane_active}
    /// #{client_tty}`: visible when a client is attached, the window is the session's current
    /// one and, when it is zoomed, this is the zoomed (active) pane.
    public static func visibility(fromDisplay text: String) -> (visible: Bool, clientTerminal: String?)? {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 4, let attached = Int(words[0]) else { return nil }
        let visible = attached > 0 && words[1] == "1" && (words[2] != "1" || words[3] == "1")
        let client = words.count > 4 && words[4].hasPrefix("/dev/") ? words[4] : nil
        return (visible, client)
    }

    /// Whether tmux passes a hidden pane's passthrough on (`allow-passthrough all`, tmux 3.4 and
    /// later); with `on` it drops it, so deletions for a hidden pane go to the client's terminal.
    public static func reachesHiddenPanes(environment: [String: String], milliseconds: Int32 = 300) -> Bool {
        let answer = ask(["show", "-gv", "allow-passthrough"], environment: environment, milliseconds: milliseconds)
        return answer?.split(whereSeparator: \.isWhitespace).first == "all"
    }

    /// The first line of `tmux ARGUMENTS`' output, nil when tmux is missing, fails to start or
    /// answers nothing within `milliseconds`.
    private static func ask(_ arguments: [String], environment: [String: String], milliseconds: Int32) -> String? {
        guard let tmux = executable("tmux", path: environment["PATH"] ?? "/usr/bin:/bin") else { return nil }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let nullDevice = open("/dev/null", O_RDWR)
        defer {
            close(pipeEnds[0])
            if nullDevice >= 0 { close(nullDevice) }
        }
        let child = try? ChildProcess.spawn(
            path: tmux, arguments: arguments, standardInput: nullDevice, standardOutput: pipeEnds[1],
            standardError: nullDevice)
        close(pipeEnds[1])
        guard let child else { return nil }
        var output: [UInt8] = []
        var ready = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 64)
        while output.count < 256, !output.contains(UInt8(ascii: "\n")), poll(&ready, 1, milliseconds) > 0 {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        kill(-child.id, SIGKILL)
        _ = child.waitForExit()
        let line = String(decoding: output.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return line.isEmpty ? nil : line
    }

    private static func executable(_ name: String, path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
