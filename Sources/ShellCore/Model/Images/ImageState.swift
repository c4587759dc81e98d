import ZappCore

/// Where an image the UI asked for is (by `ImageRequest`): the update sets `pending` when it
/// asks the runtime for it (`ShellEffect.loadImage`), and `ShellEvent.imageLoaded` moves it to
/// `ready` or `failed`. A pending image shows a quiet placeholder in its own cells; a failed one
/// gives its place back to the title.
public enum ImageState: Sendable, Hashable {
    case pending
    case ready(PreparedImage)
    /// Why it cannot be shown (also listed with the warnings).
    case failed(String)
}

extension ImageMode {
    /// Whether images reach the terminal through its own protocol (kitty, iTerm2, sixel), over
    /// cells the view leaves blank, rather than as symbols in the cells.
    public var usesProtocol: Bool {
        switch self {
        case .kitty, .iterm, .sixel: true
        case .auto, .symbols, .off: false
        }
    }

    /// Whether images are prepared for the terminal's cell size in pixels (sixel, iTerm2):
    /// without it they are drawn as symbols.
    public var needsCellSize: Bool {
        self == .sixel || self == .iterm
    }
}
