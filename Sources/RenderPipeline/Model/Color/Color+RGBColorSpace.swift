extension Color {
    /// The RGB color spaces a color's components can be given in, as SwiftUI's
    /// `Color.RGBColorSpace`. Colors are stored and drawn in sRGB; the others are converted.
    public enum RGBColorSpace: Hashable, Sendable {
        /// The sRGB color space, components gamma-encoded as on the web and in CSS.
        case sRGB
        /// The sRGB primaries with linear (not gamma-encoded) components.
        case sRGBLinear
        /// Display P3: wider primaries than sRGB, with the sRGB transfer curve.
        case displayP3
    }
}
