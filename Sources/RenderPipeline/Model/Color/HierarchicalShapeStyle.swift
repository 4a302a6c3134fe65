/// The foreground's levels of emphasis, as SwiftUI's `HierarchicalShapeStyle`: `.primary` down
/// to `.quinary`, resolved as iOS's label colours in light mode.
public struct HierarchicalShapeStyle: PaintingShapeStyle, Hashable {
    let level: Int

    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    public static let quinary = HierarchicalShapeStyle(level: 4)

    /// The opacity of each level, primary to quinary: iOS's label, secondaryLabel,
    /// tertiaryLabel, quaternaryLabel and quinaryLabel in light mode. A style's own levels
    /// (`Color.red.secondary`) use the same ladder.
    static let opacities = [1, 0.6, 0.3, 0.18, 0.05]

    package var paint: Paint {
        level == 0 ? .color(.black)
            : .color(Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: Self.opacities[level]))
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle.tertiary }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle.quaternary }
    public static var quinary: HierarchicalShapeStyle { HierarchicalShapeStyle.quinary }
}
