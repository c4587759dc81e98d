import ZappCore

/// What the one bounded query to the terminal learnt (`ShellEffect.queryTerminal`): the image
/// protocol it has (symbols when it answered nothing, garbage, or too late) and its cell size in
/// pixels (`TIOCGWINSZ`, else its answer to `CSI 16 t` or `CSI 14 t`; nil when none said).
/// Comes back to the model as `ShellEvent.terminalQueried`.
public struct TerminalImageAnswer: Hashable, Sendable {
    public var mode: ImageMode
    public var cell: CellPixelSize?

    public init(mode: ImageMode, cell: CellPixelSize?) {
        self.mode = mode
        self.cell = cell
    }
}
