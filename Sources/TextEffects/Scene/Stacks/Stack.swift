/// A `stack` block: children laid out along an axis with SwiftUI's proposal → size protocol.
package struct Stack: Sendable {
    /// The stack's id: its children's ids, when they give none, are `id.0`, `id.1`, …
    package var id: String
    package var axis: StackAxis
    /// The space between adjacent children, in points.
    package var spacing: Double
    /// Across the axis for vertical and horizontal stacks (its horizontal and vertical part
    /// respectively), both ways for depth stacks.
    package var alignment: Alignment
    /// Space inside the stack's edges, around its children.
    package var padding: EdgeInsets
    package var children: [StackItem]
    /// A fixed width or height, as SwiftUI's `.frame(width:height:)`: the children are offered
    /// that much, and the stack is that size whatever theirs.
    package var width: Double?
    package var height: Double?
    /// A shape drawn behind the children, filling the stack (with its padding).
    package var background: ShapeBlock?
    /// Fades every child by this much (with its own opacity), as SwiftUI's `opacity` on a stack
    /// does without `compositingGroup()`: each child is faded on its own.
    package var opacity: Keyframed<Double> = .constant(1)
    /// Moves every child (and the background) by this much after layout, as SwiftUI's `offset`.
    package var offset: Keyframed<CGPoint> = .constant(.zero)
    /// Renderers for every text inside the stack, outside each text's own effects (drawn as if
    /// listed before them); shapes and images have no text to draw with them.
    package var effects: [any TextRenderer] = []

    /// SwiftUI's usual spacing between adjacent views, which a stack without `spacing` uses.
    package static let defaultSpacing: Double = 8

    package init(id: String, axis: StackAxis, spacing: Double = Stack.defaultSpacing, alignment: Alignment = .center,
                 padding: EdgeInsets = EdgeInsets(), children: [StackItem]) {
        self.id = id
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.padding = padding
        self.children = children
    }

    /// The stack with its `effects` handed to the text blocks and stacks inside it (each in
    /// front of their own), all the way down: what the layout sizes and draws.
    func passingEffectsToChildren() -> Stack {
        guard !effects.isEmpty || children.contains(where: { if case .stack = $0 { true } else { false } }) else { return self }
        var stack = self
        stack.children = children.map { child in
            switch child {
            case .block(var block, let width, let height):
                if block.shape == nil, block.image == nil, !effects.isEmpty { block.effects = effects + block.effects }
                return .block(block, width: width, height: height)
            case .stack(var inner):
                inner.effects = effects + inner.effects
                return .stack(inner.passingEffectsToChildren())
            case .spacer:
                return child
            }
        }
        stack.effects = []
        return stack
    }
}
