import Foundation

/// A type that can serve as the animatable data of an animatable type, as SwiftUI's `VectorArithmetic`.
///
/// It extends `AdditiveArithmetic` with scalar multiplication and a squared magnitude, which is
/// all an interpolator or a spring needs: the difference of two values, scaled by a progress, added back.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component of this value by the given value.
    mutating func scale(by rhs: Double)

    /// The dot product of this value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// Returns a value with each component of this value multiplied by the given value.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// Interpolates this value with `other` by the specified `amount`.
    ///
    /// Equivalent to `self = self + (other - self) * amount`.
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        self += (other - self).scaled(by: amount)
    }

    /// Returns this value interpolated with `other` by the specified `amount`.
    ///
    /// Equivalent to `self + (other - self) * amount`.
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var result = self
        result.interpolate(towards: other, amount: amount)
        return result
    }
}

extension Double: VectorArithmetic {
    /// Multiplies this value by the given value.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    /// The square of this value.
    @inlinable
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    /// Multiplies this value by the given value (narrowed to `Float`).
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }

    /// The square of this value, as a `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    /// Multiplies this value by the given value.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }

    /// The square of this value, as a `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
