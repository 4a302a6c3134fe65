import TextEffects
import TextEffectsCLI

/// An effect that takes the built-in `wave`'s name.
struct SecondWave: SceneEffect {
    static let name = "wave"
    static let summary = "a second wave"
    init(parameters: EffectParameters) {}
    func draw(layout: Text.Layout, in context: inout GraphicsContext) { context.draw(layout) }
}

TextEffectsCLI.main(effects: [SecondWave.self])
