import ZappModel

extension NavItemData {
    /// The web page a nav or menu item opens, if it opens one: an http(s) `target`, or the
    /// `source` of a `WEB_URL` item (whose `target` is null).
    public var webURL: String? {
        if let target, target.isWebURL { return target }
        guard type?.uppercased() == "WEB_URL", target?.isEmpty ?? true, let source, !source.isEmpty else { return nil }
        return source
    }
}
