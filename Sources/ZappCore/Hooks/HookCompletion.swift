import ZappModel

/// The SDK's `taskFinishedWithCompletion` for hooks written with callbacks: the first
/// completion ends `executeHook`, any later one is ignored and reported as a warning in
/// the trace, as `GAScreenHookManager` does.
///
/// ```swift
/// func executeHook(dataDict: JSONObject?) async -> HookOutcome {
///     await HookCompletion.run(context: context) { completion in
///         legacyAPI.start { ok in completion.complete(succeeded: ok, error: nil, dataDict: dataDict) }
///     }
/// }
/// ```
public final class HookCompletion: Sendable {
    private let oneShot = OneShot<HookOutcome>()
    private let reportWarning: @Sendable (String) -> Void

    private init(reportWarning: @escaping @Sendable (String) -> Void) {
        self.reportWarning = reportWarning
    }

    /// Starts the work with a fresh completion and waits for its first completion.
    public static func run(
        context: HookContext, _ start: @Sendable (HookCompletion) -> Void
    ) async -> HookOutcome {
        await run(reportWarning: context.reportWarning, start)
    }

    /// Starts the work with a fresh completion whose ignored completions go to `reportWarning`.
    public static func run(
        reportWarning: @escaping @Sendable (String) -> Void, _ start: @Sendable (HookCompletion) -> Void
    ) async -> HookOutcome {
        let completion = HookCompletion(reportWarning: reportWarning)
        start(completion)
        // A cancelled wait ends the hook as failed; its run has ended as cancelled already.
        return await completion.oneShot.wait() ?? .failed(reason: "cancelled", dataDict: nil)
    }

    /// Completes the hook; a second call is ignored with a warning.
    public func complete(_ outcome: HookOutcome) {
        if !oneShot.deliver(outcome) {
            reportWarning("second completion ignored (\(outcome.summary))")
        }
    }

    /// Completes the hook the SDK's way: `succeed`, an optional error, the dictionary to hand on.
    public func complete(succeeded: Bool, error: String?, dataDict: JSONObject?) {
        complete(succeeded ? .succeeded(dataDict: dataDict)
            : .failed(reason: error ?? "hook failed", dataDict: dataDict))
    }
}

extension HookOutcome {
    /// "succeeded" or "failed: reason", never the dictionary's values.
    public var summary: String {
        switch self {
        case .succeeded: return "succeeded"
        case .failed(let reason, _): return "failed: \(reason)"
        }
    }

    /// The dictionary handed on, whichever the outcome.
    public var dataDict: JSONObject? {
        switch self {
        case .succeeded(let dataDict), .failed(_, let dataDict): return dataDict
        }
    }
}
