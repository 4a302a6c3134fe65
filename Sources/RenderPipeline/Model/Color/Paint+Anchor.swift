import Foundation

extension Paint {
    /// A point of a gradient's geometry: a unit point of what the gradient fills, or a point in
    /// the drawing's current coordinates.
    public enum Anchor: Hashable, Sendable {
        /// A point in fractions of the bounds the gradient fills: (0, 0) their top-leading
        /// corner, (1, 1) their bottom-trailing one.
        case unit(UnitPoint)
        /// A point in the current coordinates of the drawing, whatever the gradient fills.
        case point(CGPoint)

        /// Where the anchor lies when the gradient fills `bounds`.
        public func resolved(in bounds: CGRect) -> CGPoint {
            switch self {
            case .unit(let unit): CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
            case .point(let point): point
            }
        }
    }
}
