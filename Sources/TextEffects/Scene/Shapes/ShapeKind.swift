import Foundation

/// Which SwiftUI shape a scene's `shape` block or block `background` draws, with its settings.
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

    /// The shape's outline in `rect`, as its SwiftUI shape's `path(in:)` gives it.
    package func path(in rect: CGRect) -> Path {
        switch self {
        case .rectangle: Rectangle().path(in: rect)
        case .roundedRectangle(let radius, let style): RoundedRectangle(cornerRadius: radius, style: style).path(in: rect)
        case .unevenRoundedRectangle(let radii, let style): UnevenRoundedRectangle(cornerRadii: radii, style: style).path(in: rect)
        case .capsule(let style): Capsule(style: style).path(in: rect)
        case .circle: Circle().path(in: rect)
        case .ellipse: Ellipse().path(in: rect)
        }
    }
}
