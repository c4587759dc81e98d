/// Keys while an overlay (help, go to, warnings, a web link, an entry's details, a feed list, the
/// Account pane) is open.
extension ShellUpdate {
    static func handleOverlayKey(_ key: Key, _ overlay: Overlay, _ model: inout ShellModel) -> [ShellEffect] {
        switch overlay {
        case .help(let scroll):
            let last = OverlayViews.helpLayout(columns: model.columns, rows: model.rows, glyphs: model.view.glyphs).lastScroll
            switch key {
            case .character("q"): return quit(&model, status: 0)
            case .escape, .enter, .character("?"): model.view.overlay = nil
            case .up, .character("k"): model.view.overlay = .help(scroll: max(0, scroll - 1))
            case .down, .character("j"): model.view.overlay = .help(scroll: min(last, scroll + 1))
            case .pageUp, .home: model.view.overlay = .help(scroll: 0)
            case .pageDown, .end: model.view.overlay = .help(scroll: last)
            default: break
            }
            return []
        case .goTo(let filter, let selection):
            return handleGoToKey(key, filter: filter, selection: selection, &model)
        case .account(let pane):
            return handleAccountKey(key, pane, &model)
        case .entry, .feed:
            return handleFeedOverlayKey(key, overlay, &model)
        case .webLink:
            switch key {
            case .character("q"): return quit(&model, status: 0)
            case .escape, .enter: model.view.overlay = nil
            default: break
            }
            return []
        case .warnings(let scroll):
            let last = max(0, model.view.warnings.count - 1)
            switch key {
            case .character("q"): return quit(&model, status: 0)
            case .escape, .enter, .character("w"): model.view.overlay = nil
            case .up, .character("k"): model.view.overlay = .warnings(scroll: max(0, scroll - 1))
            case .down, .character("j"): model.view.overlay = .warnings(scroll: min(last, scroll + 1))
            case .pageUp, .home: model.view.overlay = .warnings(scroll: 0)
            case .pageDown, .end: model.view.overlay = .warnings(scroll: last)
            default: break
            }
            return []
        }
    }

    private static func handleGoToKey(_ key: Key, filter: String, selection: Int, _ model: inout ShellModel)
        -> [ShellEffect]
    {
        // Worked out only for the keys that move by it: the list is every screen's.
        var count: Int { model.view.goToCandidates.count }
        switch key {
        case .escape:
            model.view.overlay = nil
        case .up, .backTab:
            model.view.overlay = .goTo(filter: filter, selection: max(0, selection - 1))
        case .down, .tab:
            model.view.overlay = .goTo(filter: filter, selection: max(0, min(count - 1, selection + 1)))
        case .pageUp, .home:
            model.view.overlay = .goTo(filter: filter, selection: 0)
        case .pageDown, .end:
            model.view.overlay = .goTo(filter: filter, selection: max(0, count - 1))
        case .backspace, .delete:
            model.view.overlay = .goTo(filter: String(filter.dropLast()), selection: 0)
        case .control("u"):
            model.view.overlay = .goTo(filter: "", selection: 0)
        case .character(let character):
            guard filter.count < fieldLimit else { break }
            model.view.overlay = .goTo(filter: filter + String(character), selection: 0)
        case .enter:
            let candidates = model.view.goToCandidates
            guard !candidates.isEmpty else {
                model.notify("No screen matches \"\(filter)\"", isError: true)
                return []
            }
            let chosen = candidates[min(max(selection, 0), candidates.count - 1)]
            return perform(.goTo(chosen.id), &model)
        default:
            break
        }
        return []
    }
}
