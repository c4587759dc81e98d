import ZappCore
import ZappModel

/// `ZappShell.Gate`: a terms or PIN pane per hook run.
struct GateFactory: PluginFactory {
    let settings: GateHook.Settings

    func hookTraits(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> HookTraits? {
        HookTraits(kind: .gate, hasUI: true, isFlowBlocker: settings.isFlowBlocker, mayFailWithoutPresentation: true)
    }

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        GateHook(settings: settings, context: context)
    }
}
