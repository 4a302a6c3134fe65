import Foundation

/// SwiftUI's colors and color initializers.
///
/// The named colors are SwiftUI's on iOS 15 to 18 in light mode (UIKit's system colors,
/// listed in Apple's Human Interface Guidelines under "Color"), which is what a SwiftUI view
/// shows in the default appearance. SwiftUI's named colors adapt to dark mode and increased
/// contrast; ours are constants, so dark content should name its colors explicitly.
extension Color {
    /// Pure black, (0, 0, 0).
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Pure white, (255, 255, 255).
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// systemRed, (255, 59, 48).
    public static let red = Color(red8: 255, green8: 59, blue8: 48)
    /// systemOrange, (255, 149, 0).
    public static let orange = Color(red8: 255, green8: 149, blue8: 0)
    /// systemYellow, (255, 204, 0).
    public static let yellow = Color(red8: 255, green8: 204, blue8: 0)
    /// systemGreen, (52, 199, 89).
    public static let green = Color(red8: 52, green8: 199, blue8: 89)
    /// systemMint, (0, 199, 190).
    public static let mint = Color(red8: 0, green8: 199, blue8: 190)
    /// systemTeal, (48, 176, 199).
    public static let teal = Color(red8: 48, green8: 176, blue8: 199)
    /// systemCyan, (50, 173, 230).
    public static let cyan = Color(red8: 50, green8: 173, blue8: 230)
    /// systemBlue, (0, 122, 255).
    public static let blue = Color(red8: 0, green8: 122, blue8: 255)
    /// systemIndigo, (88, 86, 214).
    public static let indigo = Color(red8: 88, green8: 86, blue8: 214)
    /// systemPurple, (175, 82, 222).
    public static let purple = Color(red8: 175, green8: 82, blue8: 222)
    /// systemPink, (255, 45, 85).
    public static let pink = Color(red8: 255, green8: 45, blue8: 85)
    /// systemBrown, (162, 132, 94).
    public static let brown = Color(red8: 162, green8: 132, blue8: 94)
    /// systemGray, (142, 142, 147).
    public static let gray = Color(red8: 142, green8: 142, blue8: 147)

    /// The primary label color: black in light mode.
    public static let primary = Color.black
    /// The secondary label color: (60, 60, 67) at 60% opacity in light mode.
    public static let secondary = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)

    /// The app's accent color: SwiftUI's default, system blue, as no asset catalog sets another.
    public static var accentColor: Color { .blue }

    /// A color from red, green and blue components in `colorSpace`, converted to sRGB.
    ///
    /// sRGB components are kept as given. Linear components are gamma-encoded with the sRGB
    /// curve, extended symmetrically past 0...1. Display P3 colors are converted exactly to sRGB
    /// and then clamped to 0...1: we draw in sRGB, so colors outside its gamut cannot be shown
    /// and come out as the nearest sRGB color per component.
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        switch colorSpace {
        case .sRGB:
            self.init(red: red, green: green, blue: blue, alpha: opacity)
        case .sRGBLinear:
            self.init(red: Self.encodeSRGB(red), green: Self.encodeSRGB(green), blue: Self.encodeSRGB(blue),
                      alpha: opacity)
        case .displayP3:
            // P3 shares sRGB's transfer curve and white point: linearize, change primaries with
            // the matrix derived from both spaces' chromaticities (D65), re-encode.
            let r = Self.decodeSRGB(red), g = Self.decodeSRGB(green), b = Self.decodeSRGB(blue)
            let linear = [1.2249401763 * r - 0.2249401763 * g,
                          -0.0420569547 * r + 1.0420569547 * g,
                          -0.0196375546 * r - 0.0786360456 * g + 1.0982736001 * b]
            let encoded = linear.map { min(max(Self.encodeSRGB($0), 0), 1) }
            self.init(red: encoded[0], green: encoded[1], blue: encoded[2], alpha: opacity)
        }
    }

    /// A gray with equal red, green and blue components of `white` in `colorSpace`.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A color from hue, saturation and brightness (HSB, also called HSV), each in 0...1;
    /// hue 0 and 1 are both red, and it wraps beyond.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = min(Int(h), 5), fraction = h - Double(sector)
        let v = brightness, s = saturation
        let p = v * (1 - s), q = v * (1 - s * fraction), t = v * (1 - s * (1 - fraction))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: opacity)
    }

    /// The sRGB transfer curve, linear light to encoded; odd-symmetric for extended values.
    static func encodeSRGB(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// The inverse sRGB transfer curve, encoded to linear light; odd-symmetric.
    static func decodeSRGB(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -linear : linear
    }
}
