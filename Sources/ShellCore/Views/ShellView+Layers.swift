extension ShellView {
    /// The bottom layer of the last frame drawn through it (the base fill and the screen area:
    /// cells, images and hits) with the input it was drawn from, as Elm's `lazy` keeps a view:
    /// a frame whose `ScreenAreaView.Input` is equal starts from a copy of that layer instead of
    /// drawing it again (a key that only moves the side menu's selection, the bar's or a pane's).
    /// The input holds everything the screen area reads, so equal inputs draw equal layers.
    public struct Layers: Sendable {
        private var input: ScreenAreaView.Input?
        private var canvas = Canvas(columns: 0, rows: 0)
        private var hits = HitMap()

        public init() {}

        /// The kept layer when it was drawn from `input` on a canvas of this size.
        func screenArea(for input: ScreenAreaView.Input, columns: Int, rows: Int) -> (Canvas, HitMap)? {
            guard self.input == input, canvas.columns == columns, canvas.rows == rows else { return nil }
            return (canvas, hits)
        }

        mutating func keep(_ input: ScreenAreaView.Input, canvas: Canvas, hits: HitMap) {
            self.input = input
            self.canvas = canvas
            self.hits = hits
        }
    }

    /// Renders `state` laid out as `layout` into a new canvas of `columns` × `rows`, starting from
    /// the layer `layers` kept when its input is unchanged, and keeps this frame's there. Draws
    /// what `render(_:layout:into:)` draws on a new canvas.
    public static func render(
        _ state: ShellViewState, layout frame: FrameLayout, columns: Int, rows: Int, layers: inout Layers
    ) -> (canvas: Canvas, hits: HitMap) {
        // Made by `draw` unless the kept layer is copied.
        var canvas = Canvas(columns: 0, rows: 0)
        var kept: Layers? = layers
        let hits = draw(state, layout: frame, columns: columns, rows: rows, into: &canvas, layers: &kept)
        if let kept { layers = kept }
        return (canvas, hits)
    }
}
