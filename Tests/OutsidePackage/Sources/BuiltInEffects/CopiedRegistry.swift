import TextEffects

/// The copied built-in effects (Copy/, made from Sources/Effects by scripts/outside-package.sh).
public let copiedBuiltIns = EffectRegistry.builtIn
