import AnimatableMacro

/// A wave's parameters as a SwiftUI renderer would hold them; `label` is not animated.
@Animatable
struct WaveRenderer: TextRenderer {
    var amplitude: Double
    var phase: Double
    @AnimatableIgnored var label: String
    var wavelength: Double

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout { ctx.draw(line) }
    }
}

@Animatable
struct Fade { var opacity: Double }

var wave = WaveRenderer(amplitude: 1, phase: 2, label: "a", wavelength: 3)
let data: AnimatablePair<Double, AnimatablePair<Double, Double>> = wave.animatableData
precondition(data.first == 1 && data.second.first == 2 && data.second.second == 3)
wave.animatableData = AnimatablePair(10, AnimatablePair(20, 30))
precondition(wave.amplitude == 10 && wave.phase == 20 && wave.wavelength == 30 && wave.label == "a")
var fade = Fade(opacity: 1)
fade.animatableData = 0.25
precondition(fade.opacity == 0.25)
print("animatableData:", wave.animatableData, fade.animatableData)
