import Foundation
import TextEffects

/// A plug-in effect that says nothing about time, as every effect written before stills did:
/// it may read `context.time`, so a scene that uses it keeps its timeline.
struct SparkleTestEffect: SceneEffect {
    static let name = "sparkle"
    static let summary = "a test effect that fades with the time"

    init(parameters: EffectParameters) {}

    func draw(layout: TextLayout, in context: inout GraphicsContext) {
        context.opacity = 0.5 + 0.5 * cos(context.time)
        context.draw(layout)
    }
}
