/// A shape style of any type, as SwiftUI's `AnyShapeStyle`: for storing or returning styles of
/// different types as one.
public struct AnyShapeStyle: PaintingShapeStyle {
    private let base: any ShapeStyle

    /// Wraps `style`, which paints as before.
    public init<S: ShapeStyle>(_ style: S) {
        base = style
    }

    package var paint: Paint { base.paint }
}
