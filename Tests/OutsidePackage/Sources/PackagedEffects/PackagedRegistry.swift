import Effects
import RenderPipeline

/// texteffects' own built-in effects, as its `Effects` product ships them.
public let packagedBuiltIns = EffectRegistry.builtIn
