extension ShellView {
    /// The bottom layers of the last frame drawn through it (the base fill, the screen area and
    /// the bar: cells, images and hits) with the input they were drawn from, as Elm's `lazy`
    /// keeps a view: a frame whose input is equal starts from a copy of them instead of drawing
    /// them again (a key that moves the side menu's selection or a pane's). The input holds
    /// everything those views read, so equal inputs draw equal layers.
    public struct Layers: Sendable {
        /// What the bottom layers are drawn from.
        struct Input: Equatable {
            var screenArea: ScreenAreaView.Input
            /// The bar, when the frame has one.
            var bar: NavBarView.Input?

            init(context: RenderContext) {
                let layout = context.layout
                screenArea = ScreenAreaView.Input(rect: layout.contentRect, coveredTop: layout.coveredContentRows, context: context)
                bar = layout.barRect.flatMap { rect in context.frame.navigationBar.map { NavBarView.Input($0, in: rect, context: context) } }
            }
        }

        private var input: Input?
        private var canvas = Canvas(columns: 0, rows: 0)
        private var hits = HitMap()

        public init() {}

        /// The kept layers when they were drawn from `input` on a canvas of this size.
        func bottom(for input: Input, columns: Int, rows: Int) -> (Canvas, HitMap)? {
            guard self.input == input, canvas.columns == columns, canvas.rows == rows else { return nil }
            return (canvas, hits)
        }

        mutating func keep(_ input: Input, canvas: Canvas, hits: HitMap) {
            self.input = input
            self.canvas = canvas
            self.hits = hits
        }
    }

    /// Renders `state` laid out as `layout` into a new canvas of `columns` × `rows`, starting from
    /// the layers `layers` kept when their input is unchanged, and keeps this frame's there. Draws
    /// what `render(_:layout:into:)` draws on a new canvas.
    public static func render(
        _ state: ShellViewState, layout frame: FrameLayout, columns: Int, rows: Int, layers: inout Layers
    ) -> (canvas: Canvas, hits: HitMap) {
        // Made by `draw` unless the kept layers are copied.
        var canvas = Canvas(columns: 0, rows: 0)
        var kept: Layers? = layers
        let hits = draw(state, layout: frame, columns: columns, rows: rows, into: &canvas, layers: &kept)
        if let kept { layers = kept }
        return (canvas, hits)
    }
}
