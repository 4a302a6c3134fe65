import Foundation

/// A type whose state can be interpolated, as SwiftUI's `Animatable`.
///
/// An animator reads `animatableData` at the start and end of a change, interpolates between the
/// two vectors and writes each in-between vector back, so the type can rebuild its derived state.
public protocol Animatable {
    /// The type defining the data to animate.
    associatedtype AnimatableData: VectorArithmetic

    /// The data to animate.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// The data to animate: none, so nothing about the value changes while animating.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        // Writing back the empty vector has nothing to restore.
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// The data to animate: a vector value is its own animatable data.
    @inlinable
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

// As in SwiftUI, the scalar vector types are animatable themselves, so `Spring.value(fromValue:…)`
// and other `Animatable`-generic API take plain numbers.
extension Double: Animatable {}
extension Float: Animatable {}
extension CGFloat: Animatable {}
