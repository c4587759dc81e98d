import ShellCore

/// What the runtime shows an observer (`ShellSetup.observer`) after each event the update
/// handled (all but a drawn frame's hit map): the event, the effects the update returned for it,
/// and the model after it, whose event log (`ShellModel.log`) holds everything the app did, by
/// sequence. Observers only read: `run --record` and `replay` turn these into a tape
/// (`TapeRecorder`) without keeping a state of their own beside the model.
public struct ShellObservation: Sendable {
    public var event: ShellEvent
    public var effects: [ShellEffect]
    public var model: ShellModel
}
