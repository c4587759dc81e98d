/// One cell a UI component lays out from its own data (not from a feed): its `data.items`
/// (or `entries`, `children`), else the component's own `target`. The one reading of a
/// component's cells and their targets, shared by the UI (`ComponentItem` in ShellCore) and the
/// gates report (which screens a component opens).
public struct ComponentCell: Sendable, Hashable {
    public var id: String
    public var title: String
    public var subtitle: String?
    /// A screen id or name, or an http(s) URL; nil for inert cells.
    public var target: String?

    public init(id: String, title: String, subtitle: String? = nil, target: String? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.target = target
    }

    /// The cells of a component (empty when it has none: the component is a placeholder).
    public static func cells(of component: UIComponent) -> [ComponentCell] {
        let data = component.data
        let base = component.id ?? component.componentType
        let list = data["items"]?.arrayValue ?? data["entries"]?.arrayValue ?? data["children"]?.arrayValue
        if let list {
            return list.enumerated().compactMap { offset, value in
                cell(from: value, id: "\(base)#\(offset)", index: offset)
            }
        }
        if let target = string(data, "target", "screen_id", "url") {
            let title = string(data, "title", "name", "label") ?? target
            return [ComponentCell(id: "\(base)#0", title: title, subtitle: string(data, "subtitle", "description"), target: target)]
        }
        return []
    }

    private static func cell(from value: JSONValue, id: String, index: Int) -> ComponentCell? {
        if let text = value.stringValue { return ComponentCell(id: id, title: text) }
        guard let object = value.objectValue else { return nil }
        let target = string(object, "target", "screen_id", "url") ?? object["data"]?.objectValue.flatMap { string($0, "target") }
        let title = string(object, "title", "name", "label") ?? target ?? "Item \(index + 1)"
        return ComponentCell(
            id: string(object, "id") ?? id, title: title,
            subtitle: string(object, "subtitle", "description", "summary"), target: target)
    }

    private static func string(_ object: JSONObject, _ keys: String...) -> String? {
        for key in keys {
            if let value = object[key]?.stringValue, !value.isEmpty { return value }
        }
        return nil
    }
}
