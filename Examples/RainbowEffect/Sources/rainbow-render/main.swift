import Effects
import Foundation
import RainbowEffect
import TextEffects

// Renders a scene that may use "rainbow" next to the built-in effects:
//   swift run rainbow-render Scenes/rainbow.json out/
var registry = EffectRegistry.builtIn
registry.register(RainbowEffect.self)

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: rainbow-render SCENE.json OUTPUT-FOLDER\n".utf8))
    exit(64)
}
do {
    let scene = try SceneDecoder(effects: registry).decode(contentsOf: URL(fileURLWithPath: arguments[1]))
    let renderer = try SceneRenderer(scene: scene)
    let writer = try PNGFrameWriter(directory: URL(fileURLWithPath: arguments[2]), frameCount: scene.frameCount)
    try renderer.render(Array(0..<scene.frameCount), to: writer)
} catch let error as SceneError {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("rainbow-render: \(error)\n".utf8))
    exit(1)
}
