import RainbowEffect
import TextEffectsCLI

// texteffects' whole command line — render, validate, measure, effects, captions, batch, join,
// preview, schema — where scenes may also name "rainbow":
//   swift run rainbow-texteffects Scenes/rainbow.json --out out/
TextEffectsCLI.main(effects: [RainbowEffect.self])
