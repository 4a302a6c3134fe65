import BuiltInEffects
import Foundation
import PackagedEffects
import TextEffects
import Testing

/// The built-in effects, copied into this package, compile against the public API alone and draw
/// exactly what texteffects' own `Effects` module draws: the proof that a third party can write
/// any of them.
@Suite struct BuiltInEffectsCopyTests {
    init() { Outside.pinFonts() }

    @Test func theCopyRegistersEveryBuiltInEffect() {
        #expect(copiedBuiltIns.names == packagedBuiltIns.names)
        #expect(copiedBuiltIns.names.count >= 16)
    }

    /// Every scene of Scenes/ that decodes, drawn half-way through with the copied effects and
    /// with the packaged ones: the same pixels, byte for byte.
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: Outside.repository.appendingPathComponent("Scenes").path)
        .filter { $0.hasSuffix(".json") }.sorted())
    func theCopyDrawsEverySceneAsThePackageDoes(_ name: String) throws {
        let url = Outside.repository.appendingPathComponent("Scenes").appendingPathComponent(name)
        let copied = try SceneRenderer(scene: SceneDecoder(effects: copiedBuiltIns).decode(contentsOf: url))
        let packaged = try SceneRenderer(scene: SceneDecoder(effects: packagedBuiltIns).decode(contentsOf: url))
        let frame = copied.scene.frameCount / 2
        let a = try copied.renderFrame(frame), b = try packaged.renderFrame(frame)
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.pixelBytes == b.pixelBytes, "\(name), frame \(frame)")
        // Not a blank frame: the comparison means something.
        #expect(Set(a.pixelBytes).count > 2, "\(name) drew nothing")
    }
}
