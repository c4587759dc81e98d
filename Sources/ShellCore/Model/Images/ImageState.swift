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

/// A part of a ready sixel or iTerm2 image: the rectangle of its cells a pane, an overlay or an
/// edge leaves visible, shown as pixels cropped from the image (`ImageLoading.encode`).
public struct ImagePartRequest: Hashable, Sendable {
    public var image: ImageRequest
    public var part: ImagePart

    public init(image: ImageRequest, part: ImagePart) {
        self.image = image
        self.part = part
    }
}

/// Where an encoded part is: asked for (`ShellEffect.encodeImagePart`), or its bytes.
public enum ImagePartState: Sendable, Hashable {
    case pending
    case ready([UInt8])
    /// It could not be encoded: its cells stay blank.
    case failed
}
