import Foundation

/// Which SwiftUI shape a scene's `shape` block or block `background` draws, or an image is
/// clipped to (`clipShape`, SwiftUI's `.clipShape(_:)`), with its settings.
package enum ShapeKind: Hashable, Sendable {
    /// SwiftUI's `Rectangle`.
    case rectangle
    /// SwiftUI's `RoundedRectangle(cornerRadius:style:)`.
    case roundedRectangle(cornerRadius: Double, style: RoundedCornerStyle)
    /// SwiftUI's `UnevenRoundedRectangle(cornerRadii:style:)`: a radius for each corner.
    case unevenRoundedRectangle(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle)
    /// SwiftUI's `Capsule(style:)`: ends as round as the shorter side allows.
    case capsule(style: RoundedCornerStyle)
    /// SwiftUI's `Circle`: the largest circle centred in the frame.
    case circle
    /// SwiftUI's `Ellipse`: the ellipse filling the frame.
    case ellipse

    /// The names of the `type` field, in the order docs list them.
    package static let typeNames = ["rectangle", "roundedRectangle", "unevenRoundedRectangle", "capsule", "circle", "ellipse"]

    /// The `type` name of this shape.
    package var typeName: String {
        switch self {
        case .rectangle: "rectangle"
        case .roundedRectangle: "roundedRectangle"
        case .unevenRoundedRectangle: "unevenRoundedRectangle"
        case .capsule: "capsule"
        case .circle: "circle"
        case .ellipse: "ellipse"
        }
    }
}
