import ZappCore
import ZappModel

/// Images in the update: which to ask for (those the frame shows and were never asked for),
/// and what a result changes. Nothing waits for an image: a pending one is a placeholder in its
/// own cells, a failed one a warning naming its JSON path, address and reason.
extension ShellUpdate {
    /// How many images the model keeps beyond those on screen: past it, the ready ones off
    /// screen are dropped (asked for again, from the loader's cache, when they come back).
    static let keptImages = 128

    /// The images of the frame that were never asked for: marks them pending and asks the
    /// runtime for them.
    static func requestImages(_ model: inout ShellModel) -> [ShellEffect] {
        guard model.view.imageMode != .off, let frame = model.frame else { return [] }
        let wanted = model.view.imagesOnScreen(in: frame)
        var effects: [ShellEffect] = []
        for request in wanted where model.view.images[request] == nil {
            model.view.images[request] = .pending
            effects.append(.loadImage(request, generation: model.appGeneration))
        }
        if model.view.images.count > keptImages + wanted.count {
            let onScreen = Set(wanted)
            for (request, state) in model.view.images where !onScreen.contains(request) {
                if case .ready = state {
                    model.view.images[request] = nil
                    model.view.imageParts[request] = nil
                }
            }
        }
        return effects
    }

    /// Most parts kept per image: past it, those the frame no longer shows are dropped.
    static let keptPartsPerImage = 16

    /// Asks for the parts of ready images the frame shows and never asked for.
    static func requestImageParts(_ wanted: [ImagePartRequest], _ model: inout ShellModel) -> [ShellEffect] {
        var effects: [ShellEffect] = []
        for request in wanted where model.view.imageParts[request.image]?[request.part] == nil {
            guard case .ready(let image)? = model.view.images[request.image] else { continue }
            var parts = model.view.imageParts[request.image] ?? [:]
            if parts.count >= keptPartsPerImage {
                let shown = Set(wanted.filter { $0.image == request.image }.map(\.part))
                parts = parts.filter { shown.contains($0.key) || $0.value == .pending }
            }
            parts[request.part] = .pending
            model.view.imageParts[request.image] = parts
            effects.append(.encodeImagePart(request, image: image, generation: model.appGeneration))
        }
        return effects
    }

    /// A part arrived: its bytes replace the blank cells it was waiting in.
    static func imagePartEncoded(
        _ request: ImagePartRequest, generation: Int, _ result: Result<[UInt8], ImageLoadError>, _ model: inout ShellModel
    ) {
        guard generation == model.appGeneration, model.view.imageParts[request.image]?[request.part] == .pending else { return }
        switch result {
        case .success(let bytes): model.view.imageParts[request.image]?[request.part] = .ready(bytes)
        case .failure: model.view.imageParts[request.image]?[request.part] = .failed
        }
    }

    /// The terminal's answer to the one query: its cell size, and under `--images auto` its
    /// protocol, replace the symbols drawn until then (the requests carry both, so every image
    /// is asked for again, prepared for them). Sixel or iTerm2 without a cell size stay symbols,
    /// and say so.
    static func terminalQueried(_ answer: TerminalImageAnswer, _ model: inout ShellModel) {
        if let cell = answer.cell { model.view.cellPixels = cell }
        guard model.view.imageMode != .off else { return }
        if model.isImageModeAuto, answer.mode != .auto, answer.mode != .off { model.view.imageMode = answer.mode }
        if model.view.imageMode.needsCellSize, model.view.cellPixels == nil {
            model.view.imageNotes.append(
                "images: the terminal reports no cell size in pixels (TIOCGWINSZ, CSI 16 t, CSI 14 t): "
                    + "\(model.view.imageMode.rawValue) images are drawn as symbols")
        }
    }

    /// An image arrived: ready, or failed with a warning (once per address) and its title in its
    /// place. A result for a replaced app, or for a request no longer waited for, is dropped.
    static func imageLoaded(
        _ request: ImageRequest, generation: Int, _ result: Result<PreparedImage, ImageLoadError>, _ model: inout ShellModel
    ) {
        guard generation == model.appGeneration, model.view.images[request] == .pending else { return }
        // Prepared for a mode or a cell size no longer in force: dropped; the frame asks for the
        // image as it is drawn now.
        guard request.mode == model.view.imageRequestMode, request.cell == model.view.imageRequestCell else {
            model.view.images[request] = nil
            return
        }
        if model.view.receiveImage(request, result) { clampSelections(&model) }
    }
}
