import ArgumentParser
import RenderPipeline

/// `texteffects validate SCENE.json`: checks a scene and writes nothing.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene file; print every problem with its JSON path (exit 2) or nothing (exit 0)."
    )

    @Argument(help: "The scene file.")
    var scene: String

    func run() throws {
        let scene = try SceneLoading.load(scene)
        // Layout catches what JSON cannot: fonts folders fontconfig rejects.
        _ = try SceneLoading.prepare(self.scene) { try SceneRenderer(scene: scene) }
    }
}
