import ZappCore
import ZappModel

extension ShellViewState {
    /// The mode images are asked for in: `imageMode`, but symbols for sixel or iTerm2 while
    /// the cell size is unknown.
    public var imageRequestMode: ImageMode {
        imageMode.needsCellSize && cellPixels == nil ? .symbols : imageMode
    }

    /// Whether images are asked for composed over the cells' background (sixel's).
    var imageRequestComposes: Bool {
        imageRequestMode.imageProtocol?.composesOverBackdrop ?? false
    }

    /// The cell size images are asked for with: protocol images are prepared for it (sixel and
    /// iTerm2 need it; kitty, which scales into its cells, keeps the aspect ratio with it).
    public var imageRequestCell: CellPixelSize? {
        imageRequestMode.usesProtocol ? cellPixels : nil
    }

    /// A request for the image at `address` in a box, in the mode and cell size in force;
    /// composed over `backdrop` (the cells' background) when one is given and the protocol
    /// composes (sixel, `TerminalImageProtocol.composesOverBackdrop`).
    func imageRequest(address: String, jsonPath: String, columns: Int, rows: Int, backdrop: TerminalColor? = nil) -> ImageRequest {
        let shown = imageRequestComposes ? backdrop?.rgbValue : nil
        return ImageRequest(
            address: address, jsonPath: jsonPath, columns: columns, rows: rows, mode: imageRequestMode,
            cell: imageRequestCell, backdrop: shown.map { ZappColor(red: $0.0, green: $0.1, blue: $0.2) })
    }

    /// The file name endings of local assets drawn as images.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "gif"]

    /// `asset` (a bar's `app_logo` or background) when it is drawn as an image: images are on,
    /// it is not a text asset (those are drawn as they are, `AssetStore`), it is an http(s) or
    /// `file://` URL or a local file named like an image, and it has not failed (its title or
    /// colour stands in then).
    func imageAsset(_ asset: String?) -> String? {
        guard imageMode != .off, let asset, !asset.isEmpty, assets.lines(asset) == nil, imageFailures[asset] == nil
        else { return nil }
        if asset.isWebURL || asset.hasPrefix("file://") { return asset }
        guard let dot = asset.lastIndex(of: "."), !asset[dot...].contains("/") else { return nil }
        return Self.imageExtensions.contains(asset[asset.index(after: dot)...].lowercased()) ? asset : nil
    }

    /// Where the river names the asset `key` of `bar` (`$[3].navigations[1].assets.app_logo`):
    /// the bar's own screen, or home's for a screen that uses home's bar.
    func barAssetPath(_ bar: NavigationBar, key: String) -> String {
        let ownerID = bar.usesHomeFallback ? (app.homeScreen?.id ?? bar.screenID) : bar.screenID
        guard let position = app.position(ofID: ownerID), let screen = app.anyDecodedScreen(id: ownerID),
            let navigation = screen.navigations.firstIndex(where: { $0.category == .navBar })
        else { return "screen \(Quoted.value(ownerID)) nav_bar assets.\(key)" }
        return "$[\(position)].navigations[\(navigation)].assets.\(key)"
    }

    /// The artwork of a feed entry in a box of cells, or nil when it has none, images are off or
    /// its address failed. `source` is the feed the entry came from (a relative address is
    /// relative to it, and the warning names it with the entry's JSON path).
    func artwork(of entry: FeedEntry?, source: String?, columns: Int, rows: Int) -> ImageRequest? {
        guard imageMode != .off, let entry, let image = entry.imageURL, columns > 0, rows > 0 else { return nil }
        let address = source.flatMap { Feed.resolve(image, against: $0) } ?? image
        guard imageFailures[address] == nil else { return nil }
        let path = entry.imagePath ?? "media_group"
        return imageRequest(address: address, jsonPath: source.map { "\($0) \(path)" } ?? path, columns: columns, rows: rows)
    }

    /// The images a frame of `columns` x `rows` shows: the bar's logo and background image,
    /// and the artwork of the content in view (and one view below it, so scrolling finds it
    /// ready). What the update asks the runtime to load.
    public func imagesOnScreen(columns: Int, rows: Int) -> [ImageRequest] {
        imagesOnScreen(in: FrameLayout(state: self, columns: columns, rows: rows))
    }

    /// The images of a frame laid out as `frame` (the update's, shared with drawing).
    public func imagesOnScreen(in frame: FrameLayout) -> [ImageRequest] {
        guard imageMode != .off, phase == .running else { return [] }
        let layout = frame.shell
        guard !layout.isTooSmall else { return [] }
        var requests = [layout.logoImage, layout.backgroundImage].compactMap { $0 }
        // Artwork comes from feed entries only.
        guard let content = frame.content, hasArtwork else { return requests }
        let view = layout.contentRect
        let selection = min(currentScreenSelection, max(0, content.focusables.count - 1))
        let top = content.scrollOffset(selection: selection, viewHeight: view.height, coveredTop: layout.coveredContentRows)
        for element in content.elements {
            guard let artwork = element.artwork, artwork.rect.maxY > top, artwork.rect.y < top + 2 * view.height else {
                continue
            }
            requests.append(artwork.request)
        }
        return requests
    }

    /// Whether a loaded feed or an entry a screen was opened with has artwork.
    private var hasArtwork: Bool {
        screenEntries.values.contains { $0.imageURL != nil }
            || feeds.values.contains { state in
                if case .loaded(let feed) = state { feed.entries.contains { $0.imageURL != nil } } else { false }
            }
    }

    /// Records an image's result: ready, or failed with a warning (once per address: its title
    /// stands in for it everywhere from now on). Returns true when the address newly failed
    /// (the layout changes: selections may need clamping).
    @discardableResult
    public mutating func receiveImage(_ request: ImageRequest, _ result: Result<PreparedImage, ImageLoadError>) -> Bool {
        switch result {
        case .success(let image):
            images[request] = .ready(image)
            return false
        case .failure(let error):
            images[request] = .failed(error.message)
            guard imageFailures[request.address] == nil else { return false }
            imageFailures[request.address] = error.message
            imageWarnings.append(Self.imageWarning(request, reason: error.message))
            return true
        }
    }

    /// The warning for an image that cannot be shown: where the app names it, its address, why.
    public static func imageWarning(_ request: ImageRequest, reason: String) -> String {
        // The loader's reasons may start with the address, which the warning names already.
        let reason = reason.hasPrefix(request.address + ": ") ? String(reason.dropFirst(request.address.count + 2)) : reason
        return "\(request.jsonPath): image \(request.address) cannot be shown: \(reason)"
    }
}
