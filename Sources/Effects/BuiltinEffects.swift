import TextEffects

extension EffectRegistry {
    /// Every effect this module ships, by scene `type` name.
    public static let builtIn = EffectRegistry([
        ActiveWordEffect.self,
        AppearEffect.self,
        BackgroundEffect.self,
        BlurEffect.self,
        BounceEffect.self,
        DebugEffect.self,
        FillEffect.self,
        KaraokeEffect.self,
        RotateEffect.self,
        ShadowEffect.self,
        ShimmerEffect.self,
        StrokeEffect.self,
        TypewriterEffect.self,
        VaryEffect.self,
        WaveEffect.self,
        WordRevealEffect.self,
    ])
}
