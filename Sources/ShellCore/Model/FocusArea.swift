/// The areas Tab / Shift-Tab cycle between.
public enum FocusArea: String, Sendable, Hashable, CaseIterable {
    case rootMenu = "root_menu"
    case navBar = "nav_bar"
    case screen
}
