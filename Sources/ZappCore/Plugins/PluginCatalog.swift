import ZappModel

/// The table of plugin classes ZappShell can run: `api.class_name` → factory maker.
/// Filled from outside ZappCore (`BuiltInPlugins.register(in:)` in ZappPlugins, or test plugins),
/// then handed to `PluginRegistry`.
public struct PluginCatalog: Sendable {
    private var makers: [String: PluginFactoryMaker] = [:]
    private var order: [String] = []

    public init() {}

    /// Registers (or replaces) the maker for a class name.
    public mutating func register(_ className: String, make: @escaping PluginFactoryMaker) {
        if makers.updateValue(make, forKey: className) == nil { order.append(className) }
    }

    /// Registers (or replaces) the maker for a built-in class.
    public mutating func register(_ builtIn: BuiltInPluginClass, make: @escaping PluginFactoryMaker) {
        register(builtIn.rawValue, make: make)
    }

    /// The maker registered for a class name.
    public func maker(for className: String) -> PluginFactoryMaker? {
        makers[className]
    }

    /// The registered class names, in registration order.
    public var classNames: [String] { order }
}
