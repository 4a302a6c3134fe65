/// A gradient used as a style without saying where it runs, as SwiftUI's `AnyGradient`: it
/// fills from top to bottom (unit points (0.5, 0) to (0.5, 1)) of what it fills, as SwiftUI's
/// does.
public struct AnyGradient: PaintingShapeStyle, Hashable {
    let gradient: Gradient

    /// A style of `gradient`'s stops, running from top to bottom.
    public init(_ gradient: Gradient) {
        self.gradient = gradient
    }

    package var paint: Paint {
        .linearGradient(LinearGradient(gradient: gradient, startPoint: .top, endPoint: .bottom))
    }
}

/// A `Gradient` is a style of its own, as in SwiftUI: its stops from top to bottom.
extension Gradient: PaintingShapeStyle {
    package var paint: Paint { AnyGradient(self).paint }
}

extension Color {
    /// The standard gradient of this colour, as SwiftUI's `Color.gradient`: a subtle
    /// top-to-bottom gradient from a lighter version of the colour to the colour itself.
    ///
    /// Apple does not publish how the lighter colour is made. Here it is the colour with its HSL
    /// lightness raised by 0.15 (hue, saturation and opacity kept), which matches what SwiftUI
    /// draws for mid-tone colours to within about 0.01 of lightness; SwiftUI also shifts the
    /// saturation a little, and lightens black somewhat more.
    public var gradient: AnyGradient {
        AnyGradient(Gradient(colors: [lightened(by: 0.15), self]))
    }

    /// This colour with its HSL lightness raised by `amount`, at most to white.
    func lightened(by amount: Double) -> Color {
        let r = min(max(red, 0), 1), g = min(max(green, 0), 1), b = min(max(blue, 0), 1)
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        var hue = 0.0
        if chroma > 0 {
            if high == r { hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6) }
            else if high == g { hue = (b - r) / chroma + 2 }
            else { hue = (r - g) / chroma + 4 }
            if hue < 0 { hue += 6 }
        }
        let saturation = chroma == 0 ? 0 : chroma / (1 - abs(2 * lightness - 1))
        let raised = min(lightness + amount, 1)
        // Back from HSL with the new lightness.
        let newChroma = (1 - abs(2 * raised - 1)) * saturation
        let x = newChroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let m = raised - newChroma / 2
        let (r1, g1, b1): (Double, Double, Double)
        switch Int(hue) {
        case 0: (r1, g1, b1) = (newChroma, x, 0)
        case 1: (r1, g1, b1) = (x, newChroma, 0)
        case 2: (r1, g1, b1) = (0, newChroma, x)
        case 3: (r1, g1, b1) = (0, x, newChroma)
        case 4: (r1, g1, b1) = (x, 0, newChroma)
        default: (r1, g1, b1) = (newChroma, 0, x)
        }
        return Color(red: r1 + m, green: g1 + m, blue: b1 + m, alpha: alpha)
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient of `gradient`'s stops between two unit points of what it fills, as
    /// SwiftUI's `linearGradient(_:startPoint:endPoint:)` taking an `AnyGradient`
    /// (`.linearGradient(.red.gradient, startPoint: .leading, endPoint: .trailing)`).
    public static func linearGradient(_ gradient: AnyGradient, startPoint: UnitPoint, endPoint: UnitPoint) -> some ShapeStyle {
        LinearGradient(gradient: gradient.gradient, startPoint: startPoint, endPoint: endPoint)
    }
}
