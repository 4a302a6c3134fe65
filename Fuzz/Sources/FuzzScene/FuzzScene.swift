import Effects
import Foundation
import RenderPipeline

/// One input: scene JSON, decoded as `validate` does; a scene that decodes is laid out, as
/// `measure` does, and its first frame drawn when its canvas is small (so an input spends its
/// time in the parsers and layout, not in filling megapixels).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    // Relative asset paths resolve against Scenes/, where the seed scenes' images are.
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Scenes")
    guard let scene = try? SceneDecoder(effects: .builtIn).decode(data, displayName: "fuzz.json", baseDirectory: folder),
          let renderer = try? SceneRenderer(scene: scene) else { return 0 }
    if scene.canvas.pixelWidth * scene.canvas.pixelHeight <= 512 * 512 {
        _ = try? renderer.renderFrame(min(1, scene.frameCount - 1))
    }
    return 0
}
