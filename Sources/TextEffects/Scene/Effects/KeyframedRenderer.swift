import Foundation

/// A renderer whose `animatableData` a scene sets from keyframes for each frame, as a SwiftUI
/// animation sets it between two states: `{"type": "tilt", "animatableData": [{"t": 0,
/// "value": 0}, {"t": 1, "value": 1, "easing": "easeOut"}]}`.
struct KeyframedRenderer<Base: TextRenderer>: TextRenderer {
    let base: Base
    /// The data's numbers over time (one number per component, first to second for pairs).
    let data: Keyframed<AnimatableVector>

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        var renderer = base
        renderer.animatableData = Self.data(data.value(at: ctx.time))
        renderer.draw(layout: layout, in: &ctx)
    }

    /// The most room the renderer asks for at any of its keyframes' values (an animated lift
    /// asks for more at its end than at its start).
    var displayPadding: EdgeInsets {
        let values: [AnimatableVector]
        switch data.storage {
        case .constant(let value): values = [value]
        case .keyframes(let keys): values = keys.map(\.value)
        }
        return values.reduce(base.displayPadding) { padding, value in
            var renderer = base
            renderer.animatableData = Self.data(value)
            return padding.union(renderer.displayPadding)
        }
    }

    func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize {
        base.sizeThatFits(proposal: proposal, text: text)
    }

    private static func data(_ vector: AnimatableVector) -> Base.AnimatableData {
        // `make` only builds these for data types that are AnimatableComponents.
        let type = Base.AnimatableData.self as! AnimatableComponents.Type
        return type.init(components: vector.components[...]) as! Base.AnimatableData
    }

    /// `renderer` with its `animatableData` keyframed by `node` (numbers, or arrays of numbers
    /// for pairs), or nil with a problem reported when the data cannot come from a scene.
    static func make(_ renderer: Base, effect name: String, node: JSONNode) -> KeyframedRenderer? {
        guard let type = Base.AnimatableData.self as? AnimatableComponents.Type, type.componentCount > 0 else {
            node.problem("the \"\(name)\" effect has no animatable data a scene can set "
                + "(its animatableData is \(Base.AnimatableData.self))")
            return nil
        }
        let count = type.componentCount
        let keys = node.animatable { value -> AnimatableVector? in
            if count == 1 { return value.number().map { AnimatableVector(components: [$0]) } }
            guard let items = value.array() else {
                let _: Bool? = value.mismatch("an array of \(count) numbers")
                return nil
            }
            guard items.count == count else {
                value.problem("has \(items.count) numbers; \(Base.AnimatableData.self) takes \(count)")
                return nil
            }
            let numbers = items.compactMap { $0.number() }
            return numbers.count == count ? AnimatableVector(components: numbers) : nil
        }
        return keys.map { KeyframedRenderer(base: renderer, data: $0) }
    }
}

/// The numbers of an `animatableData` value, interpolated component by component.
struct AnimatableVector: Interpolatable {
    var components: [Double]

    static func interpolate(_ a: AnimatableVector, _ b: AnimatableVector, _ progress: Double) -> AnimatableVector {
        AnimatableVector(components: zip(a.components, b.components).map { $0 + ($1 - $0) * progress })
    }
}
