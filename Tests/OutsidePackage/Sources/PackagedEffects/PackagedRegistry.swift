import Effects
import TextEffects

/// texteffects' own built-in effects, as its `Effects` product ships them.
public let packagedBuiltIns = EffectRegistry.builtIn
