import Foundation

/// A drop shadow under a scene shape, as SwiftUI's `shadow(color:radius:x:y:)`.
package struct ShapeShadow: Hashable, Sendable {
    package var color: Color
    /// The blur radius, in points.
    package var radius: Double
    package var x: Double
    package var y: Double

    package init(color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.33), radius: Double, x: Double = 0, y: Double = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }

    /// How far the shadow reaches past the shape on any side.
    package var reach: Double { 3 * radius + Swift.max(abs(x), abs(y)) }
}
