extension Color {
    /// The colour `fraction` of the way to `other`, mixed in linear light (as a gradient with
    /// `.linearColor` blends) and encoded back to sRGB.
    func mixedInLinearLight(with other: Color, by fraction: Double) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double {
            Self.encodeSRGB(Self.decodeSRGB(a) + (Self.decodeSRGB(b) - Self.decodeSRGB(a)) * fraction)
        }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
                     alpha: alpha + (other.alpha - alpha) * fraction)
    }
}
