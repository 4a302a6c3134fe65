extension ShapeStyle {
    /// The second level of this style, as SwiftUI's `secondary` on any shape style: the style
    /// at 60 % of its opacity.
    ///
    /// SwiftUI does not publish how it derives a style's levels; here each level is the style
    /// at the opacity of the same level of `HierarchicalShapeStyle` (1, 0.6, 0.3, 0.18 and
    /// 0.05, iOS's label colours in light mode), so `Color.red.secondary` is red at 0.6 opacity.
    /// A hierarchical style moves down its own ladder instead: `.secondary.secondary` is
    /// `.tertiary`.
    public var secondary: some ShapeStyle { HierarchicalLevelShapeStyle(base: self, level: 1) }

    /// The third level of this style: the style at 30 % of its opacity (see `secondary`).
    public var tertiary: some ShapeStyle { HierarchicalLevelShapeStyle(base: self, level: 2) }

    /// The fourth level of this style: the style at 18 % of its opacity (see `secondary`).
    public var quaternary: some ShapeStyle { HierarchicalLevelShapeStyle(base: self, level: 3) }

    /// The fifth level of this style: the style at 5 % of its opacity (see `secondary`).
    public var quinary: some ShapeStyle { HierarchicalLevelShapeStyle(base: self, level: 4) }
}

/// One of the lower levels of a style.
struct HierarchicalLevelShapeStyle<Base: ShapeStyle>: PaintingShapeStyle {
    var base: Base
    var level: Int

    package var paint: Paint {
        if let hierarchical = base as? HierarchicalShapeStyle {
            return HierarchicalShapeStyle(level: min(hierarchical.level + level, HierarchicalShapeStyle.opacities.count - 1)).paint
        }
        return base.paint.multiplyingOpacity(by: HierarchicalShapeStyle.opacities[level])
    }
}
