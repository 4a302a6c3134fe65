import Foundation

/// What glyphs or shapes are filled with: a flat colour, a linear, radial or angular (conic)
/// gradient, or an image repeated as a tile.
///
/// This is the one paint model of texteffects. SwiftUI's faces over it — `Color`,
/// `LinearGradient`, `RadialGradient`, `AngularGradient`, `ImagePaint` as a `ShapeStyle`, and
/// `GraphicsContext.Shading` — all become a `Paint`, and one function turns a `Paint` into what
/// is drawn with. A gradient's geometry is given either in unit points of what it fills (its
/// bounds, resolved when it is drawn) or in points of the drawing's current coordinates; so is
/// where an image's tiles start.
public enum Paint: Hashable, Sendable {
    /// One colour everywhere.
    case color(Color)
    /// Colours along a line.
    case linearGradient(LinearGradient)
    /// Colours in circles around a centre.
    case radialGradient(RadialGradient)
    /// Colours around a centre, sweeping clockwise (a conic gradient when it makes a full turn).
    case angularGradient(AngularGradient)
    /// An image's tile repeated in every direction, one tile's top-leading corner at `origin`
    /// (SwiftUI's `ImagePaint` starts at what it fills, `Shading.tiledImage` at a point).
    case image(ImagePaint, origin: Anchor)
}
