/// How images reach the terminal (`--images`): through one of the image protocols (kitty, iTerm2,
/// sixel), as Unicode symbols in colour, or not at all. `auto` is resolved from the environment (and
/// at most one bounded query) before use; `off` draws no image (titles stand in).
public enum ImageMode: String, Sendable, Hashable, CaseIterable {
    case auto, kitty, iterm, sixel, symbols, off

    /// The type that prepares, places, crops and deletes images in this mode: the one place the
    /// modes are told apart (`TerminalImageProtocol`). Nil for `auto` (resolved before use) and
    /// `off` (no image).
    public var imageProtocol: (any TerminalImageProtocol)? {
        switch self {
        case .kitty: KittyImageProtocol()
        case .iterm: ITermImageProtocol()
        case .sixel: SixelImageProtocol()
        case .symbols: SymbolImageProtocol()
        case .auto, .off: nil
        }
    }

    /// Whether images reach the terminal as pixels through its own protocol, over cells the
    /// view leaves blank, rather than as symbols in the cells.
    public var usesProtocol: Bool {
        imageProtocol?.showsPixels ?? false
    }

    /// Whether images are prepared for the terminal's cell size in pixels: without it they are
    /// drawn as symbols.
    public var needsCellSize: Bool {
        imageProtocol?.needsCellSize ?? false
    }
}
