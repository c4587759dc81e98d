import ZappCore
import ZappModel

/// Draws the whole UI for a view state into a canvas and reports where the clickable things
/// went. Drawing order (later is on top): screen content, the bar (over the content for
/// `overlay`), the side menu or tab bar, the overflow list, the trace panel, hook panes,
/// the help / go-to / Account overlay, the toast and the status line.
public enum ShellView {
    /// Renders `state` into `canvas` (its size is the terminal size) and returns the hit map.
    @discardableResult
    public static func render(_ state: ShellViewState, into canvas: inout Canvas) -> HitMap {
        render(state, layout: FrameLayout(state: state, columns: canvas.columns, rows: canvas.rows), into: &canvas)
    }

    /// Renders `state` laid out as `layout` (the update's `ShellModel.frame`, made for the
    /// canvas's size): drawing lays nothing out again.
    @discardableResult
    public static func render(_ state: ShellViewState, layout frame: FrameLayout, into canvas: inout Canvas) -> HitMap {
        var layers: Layers?
        return draw(state, layout: frame, columns: canvas.columns, rows: canvas.rows, into: &canvas, layers: &layers)
    }

    /// Draws every layer into `canvas`, made `columns` × `rows` first when it is not; the bottom
    /// layers (the base fill, the screen area and the bar) come from `layers` when their input is
    /// the one kept there, and are kept there when drawn (nil: nothing kept).
    static func draw(
        _ state: ShellViewState, layout frame: FrameLayout, columns: Int, rows: Int, into canvas: inout Canvas, layers: inout Layers?
    ) -> HitMap {
        let context = RenderContext(state: state, frame: frame)
        var hits = HitMap()
        // Once every layer is drawn: where the protocol images still show.
        defer { canvas.resolveImages() }
        let layout = context.layout
        if case .running = state.phase, !layout.isTooSmall {
            let input = Layers.Input(context: context)
            if let kept = layers?.bottom(for: input, columns: columns, rows: rows) {
                (canvas, hits) = kept
            } else {
                if canvas.columns != columns || canvas.rows != rows { canvas = Canvas(columns: columns, rows: rows) }
                canvas.fill(canvas.bounds, style: context.palette[.base])
                ScreenAreaView.draw(input.screenArea, canvas: &canvas, hits: &hits)
                if let bar = input.bar {
                    hits.cover(bar.rect)
                    NavBarView.draw(bar, canvas: &canvas, hits: &hits)
                }
                layers?.keep(input, canvas: canvas, hits: hits)
            }
        } else {
            if canvas.columns != columns || canvas.rows != rows { canvas = Canvas(columns: columns, rows: rows) }
            canvas.fill(canvas.bounds, style: context.palette[.base])
            if layout.isTooSmall {
                ChromeViews.drawTooSmall(context: context, canvas: &canvas)
                return hits
            }
            switch state.phase {
            case .splash(let message):
                if !state.isSplashHeld { ChromeViews.drawSplash(message: message, context: context, canvas: &canvas) }
                drawPanes(of: state, context: context, canvas: &canvas, hits: &hits)
                return hits
            case .loadingFailed(let message):
                ChromeViews.drawLoadingFailed(message: message, context: context, canvas: &canvas, hits: &hits)
                drawPanes(of: state, context: context, canvas: &canvas, hits: &hits)
                return hits
            case .running:
                break
            }
        }
        if let menuRect = layout.sideMenuRect {
            hits.cover(menuRect)
            RootMenuView.drawSideMenu(in: menuRect, context: context, canvas: &canvas, hits: &hits)
        }
        if let tabRect = layout.tabBarRect {
            RootMenuView.drawTabBar(in: tabRect, context: context, canvas: &canvas, hits: &hits)
        }
        if state.isOverflowOpen, let barRect = layout.barRect, let bar = frame.navigationBar {
            NavBarView.drawOverflow(bar, barRect: barRect, context: context, canvas: &canvas, hits: &hits)
        }
        if let traceRect = layout.traceRect {
            OverlayViews.drawTrace(in: traceRect, context: context, canvas: &canvas, hits: &hits)
        }
        drawPanes(of: state, context: context, canvas: &canvas, hits: &hits)
        switch state.overlay {
        case .help(let scroll): OverlayViews.drawHelp(scroll: scroll, context: context, canvas: &canvas, hits: &hits)
        case .goTo(let filter, let selection):
            OverlayViews.drawGoTo(filter: filter, selection: selection, context: context, canvas: &canvas, hits: &hits)
        case .entry(let entry): FeedOverlayViews.drawEntry(entry, context: context, canvas: &canvas, hits: &hits)
        case .feed(let source, let title, let selection):
            FeedOverlayViews.drawFeed(source: source, title: title, selection: selection, context: context, canvas: &canvas, hits: &hits)
        case .webLink(let url):
            OverlayViews.drawWebLink(url, context: context, canvas: &canvas, hits: &hits)
        case .warnings(let scroll):
            OverlayViews.drawWarnings(scroll: scroll, context: context, canvas: &canvas, hits: &hits)
        case .account(let pane):
            AccountView.draw(pane, context: context, canvas: &canvas, hits: &hits)
        case nil: break
        }
        if let toast = state.toast, let rect = layout.toastRect {
            ChromeViews.drawToast(toast, in: rect, context: context, canvas: &canvas)
        }
        ChromeViews.drawStatus(in: layout.statusRect, context: context, canvas: &canvas)
        return hits
    }

    /// Hook panes, bottom to top: drawn over the running UI and also over the splash, where a
    /// startup hook (a sign-in gateway) may ask the user before the root is shown.
    private static func drawPanes(of state: ShellViewState, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        for (index, pane) in state.panes.enumerated() {
            PaneView.draw(pane, isTop: index == state.panes.count - 1, context: context, canvas: &canvas, hits: &hits)
        }
    }
}
