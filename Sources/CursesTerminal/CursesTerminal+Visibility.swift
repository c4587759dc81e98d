import ShellUI
import ZappCore

/// Whether the app's pane shows, inside tmux, and its images when it does not (ARCHITECTURE.md,
/// "The terminal layer"; the decisions are `ShellUpdate+Visibility`'s).
extension CursesTerminal {
    /// Whether this pane shows: inside tmux, asked of tmux (bounded; no answer counts as
    /// hidden), remembering the client terminal that shows the session; outside tmux always.
    public var asksTmuxForVisibility: Bool { tmuxEnvironment != nil }

    public func isPaneVisible() -> Bool {
        guard let tmuxEnvironment else { return true }
        let answer = TmuxPassthroughCheck.paneVisibility(environment: tmuxEnvironment)
        clientTerminal = answer?.clientTerminal ?? clientTerminal
        return answer?.visible ?? false
    }

    /// The pane is hidden (tmux shows another window): this app's kitty images are deleted from
    /// the screen that now shows something else, and nothing is known to be on screen. tmux
    /// drops a hidden pane's passthrough unless `allow-passthrough` is `all`, so the deletions
    /// then go straight to the client's terminal, the one `isPaneVisible` learnt of (one
    /// `write()` of a few short sequences). Sixel and iTerm2 images are gone with tmux's redraw.
    public func hideImages() {
        guard !isRestored, !isSuspended else { return }
        isOriginKnown = false
        guard let tmuxEnvironment else {
            removeImages()
            return
        }
        let own = images.removeOwn()
        guard !own.isEmpty else { return }
        if TmuxPassthroughCheck.reachesHiddenPanes(environment: tmuxEnvironment) {
            TerminalOutput.write(TerminalImageCodes.tmuxPassthrough(own))
        } else if let clientTerminal {
            TerminalOutput.write(own, toDevice: clientTerminal)
        }
    }
}
