import Foundation

/// A shape that can be drawn inset from the frame it is given, as SwiftUI's `InsettableShape`.
///
/// Insetting by half a stroke's width is how a border is drawn inside a shape's frame rather
/// than across its edge. The built-in shapes inset their frame by the amount on every side and
/// shrink their corner radii by it (never below zero); a negative amount grows them. A frame
/// inset past its middle gives an empty path.
public protocol InsettableShape: Shape {
    /// The type of the inset shape.
    associatedtype InsetShape: InsettableShape

    /// The shape inset by `amount` on every side.
    func inset(by amount: CGFloat) -> InsetShape
}
