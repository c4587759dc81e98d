/// Time in the update: what a `.tick` moves (the splash, the spinner, a message's expiry) and
/// when the model next needs one (ARCHITECTURE.md, "Time and threads").
extension ShellUpdate {
    static func tick(_ model: inout ShellModel) {
        if let due = model.splashDue, model.now >= due { model.releaseSplash() }
        if let activity = model.activity, model.now - activity.startedAt >= ShellModel.spinnerDelay {
            model.view.spinnerFrame &+= 1
            if model.view.topPane == nil {
                model.view.toast = Toast("\(model.view.glyphs.spinner(at: model.view.spinnerFrame)) \(activity.title)… (Esc cancels)")
                model.toastExpiry = nil
            }
        } else if isLoading(model) {
            model.view.spinnerFrame &+= 1
        }
        if let expiry = model.toastExpiry, model.now >= expiry {
            model.view.toast = nil
            model.toastExpiry = nil
        }
    }

    /// When the model next needs a `.tick` (its `now` in milliseconds), or nil when nothing
    /// moves or expires: the runtime sets a timer only then, so an idle app does no work.
    public static func nextTickDue(_ model: ShellModel) -> Int? {
        var due: Int?
        func consider(_ moment: Int) { due = min(due ?? moment, moment) }
        if let activity = model.activity {
            let spinnerStart = activity.startedAt + ShellModel.spinnerDelay
            consider(model.now < spinnerStart ? spinnerStart : model.now + ShellModel.tickInterval)
        } else if isLoading(model) {
            consider(model.now + ShellModel.tickInterval)
        }
        if let expiry = model.toastExpiry { consider(expiry) }
        if let reload = model.reloadDue { consider(reload) }
        if let splash = model.splashDue { consider(splash) }
        if let visibility = model.visibilityCheckDue { consider(visibility) }
        return due
    }

    /// Whether a spinner other than the activity's turns: a pane busy with an answer, a feed or
    /// a next page loading.
    private static func isLoading(_ model: ShellModel) -> Bool {
        model.view.panes.contains(where: \.isBusy) || model.view.feeds.values.contains(.loading)
            || model.view.feedPages.values.contains(.loading)
    }
}
