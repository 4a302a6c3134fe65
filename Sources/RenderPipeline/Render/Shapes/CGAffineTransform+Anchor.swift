import Foundation

/// Turning and scaling a shape about a point of its frame, as `rotation(_:anchor:)` and
/// `scale(_:anchor:)` do.
extension CGAffineTransform {
    /// This transform applied about the point `anchor` names in `rect`, which stays where it is.
    func about(_ anchor: UnitPoint, of rect: CGRect) -> CGAffineTransform {
        let pivot = CGPoint(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
        return CGAffineTransform(translationX: -pivot.x, y: -pivot.y).concatenating(self)
            .concatenating(CGAffineTransform(translationX: pivot.x, y: pivot.y))
    }
}
