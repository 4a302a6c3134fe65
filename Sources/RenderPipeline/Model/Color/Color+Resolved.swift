extension Color {
    /// A concrete colour value, as SwiftUI's `Color.Resolved`: red, green, blue and opacity as
    /// `Float`s, readable gamma-encoded in sRGB (`red`) or as linear light (`linearRed`).
    ///
    /// As in SwiftUI, the components are kept as linear light, so animating between two
    /// resolved colours blends in linear light. Components outside 0...1 (extended sRGB) are
    /// kept; they are clamped only when drawn.
    public struct Resolved: Hashable, Sendable, CustomStringConvertible {
        /// The amount of red as linear light, in the sRGB primaries.
        public var linearRed: Float
        /// The amount of green as linear light, in the sRGB primaries.
        public var linearGreen: Float
        /// The amount of blue as linear light, in the sRGB primaries.
        public var linearBlue: Float
        /// The opacity, 0 (transparent) to 1 (opaque).
        public var opacity: Float

        /// A colour from red, green and blue components in `colorSpace`, gamma-encoded unless the
        /// space is `.sRGBLinear`; Display P3 is converted to sRGB as `Color`'s initialiser does.
        public init(colorSpace: Color.RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            switch colorSpace {
            case .sRGBLinear:
                (linearRed, linearGreen, linearBlue) = (red, green, blue)
            case .sRGB, .displayP3:
                let color = Color(colorSpace, red: Double(red), green: Double(green), blue: Double(blue))
                linearRed = Float(Color.decodeSRGB(color.red))
                linearGreen = Float(Color.decodeSRGB(color.green))
                linearBlue = Float(Color.decodeSRGB(color.blue))
            }
            self.opacity = opacity
        }

        /// The amount of red, gamma-encoded in sRGB (what `Color(red:green:blue:)` takes).
        public var red: Float {
            get { Float(Color.encodeSRGB(Double(linearRed))) }
            set { linearRed = Float(Color.decodeSRGB(Double(newValue))) }
        }

        /// The amount of green, gamma-encoded in sRGB.
        public var green: Float {
            get { Float(Color.encodeSRGB(Double(linearGreen))) }
            set { linearGreen = Float(Color.decodeSRGB(Double(newValue))) }
        }

        /// The amount of blue, gamma-encoded in sRGB.
        public var blue: Float {
            get { Float(Color.encodeSRGB(Double(linearBlue))) }
            set { linearBlue = Float(Color.decodeSRGB(Double(newValue))) }
        }

        /// `#RRGGBBAA` of the gamma-encoded components, as SwiftUI prints a resolved colour.
        public var description: String { Color(self).description }
    }

    /// The colour the resolved one describes.
    public init(_ resolved: Resolved) {
        self.init(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue),
                  alpha: Double(resolved.opacity))
    }
}

/// A resolved colour fills as the colour it describes, as in SwiftUI.
extension Color.Resolved: PaintingShapeStyle {
    package var paint: Paint { .color(Color(self)) }
}

/// Resolved colours animate component by component in linear light, as SwiftUI's do.
extension Color.Resolved: Animatable {
    public var animatableData: AnimatablePair<Float, AnimatablePair<Float, AnimatablePair<Float, Float>>> {
        get { AnimatablePair(linearRed, AnimatablePair(linearGreen, AnimatablePair(linearBlue, opacity))) }
        set {
            linearRed = newValue.first
            linearGreen = newValue.second.first
            linearBlue = newValue.second.second.first
            opacity = newValue.second.second.second
        }
    }
}
