import Foundation

/// The shape an image is clipped to, as SwiftUI's `.clipShape(_:)` with its built-in shapes
/// (and `.cornerRadius(_:)`, a circular rounded rectangle).
package enum ImageClipShape: Hashable, Sendable {
    /// A circle centred in the frame, as wide as its shorter side (SwiftUI's `Circle`).
    case circle
    /// Semicircular ends on the shorter side (SwiftUI's `Capsule`).
    case capsule(style: RoundedCornerStyle)
    /// A rectangle with rounded corners (SwiftUI's `RoundedRectangle`).
    case roundedRectangle(cornerRadius: Double, style: RoundedCornerStyle)

    /// The outline within `rect`, built from the shapes in Render/Shapes.
    package func path(in rect: CGRect) -> Path {
        switch self {
        case .circle: Circle().path(in: rect)
        case .capsule(let style): Capsule(style: style).path(in: rect)
        case .roundedRectangle(let radius, let style): RoundedRectangle(cornerRadius: radius, style: style).path(in: rect)
        }
    }
}
