import ZappModel

/// The table of plugin classes ZappShell can run: `api.class_name` → factory maker.
/// Filled from outside ZappCore (`BuiltInPlugins.register(in:)` in ZappPlugins, or test plugins),
/// then handed to `PluginRegistry`.
public struct PluginCatalog: Sendable {
    private var makers: [String: PluginFactoryMaker] = [:]
    /// Makes the factory of a plugin whose class is unknown (not a menu, bar or login).
    public private(set) var standInMaker: PluginFactoryMaker?

    /// The name the stand-in serves under, in traces and logs.
    public static let standInClassName = "stand-in"

    public init() {}

    /// Registers (or replaces) the maker for a class name.
    public mutating func register(_ className: String, make: @escaping PluginFactoryMaker) {
        makers[className] = make
    }

    /// Registers (or replaces) the maker for a built-in class.
    public mutating func register(_ builtIn: BuiltInPluginClass, make: @escaping PluginFactoryMaker) {
        register(builtIn.rawValue, make: make)
    }

    /// Registers the maker of the stand-in for plugins of unknown classes.
    public mutating func registerStandIn(make: @escaping PluginFactoryMaker) {
        standInMaker = make
    }

    /// The maker registered for a class name.
    public func maker(for className: String) -> PluginFactoryMaker? {
        makers[className]
    }
}
