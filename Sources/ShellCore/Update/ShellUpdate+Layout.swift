/// The frame's one layout in the update (ARCHITECTURE.md, "The loop": one layout per frame).
extension ShellUpdate {
    /// The layout of the model's frame, made once per change.
    @discardableResult
    static func layOut(_ model: inout ShellModel) -> FrameLayout {
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
