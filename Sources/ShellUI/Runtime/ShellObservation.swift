import ZappCore

/// What the runtime shows an observer (`ShellSetup.observer`) after each event the update
/// handled (all but a drawn frame's hit map): the event, the effects the update returned for it, the model after it, and the
/// running app's hook trace. Observers only read: `run --record` and `replay` turn these into a
/// tape (`TapeRecorder`) without keeping a state of their own beside the model.
public struct ShellObservation: Sendable {
    public var event: ShellEvent
    public var effects: [ShellEffect]
    public var model: ShellModel
    public var trace: TraceLog
}
