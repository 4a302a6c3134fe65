import RainbowEffect
import TextEffectsCLI

// Two effects under one name: the program must stop before doing anything.
TextEffectsCLI.main(effects: [RainbowEffect.self, RainbowEffect.self])
