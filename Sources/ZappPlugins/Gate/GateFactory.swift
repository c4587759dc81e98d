import ZappCore

/// `ZappShell.Gate`: a terms or PIN pane per hook run.
struct GateFactory: PluginFactory {
    let settings: GateHook.Settings

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        GateHook(settings: settings, context: context)
    }
}
