import Foundation

/// What glyphs or shapes are filled with: a flat colour, or a linear, radial or angular (conic)
/// gradient.
///
/// This is the one paint model of texteffects. SwiftUI's faces over it — `Color`,
/// `LinearGradient`, `RadialGradient`, `AngularGradient` as a `ShapeStyle`, and
/// `GraphicsContext.Shading` — all become a `Paint`, and one function turns a `Paint` into what
/// is drawn with. A gradient's geometry is given either in unit points of what it fills (its
/// bounds, resolved when it is drawn) or in points of the drawing's current coordinates.
public enum Paint: Hashable, Sendable {
    /// One colour everywhere.
    case color(Color)
    /// Colours along a line.
    case linearGradient(LinearGradient)
    /// Colours in circles around a centre.
    case radialGradient(RadialGradient)
    /// Colours around a centre, sweeping clockwise (a conic gradient when it makes a full turn).
    case angularGradient(AngularGradient)
}
