import TextEffects

/// A plug-in effect that says it does not change over time, yet takes a keyframable `angle`
/// and `animatableData`: keyframes a scene gives either must still make the scene animated.
struct TiltTestEffect: SceneEffect {
    static let name = "tilt"
    static let summary = "a test effect that tilts the text by a fixed or keyframed angle"
    static let angle = EffectParameter.animatable("angle", default: 5, in: -90...90, help: "degrees; keyframable")

    var angle: Keyframed<Double>
    var amount: Double = 1
    var animatableData: Double {
        get { amount }
        set { amount = newValue }
    }

    init(parameters: EffectParameters) {
        angle = parameters.value(of: Self.angle)
    }

    var changesOverTime: Bool { false }

    func draw(layout: TextLayout, in context: inout GraphicsContext) {
        context.rotate(by: .degrees(angle.value(at: 0) * amount))
        context.draw(layout)
    }
}
