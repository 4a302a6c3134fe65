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
    /// A rectangle with a radius for each corner (SwiftUI's `UnevenRoundedRectangle`): a photo
    /// at the top of a card, rounded only where the card is.
    case unevenRoundedRectangle(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle)
}
