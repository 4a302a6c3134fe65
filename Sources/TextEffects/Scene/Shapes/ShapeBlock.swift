import Foundation

/// A scene block's shape: a SwiftUI shape filling its frame, filled and stroked with any paint,
/// with an optional shadow (a tag pill, a divider, a dot, a card behind text).
package struct ShapeBlock: Hashable, Sendable {
    package var kind: ShapeKind
    /// The paint inside the shape; nil leaves it empty (a stroked outline).
    package var fill: Paint?
    package var stroke: ShapeStroke?
    package var shadow: ShapeShadow?

    package init(kind: ShapeKind, fill: Paint? = nil, stroke: ShapeStroke? = nil, shadow: ShapeShadow? = nil) {
        self.kind = kind
        self.fill = fill
        self.stroke = stroke
        self.shadow = shadow
    }

    /// What drawing the shape in `rect` may change: the rectangle grown by half the stroke, the
    /// shadow's reach and a pixel for antialiasing.
    package func drawingRect(in rect: CGRect) -> CGRect {
        let grow = (stroke.map { $0.width / 2 } ?? 0) + (shadow?.reach ?? 0) + 1
        return rect.insetBy(dx: -grow, dy: -grow)
    }

    /// Draws the shape filling `rect` (in the context's coordinates): its shadow, fill, then stroke.
    package func draw(in rect: CGRect, context: GraphicsContext) {
        let path = kind.path(in: rect)
        var context = context
        if let shadow {
            context.addFilter(.shadow(color: shadow.color, radius: shadow.radius, x: shadow.x, y: shadow.y))
        }
        guard fill != nil || stroke != nil else { return }
        if shadow != nil, fill != nil, stroke != nil {
            // One shadow for the shape as a whole, not one per operation.
            // The layer's own context starts without filters: the shadow is cast once, by the layer.
            context.drawLayer(bounds: drawingRect(in: rect)) { layer in drawPlain(path, in: layer) }
            return
        }
        drawPlain(path, in: context)
    }

    private func drawPlain(_ path: Path, in context: GraphicsContext) {
        if let fill { context.fill(path, with: fill) }
        if let stroke { context.stroke(path, with: stroke.paint, lineWidth: stroke.width, dash: stroke.dash) }
    }
}
