import ZappModel

/// The frame's one layout in the update (ARCHITECTURE.md, "The loop": one layout per frame).
extension ShellUpdate {
    /// The layout of the model's frame, made once per change. A frame that would show a screen
    /// not decoded yet is not laid out: the screens are wanted (the event waits for them) and the
    /// last layout stands in, to be dropped with the event's changes.
    @discardableResult
    static func layOut(_ model: inout ShellModel) -> FrameLayout {
        if case .goTo = model.view.overlay, model.view.hookNamingPositions == nil, model.view.app.screens.hasUndecoded {
            model.view.hookNamingPositions = model.view.app.screens.positions(mayHolding: "screen_id")
        }
        let wanted = model.view.undecodedScreensShown
        guard wanted.isEmpty else {
            model.screensWanted.formUnion(wanted)
            return model.frame ?? FrameLayout(state: ShellViewState(app: ZappApp(screens: [], plugins: [])), columns: 0, rows: 0)
        }
        let frame = FrameLayout(state: model.view, columns: model.columns, rows: model.rows)
        model.frame = frame
        model.isFrameCurrent = true
        model.layoutCount += 1
        return frame
    }

    /// The frame laid out for the model as it is now: the last one, unless something it lays out
    /// changed since.
    static func frame(_ model: inout ShellModel) -> FrameLayout {
        if model.isFrameCurrent, let frame = model.frame { return frame }
        return layOut(&model)
    }
}
