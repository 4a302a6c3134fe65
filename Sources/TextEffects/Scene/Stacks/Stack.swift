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
}
