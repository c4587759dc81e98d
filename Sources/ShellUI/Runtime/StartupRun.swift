import ZappModel
import ShellCore

/// The startup sequence while it runs: a handle of running work the runtime keeps (ARCHITECTURE.md,
/// "The loop"), not state of the app. It knows the app the sequence started with (or loaded on a
/// retry), whether its first load uses the app loaded before the terminal started, and the
/// answer it waits for after "Loading failed" (`.retryLoading`, or giving up when the loop ends).
@MainActor
final class StartupRun {
    var app: ZappApp
    var reusesLoadedApp: Bool
    private var retryWaiter: CheckedContinuation<Bool, Never>?

    init(app: ZappApp, reusesLoadedApp: Bool) {
        self.app = app
        self.reusesLoadedApp = reusesLoadedApp
    }

    /// Waits for the user's answer to "Loading failed": true retries.
    func waitForRetry() async -> Bool {
        await withCheckedContinuation { retryWaiter = $0 }
    }

    /// Answers the waiting "Loading failed" (nothing when none waits).
    func answerRetry(_ retry: Bool) {
        retryWaiter?.resume(returning: retry)
        retryWaiter = nil
    }
}
