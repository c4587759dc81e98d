/// One way images reach the terminal (kitty, iTerm2, sixel, symbols): everything that differs
/// from one protocol to another lives in its type, chosen in one place (`ImageMode.imageProtocol`).
/// The pipeline around it is the same for all: `ImagePreparer` (ZappPlugins) decodes the image,
/// fits it to its box, draws its symbols version and asks the type for its bytes;
/// `Canvas.resolveImages` (ShellCore) finds the cells left visible and asks the type to place
/// them; `ImagePlacementWriter` (CursesTerminal) writes, keeps and deletes what the placements
/// say, whatever their protocol. Adding a protocol is a type of its own, its tests and its
/// `ImageMode` case (ARCHITECTURE.md, "How to add…").
public protocol TerminalImageProtocol: Sendable {
    /// The `--images` mode it is.
    var mode: ImageMode { get }

    // MARK: Preparing

    /// Whether images show as pixels through the terminal's protocol, over cells the view leaves
    /// blank (`encode`, `placement`); false: as symbols in the cells.
    var showsPixels: Bool { get }
    /// Whether images are prepared for the terminal's cell size in pixels (drawn as symbols until
    /// it is known).
    var needsCellSize: Bool { get }
    /// Whether its bytes reach the outer terminal through tmux's passthrough (`--images auto`
    /// inside tmux).
    var passesThroughTmux: Bool { get }
    /// The height in pixels every image height is a multiple of (`ImageFit`).
    var band: Int { get }
    /// Whether transparent pixels are composed over the cells' background before encoding
    /// (`ImageRequest.backdrop`).
    var composesOverBackdrop: Bool { get }
    /// The bytes that show `canvas` (the image fitted to its box as `fit`; `png` is the canvas
    /// as PNG, `key` names the image and its box), written with the cursor at the box's top-left
    /// cell; nil when the image shows as symbols.
    func encode(_ canvas: ImagePixels, png: [UInt8], fit: ImageFit, key: String, encoders: ImageEncoders) -> [UInt8]?

    // MARK: Cropping

    /// Whether a part of an image left visible is shown from bytes encoded for the part
    /// (`crop`, run by the loader, `ImagePartRequest`), rather than from the image's own; the
    /// prepared image keeps its canvas's pixels for it (`PreparedImage.pixels`).
    var cropsByEncoding: Bool { get }
    /// The bytes that show only `part` of `image`, written at the part's top-left cell.
    func crop(_ part: ImagePart, of image: PreparedImage, encoders: ImageEncoders) -> Result<[UInt8], ImageLoadError>

    // MARK: Placing and deleting

    /// The placement showing `part` of `image` (all of it when the part is its whole box), with
    /// the bytes that remove it; `encoded` is the part's own bytes (`crop`) when
    /// `cropsByEncoding`. Nil when the image shows as symbols.
    func placement(of image: ImageOnScreen, showing part: ImagePart, encoded: [UInt8]?) -> ImagePlacement?
}
