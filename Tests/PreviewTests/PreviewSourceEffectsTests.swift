import Effects
import Foundation
import TextEffects
import Testing
@testable import Preview

/// The preview reads scenes with the effects its source names: a program's own effects
/// (`TextEffectsCLI.main(effects:)`) preview as the built-ins do.
@Suite("preview source effects")
struct PreviewSourceEffectsTests {
    /// A plug-in effect, known to no registry but the one the test builds.
    struct Underlay: SceneEffect {
        static let name = "underlay"
        static let summary = "draws the text as it is"
        init(parameters: EffectParameters) {}
        func draw(layout: Text.Layout, in context: inout GraphicsContext) { context.draw(layout) }
    }

    static let scene = """
    {"canvas": {"width": 120, "height": 40}, "blocks": [{"id": "t", "frame": {"x": 2, "y": 2, "width": 110},
     "text": "Hi", "effects": [{"type": "underlay"}, {"type": "wave"}]}]}
    """

    @Test func aSceneNamingAPlugInLoadsWithTheProgramsRegistryOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-effects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.json")
        try Data(Self.scene.utf8).write(to: file)

        var registry = EffectRegistry.builtIn
        registry.register(Underlay.self)
        guard case .reload = PreviewSession(source: PreviewSource(url: file, effects: registry)).reload() else {
            Issue.record("the scene naming the plug-in did not load with it registered")
            return
        }
        guard case .problems = PreviewSession(source: PreviewSource(url: file)).reload() else {
            Issue.record("the built-ins alone should not know the plug-in")
            return
        }
    }
}
