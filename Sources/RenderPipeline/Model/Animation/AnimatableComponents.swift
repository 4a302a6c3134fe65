import Foundation

/// Animatable data a scene can set from numbers: `Double`, `Float`, `CGFloat`, `AnimatablePair`s
/// of them (flattened first to second) and `EmptyAnimatableData` (no numbers).
package protocol AnimatableComponents {
    /// How many numbers the value is made of.
    static var componentCount: Int { get }
    /// The value made of `components`, which holds exactly `componentCount` numbers.
    init(components: ArraySlice<Double>)
}

extension Double: AnimatableComponents {
    package static var componentCount: Int { 1 }
    package init(components: ArraySlice<Double>) { self = components.first ?? 0 }
}

extension Float: AnimatableComponents {
    package static var componentCount: Int { 1 }
    package init(components: ArraySlice<Double>) { self = Float(components.first ?? 0) }
}

extension CGFloat: AnimatableComponents {
    package static var componentCount: Int { 1 }
    package init(components: ArraySlice<Double>) { self = CGFloat(components.first ?? 0) }
}

extension EmptyAnimatableData: AnimatableComponents {
    package static var componentCount: Int { 0 }
    package init(components: ArraySlice<Double>) { self.init() }
}

extension AnimatablePair: AnimatableComponents where First: AnimatableComponents, Second: AnimatableComponents {
    package static var componentCount: Int { First.componentCount + Second.componentCount }
    package init(components: ArraySlice<Double>) {
        let split = components.startIndex + First.componentCount
        self.init(First(components: components[..<split]), Second(components: components[split...]))
    }
}
