import Foundation
import TextEffects

/// The `blur` custom attribute a span carries in a scene: `"attributes": {"blur": {"radius": 6}}`.
public struct BlurAttribute: TextAttribute, Codable {
    public static let attributeName = "blur"
    /// The span's own blur radius; the effect's `radius` when absent.
    public var radius: Double?

    public init(radius: Double? = nil) { self.radius = radius }

    private enum CodingKeys: String, CodingKey { case radius }

    /// Reads `{"radius": points}`, refusing a radius outside 0…`GraphicsContext.Filter.maximumBlurRadius`
    /// (the effect's own `radius` range), so a scene cannot ask for a blur no canvas could hold.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let radius = try container.decodeIfPresent(Double.self, forKey: .radius)
        if let radius, !(0...GraphicsContext.Filter.maximumBlurRadius).contains(radius) {
            throw DecodingError.dataCorruptedError(forKey: .radius, in: container, debugDescription:
                "\(radius.formatted(.number.grouping(.never).locale(Locale(identifier: "en_US_POSIX")))) is out of range (0–\(Int(GraphicsContext.Filter.maximumBlurRadius)))")
        }
        self.radius = radius
    }
}

/// Gaussian blur of the selected runs (spoiler text), as in the iOS 18 TextRenderer talk.
///
/// Each selected piece is drawn into a layer covering only its bounds plus the blur's reach,
/// so everything else stays byte-identical; the cost is O(pixels) whatever the radius.
public struct BlurEffect: SceneEffect {
    public static let name = "blur"
    public static let summary = "Gaussian blur of the selected runs (by default those with the blur attribute)"
    public static let attributeTypes: [any (TextAttribute & Decodable).Type] = [BlurAttribute.self]

    public static let radius = EffectParameter.animatable("radius", default: 8, in: 0...GraphicsContext.Filter.maximumBlurRadius,
                                                          help: "blur radius in points where a run's blur attribute gives none; keyframable")
    public static let select = EffectParameter.select(default: .attribute(BlurAttribute.attributeName))

    public var radius: Keyframed<Double>
    public var selector: TextSelector

    public init(radius: Keyframed<Double> = Self.radius.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.radius = radius
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(radius: parameters.value(of: Self.radius), selector: parameters.value(of: Self.select))
    }

    /// Whether what the effect draws differs from frame to frame. Only a keyframed radius follows the time.
    public var changesOverTime: Bool { !radius.isConstant }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let fallback = radius.value(at: context.time)
        // Selected pieces with one radius share one layer and one blur: blurring is linear, so
        // this looks the same as blurring each run, and a whole blurred paragraph costs one pass.
        var groups: [(radius: Double, parts: [TextLayout], bounds: CGRect)] = []
        context.drawSegments(of: layout, selectedBy: selector) { part, context in
            guard let run = part.runs.first else {
                context.draw(part)
                return
            }
            let r = run[BlurAttribute.self]?.radius ?? fallback
            guard r > 0.01 else {
                context.draw(part)
                return
            }
            // Ink may overhang the typographic box: pad by half the font size.
            let box = part.typographicBounds.insetBy(dx: -run.fontSize / 2, dy: -run.fontSize / 2)
            if let i = groups.firstIndex(where: { $0.radius == r }) {
                groups[i].parts.append(part)
                groups[i].bounds = groups[i].bounds.union(box)
            } else {
                groups.append((r, [part], box))
            }
        }
        for group in groups {
            var copy = context
            copy.addFilter(.blur(radius: group.radius))
            copy.drawLayer(bounds: group.bounds) { layer in
                for part in group.parts { layer.draw(part) }
            }
        }
    }

    /// Three standard deviations of the largest radius (a span's own radius is assumed no larger).
    public var displayPadding: EdgeInsets { EdgeInsets(all: 3 * max(radius.largestMagnitude, 8) + 1) }
}
