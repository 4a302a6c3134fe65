import Foundation

extension ShapeKind {
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
