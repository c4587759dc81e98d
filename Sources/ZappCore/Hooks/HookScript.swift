/// Scripted answers, used by `zapp-shell trace` (and tests) in place of a person: when a hook
/// is allowed to present and the script answers it (`HookAnswers.script`: every hook
/// it names, whatever its kind, and every hook with UI), the manager applies the answer instead
/// of running the hook (an external command is not run). Hooks without UI that it does not name
/// really run.
public struct HookScript: Sendable, Hashable {
    /// What the "user" does with a hook's pane.
    public enum Answer: String, Sendable, Hashable, CaseIterable {
        /// The hook succeeds and hands the dataDict on unchanged.
        case success
        /// The hook fails with "scripted failure".
        case failure
        /// The pane is closed: "User has closed hook execution".
        case cancel
    }

    /// The reason of a scripted failure.
    public static let failureReason = "scripted failure"

    /// Answers by hook plugin identifier.
    public var answers: [String: Answer]
    /// The answer for hooks with no entry (`cancel`: a hook with UI and no answer is dismissed,
    /// as docs/commands/trace.md says).
    public var defaultAnswer: Answer

    public init(answers: [String: Answer] = [:], defaultAnswer: Answer = .cancel) {
        self.answers = answers
        self.defaultAnswer = defaultAnswer
    }

    /// The answer for a hook.
    public func answer(for identifier: String) -> Answer {
        answers[identifier] ?? defaultAnswer
    }
}
