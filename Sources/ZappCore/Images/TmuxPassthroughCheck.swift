#if canImport(Glibc)
import Glibc
#endif

/// Whether the tmux server this app runs under lets escape sequences through to the outer
/// terminal (`allow-passthrough` is `on` or `all`): asked with `tmux show -gv allow-passthrough`,
/// for `ImageModeDetector.decide` inside tmux only. Bounded: an answer later than `milliseconds`,
/// a tmux that is missing or fails, is "no" (symbols are drawn).
public enum TmuxPassthroughCheck {
    public static func isAllowed(environment: [String: String], milliseconds: Int32 = 300) -> Bool {
        guard let tmux = executable("tmux", path: environment["PATH"] ?? "/usr/bin:/bin") else { return false }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        let nullDevice = open("/dev/null", O_RDWR)
        defer {
            close(pipeEnds[0])
            if nullDevice >= 0 { close(nullDevice) }
        }
        let child = try? ChildProcess.spawn(
            path: tmux, arguments: ["show", "-gv", "allow-passthrough"],
            standardInput: nullDevice, standardOutput: pipeEnds[1], standardError: nullDevice)
        close(pipeEnds[1])
        guard let child else { return false }
        var output: [UInt8] = []
        var ready = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 64)
        while output.count < 64, poll(&ready, 1, milliseconds) > 0 {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        kill(-child.id, SIGKILL)
        _ = child.waitForExit()
        let answer = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).first ?? ""
        return answer == "on" || answer == "all"
    }

    private static func executable(_ name: String, path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
