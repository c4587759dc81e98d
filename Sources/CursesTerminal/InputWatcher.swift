import Dispatch
import Synchronization

/// Tells the event loop when input is waiting, without reading it: readiness of the terminal's
/// input and of the signal self-pipe is watched by dispatch read sources on a queue of their
/// own, so nothing polls on a timer (ARCHITECTURE.md, "The loop").
///
/// After it has called `onReady` the watcher pauses (its sources are suspended) until
/// `resume()`, which the terminal calls once it has read everything with ncurses on the UI's
/// thread; input that arrives meanwhile fires the sources again after the resume.
final class InputWatcher: Sendable {
    private struct State: @unchecked Sendable {
        var sources: [any DispatchSourceRead] = []
        var isPaused = false
        var isStopped = false
    }

    private let state = Mutex(State())
    private let onReady: @Sendable () -> Void

    /// Starts watching `descriptors` (each must stay open until `stop()`).
    init(descriptors: [Int32], onReady: @escaping @Sendable () -> Void) {
        self.onReady = onReady
        let queue = DispatchQueue(label: "zapp-shell.input")
        let sources = descriptors.map { DispatchSource.makeReadSource(fileDescriptor: $0, queue: queue) }
        state.withLock { $0.sources = sources }
        for source in sources {
            source.setEventHandler { [weak self] in self?.fire() }
            source.activate()
        }
    }

    /// Pauses the sources and reports readiness once per pause.
    private func fire() {
        let notify = state.withLock { state -> Bool in
            guard !state.isPaused, !state.isStopped else { return false }
            state.isPaused = true
            for source in state.sources { source.suspend() }
            return true
        }
        if notify { onReady() }
    }

    /// Watches again after the waiting input has been read.
    func resume() {
        state.withLock { state in
            guard state.isPaused, !state.isStopped else { return }
            state.isPaused = false
            for source in state.sources { source.resume() }
        }
    }

    /// Stops watching for good (a suspended source is resumed first, as dispatch requires).
    func stop() {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.isStopped = true
            for source in state.sources {
                if state.isPaused { source.resume() }
                source.cancel()
            }
            state.sources.removeAll()
        }
    }

    deinit {
        stop()
    }
}
