/// An empty type for animatable data, as SwiftUI's `EmptyAnimatableData`.
///
/// It is the `animatableData` of types that have no animatable properties: every value is zero, and
/// arithmetic on it does nothing.
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Hashable, Sendable {
    /// Creates the empty value.
    @inlinable
    public init() {}

    /// The zero value, the only value.
    @inlinable
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }

    @inlinable
    public static func + (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { .zero }

    @inlinable
    public static func += (lhs: inout EmptyAnimatableData, rhs: EmptyAnimatableData) {}

    @inlinable
    public static func - (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { .zero }

    @inlinable
    public static func -= (lhs: inout EmptyAnimatableData, rhs: EmptyAnimatableData) {}

    /// Does nothing: there are no components to scale.
    @inlinable
    public mutating func scale(by rhs: Double) {}

    /// The dot product of this value with itself: always zero.
    @inlinable
    public var magnitudeSquared: Double { 0 }
}
