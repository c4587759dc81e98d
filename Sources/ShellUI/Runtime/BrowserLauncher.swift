#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ZappCore
import ZappModel
import ShellCore

/// Opens a web link with the user's `$BROWSER`, the way `ShellEffect.openBrowser` asks: no
/// shell is involved. `$BROWSER` may list several commands separated by `:` (the first is
/// used); a command is split into words on spaces, `%s` in it is replaced by the URL, else the
/// URL is the last argument. The browser's output goes to /dev/null, so it never draws over
/// the terminal UI. Only http and https URLs are opened: a configuration's `file:` or
/// `javascript:` link, or a word that would read as an option, never reaches a program.
public enum BrowserLauncher {
    /// The argv that opens `url` with `browser`; nil when `browser` holds no command.
    public static func arguments(browser: String, url: String) -> [String]? {
        guard let command = browser.split(separator: ":").first(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return nil
        }
        var words = command.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return nil }
        if words.contains(where: { $0.contains("%s") }) {
            words = words.map { $0.replacing("%s", with: url) }
        } else {
            words.append(url)
        }
        return words
    }

    /// Runs the browser and waits (without blocking a thread) for it to exit; the result is
    /// nil when it ran and exited with 0, else why it did not.
    public static func open(
        _ url: String, browser: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> String? {
        guard url.isWebURL else { return "only http and https links are opened" }
        guard let arguments = arguments(browser: browser, url: url) else { return "$BROWSER holds no command" }
        guard let executable = resolve(arguments[0], path: environment["PATH"] ?? "/usr/bin:/bin") else {
            return "\(arguments[0]) not found"
        }
        let nullDevice = Glibc.open("/dev/null", O_RDWR | O_CLOEXEC)
        let process: ChildProcess
        do {
            defer { if nullDevice >= 0 { close(nullDevice) } }
            guard nullDevice >= 0 else { return "\(arguments[0]) could not be started" }
            process = try ChildProcess.spawn(
                path: executable.path, arguments: Array(arguments.dropFirst()),
                standardInput: nullDevice, standardOutput: nullDevice, standardError: nullDevice)
        } catch {
            return "\(arguments[0]) could not be started: \(error)"
        }
        let exit = OneShot<ChildProcess.Termination?>()
        if !DetachedThread.start(name: "zapp-shell browser", { exit.deliver(process.waitForExit()) }) {
            exit.deliver(nil)
        }
        switch await exit.wait() ?? nil {
        case nil: return nil
        case let termination? where termination.signalled:
            return "\(arguments[0]) ended by signal \(termination.status)"
        case let termination? where termination.status == 0: return nil
        case let termination?: return "\(arguments[0]) exited with status \(termination.status)"
        }
    }

    /// An executable named by a path, or found in `path` (`$PATH`).
    static func resolve(_ name: String, path: String) -> URL? {
        let manager = FileManager.default
        if name.contains("/") { return manager.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if manager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
