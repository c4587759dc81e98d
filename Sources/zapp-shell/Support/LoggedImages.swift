import Logging
import ShellCore
import ShellUI
import ZappCore

/// The run's image loader with its failures written to the log, in the words of the warning
/// the warnings pane (`w`) lists: the asset's JSON path, its address and the reason.
struct LoggedImages: ImageLoading {
    let base: any ImageLoading
    let logger: Logger

    func load(_ request: ImageRequest) async -> Result<PreparedImage, ImageLoadError> {
        let result = await base.load(request)
        if case .failure(let error) = result {
            logger.warning("\(ShellViewState.imageWarning(request, reason: error.message))")
        }
        return result
    }

    func encode(_ part: ImagePart, of image: PreparedImage) async -> Result<[UInt8], ImageLoadError> {
        let result = await base.encode(part, of: image)
        if case .failure(let error) = result { logger.warning("image part \(part) cannot be encoded: \(error.message)") }
        return result
    }
}
