import Foundation

/// Angles add, subtract, negate and scale as SwiftUI's do (its `_VectorMath`), so
/// `start + .degrees(90)` and `sweep * progress` read as they do on iOS.
extension Angle {
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }

    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }

    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }

    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }

    public static func * (lhs: Double, rhs: Angle) -> Angle { Angle(radians: lhs * rhs.radians) }

    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }

    public static func += (lhs: inout Angle, rhs: Angle) { lhs = lhs + rhs }

    public static func -= (lhs: inout Angle, rhs: Angle) { lhs = lhs - rhs }

    public static func *= (lhs: inout Angle, rhs: Double) { lhs = lhs * rhs }

    public static func /= (lhs: inout Angle, rhs: Double) { lhs = lhs / rhs }

    /// Turns the angle the other way.
    public mutating func negate() { radians = -radians }
}
