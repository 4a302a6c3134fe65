/// One child of a stack: a block (text or shape), a stack, or a spacer.
package enum StackItem: Sendable {
    /// A text or shape block. `width` and `height` fix its size on that axis, as SwiftUI's
    /// `.frame(width:height:)`; nil lets it size itself (text to its lines at the width it is
    /// offered, a shape to all it is offered).
    case block(Block, width: Double?, height: Double?)
    /// A stack inside the stack.
    case stack(Stack)
    /// SwiftUI's `Spacer`: at least `minLength` along the stack's axis, and as much more as is
    /// left over, shared with the other spacers.
    case spacer(minLength: Double)
}
