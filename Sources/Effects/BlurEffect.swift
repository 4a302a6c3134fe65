import Foundation
import RenderPipeline

/// The `blur` custom attribute a span carries in a scene: `"attributes": {"blur": {"radius": 6}}`.
public struct BlurAttribute: TextAttribute, Codable {
    public static let attributeName = "blur"
    /// The span's own blur radius; the effect's `radius` when absent.
    public var radius: Double?

    public init(radius: Double? = nil) { self.radius = radius }
}

/// Gaussian blur of the selected runs (spoiler text), as in the iOS 18 TextRenderer talk.
///
/// Each selected piece is drawn into a layer covering only its bounds plus the blur's reach,
/// so everything else stays byte-identical; the cost is O(pixels) whatever the radius.
public struct BlurEffect: SceneEffect {
    public static let name = "blur"
    public static let summary = "Gaussian blur of the selected runs (by default those with the blur attribute)"

    public var radius: Animatable<Double>
    public var selector: TextSelector

    public init(radius: Animatable<Double> = .constant(8), selector: TextSelector = .attribute(BlurAttribute.attributeName)) {
        self.radius = radius
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(radius: parameters.animatable("radius", default: 8, in: 0...500,
                                                help: "blur radius in points where a run's blur attribute gives none; keyframable"),
                  selector: parameters.selector(default: .attribute(BlurAttribute.attributeName)))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let fallback = radius.value(at: context.time)
        for (part, selected) in selector.segments(of: layout) {
            guard selected, let run = part.runs.first else {
                context.draw(part)
                continue
            }
            let r = run[BlurAttribute.self]?.radius ?? fallback
            var copy = context
            if r > 0.01 { copy.addFilter(.blur(radius: r)) }
            copy.draw(part)
        }
    }

    public var displayPadding: EdgeInsets { EdgeInsets(all: 3 * 8 + 1) }
}
