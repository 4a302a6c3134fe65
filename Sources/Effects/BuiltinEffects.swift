import RenderPipeline

extension EffectRegistry {
    /// Every effect this module ships, by scene `type` name.
    public static let builtIn = EffectRegistry([
        DebugEffect.self,
    ])
}
