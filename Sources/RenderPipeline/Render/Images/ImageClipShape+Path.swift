import Foundation

extension ImageClipShape {
    /// The outline within `rect`, built from the shapes in Render/Shapes.
    package func path(in rect: CGRect) -> Path {
        switch self {
        case .circle: Circle().path(in: rect)
        case .capsule(let style): Capsule(style: style).path(in: rect)
        case .roundedRectangle(let radius, let style): RoundedRectangle(cornerRadius: radius, style: style).path(in: rect)
        case .unevenRoundedRectangle(let radii, let style): UnevenRoundedRectangle(cornerRadii: radii, style: style).path(in: rect)
        }
    }
}
