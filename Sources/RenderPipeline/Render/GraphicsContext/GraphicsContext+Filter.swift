import Foundation

extension GraphicsContext {
    /// An effect applied to what a graphics context draws after the filter is added, as
    /// SwiftUI's `GraphicsContext.Filter`: each drawing operation is drawn into a layer of its
    /// own, the context's filters are applied to it in the order they were added, and the result
    /// is composited with the context's opacity, blend mode and clip.
    public struct Filter: Hashable, Sendable {
        /// The largest blur radius a scene may ask for, in points (scene limits, "blur"): a
        /// plug-in that reads a radius from a scene holds it to this.
        public static let maximumBlurRadius = SceneLimits.maximumBlurRadius

        enum Kind: Hashable, Sendable {
            /// A Gaussian blur with standard deviation `radius` points.
            case blur(radius: Double)
            case shadow(color: Color, radius: Double, x: Double, y: Double, blendMode: BlendMode, options: ShadowOptions)
            case color(ColorFilter)
        }

        let kind: Kind
        /// Whether colours are filtered in linear light (`FilterOptions.linearColor`).
        var linearColor = false

        init(_ kind: Kind) { self.kind = kind }

        /// A Gaussian blur with standard deviation `radius` points (CSS `blur()` semantics).
        /// `options` are accepted for SwiftUI's sake; the blur always treats its edges as transparent.
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(.blur(radius: Double(radius)))
        }

        /// A blurred, offset copy of the drawing's alpha in `color`, drawn under the drawing (or
        /// over it, or alone, as `options` say).
        public static func shadow(color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.33), radius: CGFloat,
                                  x: CGFloat = 0, y: CGFloat = 0, blendMode: BlendMode = .normal,
                                  options: ShadowOptions = ShadowOptions()) -> Filter {
            Filter(.shadow(color: color, radius: Double(radius), x: Double(x), y: Double(y), blendMode: blendMode, options: options))
        }

        /// Turns every hue by `angle` (the W3C `hueRotate` matrix).
        public static func hueRotation(_ angle: Angle) -> Filter { Filter(.color(.hueRotation(radians: angle.radians))) }

        /// Multiplies each colour component, and alpha, by `color`'s.
        public static func colorMultiply(_ color: Color) -> Filter { Filter(.color(.colorMultiply(color))) }

        /// Scales saturation: 0 is grey, 1 unchanged.
        public static func saturation(_ amount: Double) -> Filter { Filter(.color(.saturation(amount))) }

        /// Adds `amount` to each colour component: 0 unchanged, 1 white.
        public static func brightness(_ amount: Double) -> Filter { Filter(.color(.brightness(amount))) }

        /// Scales contrast around middle grey: 0 is grey, 1 unchanged.
        public static func contrast(_ amount: Double) -> Filter { Filter(.color(.contrast(amount))) }

        /// Removes colour: 0 unchanged, 1 fully grey.
        public static func grayscale(_ amount: Double) -> Filter { Filter(.color(.grayscale(amount))) }

        /// Inverts colours: 1 fully, 0 not at all.
        public static func colorInvert(_ amount: Double = 1) -> Filter { Filter(.color(.colorInvert(amount))) }

        /// Black whose alpha is the drawing's luminance.
        public static var luminanceToAlpha: Filter { Filter(.color(.luminanceToAlpha)) }

        /// Pixels whose alpha is within `min`…`max` become `color`; the others become transparent.
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = Color.black) -> Filter {
            Filter(.color(.alphaThreshold(min: min, max: max, color: color)))
        }

        /// Applies a colour matrix to every pixel.
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter { Filter(.color(.colorMatrix(matrix))) }

        /// How far, in points, the filter can spread pixels beyond what was drawn.
        var padding: Double {
            switch kind {
            case .blur(let radius): BoxBlur.reach(sigma: radius)
            case .shadow(_, let radius, let x, let y, _, _): BoxBlur.reach(sigma: radius) + Swift.max(abs(x), abs(y))
            case .color: 0
            }
        }
    }

    /// Options for `addFilter(_:options:)`, as SwiftUI's `GraphicsContext.FilterOptions`.
    public struct FilterOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Filter colours in linear light rather than in sRGB.
        public static let linearColor = FilterOptions(rawValue: 1 << 0)
    }

    /// Options for a blur, as SwiftUI's `GraphicsContext.BlurOptions`.
    public struct BlurOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let opaque = BlurOptions(rawValue: 1 << 0)
        public static let dithersResult = BlurOptions(rawValue: 1 << 1)
    }

    /// Options for a shadow, as SwiftUI's `GraphicsContext.ShadowOptions`.
    public struct ShadowOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Draw the shadow over the drawing rather than under it.
        public static let shadowAbove = ShadowOptions(rawValue: 1 << 0)
        /// Draw only the shadow.
        public static let shadowOnly = ShadowOptions(rawValue: 1 << 1)
        /// Cast the shadow from the drawing's transparent parts (an inner shadow).
        public static let invertsAlpha = ShadowOptions(rawValue: 1 << 2)
        /// Accepted for SwiftUI's sake: every drawing operation is one group here.
        public static let disablesGroup = ShadowOptions(rawValue: 1 << 3)
    }

    /// Applies `filter` to every drawing operation from now on, each in its own offscreen layer
    /// that covers only the operation's bounds plus the filter's reach.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        var filter = filter
        filter.linearColor = options.contains(.linearColor)
        filters.append(filter)
    }
}

/// The name filters had before they took SwiftUI's place in `GraphicsContext`.
public typealias Filter = GraphicsContext.Filter
