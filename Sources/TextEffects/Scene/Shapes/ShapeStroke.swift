import Foundation

/// The outline a scene shape is stroked with: its width, dash pattern and paint, drawn centred
/// on the shape's edge as SwiftUI's `stroke(_:style:)` draws it.
package struct ShapeStroke: Hashable, Sendable {
    package var paint: Paint
    package var width: Double
    /// Dash and gap lengths in points; empty for a solid line.
    package var dash: [Double]

    package init(paint: Paint, width: Double = 1, dash: [Double] = []) {
        self.paint = paint
        self.width = width
        self.dash = dash
    }
}
