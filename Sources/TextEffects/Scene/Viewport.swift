import Foundation

/// The window onto a scene's content: where on the canvas content is shown, and how far it is scrolled.
///
/// Content at viewport point p is content point p + scroll; the viewport sits at `rect.origin`
/// on the canvas and clips everything drawn to `rect`.
package struct Viewport: Sendable, Equatable {
    /// The window, in canvas coordinates.
    public var rect: CGRect
    /// The content point shown at the viewport's top-left corner, over time.
    public var scroll: Keyframed<CGPoint>

    public init(rect: CGRect, scroll: Keyframed<CGPoint> = .constant(.zero)) {
        self.rect = rect
        self.scroll = scroll
    }

    /// The whole canvas, not scrolled: what a scene without `viewport` shows.
    public init(canvas: Scene.Canvas) {
        self.init(rect: CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }

    /// The part of the content visible at `time`, in content coordinates.
    public func visibleContent(at time: Double) -> CGRect {
        CGRect(origin: scroll.value(at: time), size: rect.size)
    }
}
