/// A colour or gradient a shape can be filled with, as SwiftUI's `ShapeStyle`: `Color`,
/// `LinearGradient`, `RadialGradient`, `AngularGradient` and the hierarchical styles
/// (`.secondary` …) are styles, each a face of a ``Paint``.
///
/// As in SwiftUI, what a style paints with is not part of the public API: a style of your own
/// paints as `.primary`.
public protocol ShapeStyle: Sendable {}

/// The styles texteffects defines, which say what they paint with.
package protocol PaintingShapeStyle: ShapeStyle {
    /// The style as the paint it fills with.
    var paint: Paint { get }
}

extension ShapeStyle {
    /// The paint this style fills with; `.primary`'s for a style texteffects does not define.
    package var paint: Paint { (self as? any PaintingShapeStyle)?.paint ?? HierarchicalShapeStyle.primary.paint }
}

extension Color: PaintingShapeStyle {
    package var paint: Paint { .color(self) }
}

extension LinearGradient: PaintingShapeStyle {
    package var paint: Paint { .linearGradient(self) }
}

extension RadialGradient: PaintingShapeStyle {
    package var paint: Paint { .radialGradient(self) }
}

extension AngularGradient: PaintingShapeStyle {
    package var paint: Paint { .angularGradient(self) }
}

extension Paint: PaintingShapeStyle {
    package var paint: Paint { self }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient between two unit points of what it fills.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient of evenly spaced colours between two unit points of what it fills.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient of stops between two unit points of what it fills.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var white: Color { Color.white }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
}
