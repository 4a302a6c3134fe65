import Foundation

extension GraphicsContext {
    /// What a fill or stroke paints with, as SwiftUI's `GraphicsContext.Shading`: a colour, a
    /// style, a gradient whose points are in the context's current coordinates, or a tiled image.
    ///
    /// A face of ``Paint``: every shading but `.foreground` and `.palette` is one, and those two
    /// become one when the context resolves them.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case paint(Paint)
            case foreground
            case palette([Shading])
        }

        let kind: Kind

        init(_ kind: Kind) { self.kind = kind }

        init(_ paint: Paint) { kind = .paint(paint) }

        public static func color(_ color: Color) -> Shading { Shading(.paint(.color(color))) }

        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                                 opacity: Double = 1) -> Shading {
            color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }

        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
            color(Color(colorSpace, white: white, opacity: opacity))
        }

        /// A colour, gradient or image style (`Color`, `LinearGradient`, `RadialGradient`,
        /// `AngularGradient`, `ImagePaint`, a `Paint`); unit points are of what the fill or stroke covers.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(.paint(style.paint)) }

        /// The context's foreground: the paint text is drawn with, black unless a renderer set one.
        public static var foreground: Shading { Shading(.foreground) }

        /// Several shadings; fills and strokes use the first.
        public static func palette(_ array: [Shading]) -> Shading { Shading(.palette(array)) }

        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(.paint(.linearGradient(LinearGradient(gradient: gradient, placement: .points(start: .point(startPoint), end: .point(endPoint)),
                                                          options: options))))
        }

        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(.paint(.radialGradient(RadialGradient(gradient: gradient, centeredAt: .point(center), startRadius: startRadius,
                                                          endRadius: endRadius, options: options))))
        }

        /// An image's tile repeated in every direction, one tile's top-leading corner at `origin`
        /// (current coordinates): the `sourceRect` (unit coordinates of the image) of the image,
        /// drawn `scale` times its size, as SwiftUI's `tiledImage(_:origin:sourceRect:scale:)`.
        public static func tiledImage(_ image: Image, origin: CGPoint = .zero,
                                      sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1) -> Shading {
            Shading(.paint(.image(ImagePaint(image: image, sourceRect: sourceRect, scale: scale), origin: .point(origin))))
        }

        /// Colours sweeping clockwise around `center`, starting at `angle` (0 points along +x).
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = Angle(),
                                         options: GradientOptions = GradientOptions()) -> Shading {
            Shading(.paint(.angularGradient(AngularGradient(gradient: gradient, centeredAt: .point(center), startAngle: angle,
                                                            endAngle: .radians(angle.radians + 2 * .pi), options: options))))
        }
    }

    /// Options for gradient shadings, as SwiftUI's `GraphicsContext.GradientOptions`: the
    /// paint model's own.
    public typealias GradientOptions = Paint.GradientOptions

    /// The shading as this context paints it: `.foreground` becomes the context's foreground.
    public func resolve(_ shading: Shading) -> Shading {
        switch shading.kind {
        case .foreground: return Shading(foregroundPaint ?? .color(.primary))
        case .palette(let all): return all.first.map(resolve) ?? Shading(.paint(.color(.clear)))
        default: return shading
        }
    }

    /// The paint `shading` fills with in this context.
    func paint(of shading: Shading) -> Paint {
        if case .paint(let paint) = resolve(shading).kind { return paint }
        return .color(.clear)
    }
}
