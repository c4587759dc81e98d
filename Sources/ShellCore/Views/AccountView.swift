import ZappCore
import ZappModel

/// The Account pane (`a`): who is signed in, then each login plugin with its users (and a name
/// to type for a login that takes any), then Sign out.
enum AccountView {
    static func draw(_ pane: AccountPane, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = Rect(x: 0, y: 0, width: context.layout.size.columns, height: context.layout.statusRect.y)
        var lines: [(text: String, row: Int?, style: ThemeRole)] = []
        lines.append((pane.accounts.signedInUser.map { "Signed in as \($0)" } ?? "Signed out", nil, .base))
        let rows = pane.rows
        let selected = rows.isEmpty ? -1 : min(max(0, pane.selection), rows.count - 1)
        for login in pane.accounts.logins {
            lines.append(("", nil, .base))
            lines.append((login.shownName, nil, .sectionTitle))
            for (index, row) in rows.enumerated() {
                switch row {
                case .user(let owner, let user) where owner == login:
                    let entitlements = user.entitlements.isEmpty ? "no entitlements" : user.entitlements.joined(separator: ", ")
                    lines.append(("Sign in as \(user.username) (\(entitlements))", index, .overlay))
                case .typedName(let owner) where owner == login:
                    let cursor = index == selected ? "_" : ""
                    lines.append(("Sign in as: " + pane.typed + cursor, index, .overlay))
                default:
                    continue
                }
            }
        }
        if let index = rows.firstIndex(of: .signOut) {
            lines.append(("", nil, .base))
            lines.append(("Sign out", index, .overlay))
        }
        let longest = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        let box = area.centered(width: min(max(40, longest + 8), area.width), height: min(area.height, lines.count + 4))
        OverlayViews.drawFrame(box, title: "Account", context: context, canvas: &canvas, hits: &hits)
        let inner = Rect(x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 3)
        guard inner.height > 0 else { return }
        // Scrolled so that the chosen row is in the box.
        let chosenLine = lines.firstIndex { $0.row == selected } ?? 0
        let first = max(0, chosenLine - inner.height + 1)
        for (offset, line) in lines.enumerated() where offset >= first && offset - first < inner.height {
            let y = inner.y + offset - first
            let isChosen = line.row != nil && line.row == selected
            let style = isChosen ? context.palette[.menuFocused] : context.palette.style(line.style, over: context.palette[.overlay].background)
            let rowRect = Rect(x: inner.x, y: y, width: inner.width, height: 1)
            if isChosen { canvas.fill(rowRect, style: style) }
            if let row = line.row { hits.add(rowRect, .chooseAccountRow(row)) }
            let prefix = line.row == nil ? "" : (isChosen ? context.glyphs.pointer : " ") + " "
            context.text(&canvas, prefix + line.text, x: inner.x, y: y, maxWidth: inner.width, style: style)
        }
    }
}
