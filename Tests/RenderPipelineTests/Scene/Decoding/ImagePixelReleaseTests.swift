import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Commands that draw nothing (`validate`, `measure`) decode each image, check it and let its
/// pixels go, so a scene's images are held one at a time (issue 34); a later draw decodes the
/// file again, to the same pixels. Photos: Scenes/assets/sunset.jpg and dot.png.
@Suite struct ImagePixelReleaseTests {
    static let scenes = TestFonts.repositoryRoot.appendingPathComponent("Scenes")
    static let json = ##"""
    {"canvas": {"width": 200, "height": 120, "background": null}, "blocks": [
      {"id": "photo", "frame": {"x": 0, "y": 0, "width": 120, "height": 80}, "image": "assets/sunset.jpg", "contentMode": "fill"},
      {"id": "dot", "frame": {"x": 130, "y": 10, "width": 60, "height": 60}, "image": "assets/dot.png"}]}
    """##

    static func scene(releasing: Bool) throws -> Scene {
        TestFonts.pin()
        var decoder = SceneDecoder(effects: .builtIn)
        decoder.releasesImagePixels = releasing
        return try decoder.decode(Data(json.utf8), baseDirectory: scenes)
    }

    @Test func checkedImagesLetTheirPixelsGoAndDrawTheSamePixelsLater() throws {
        let released = try Self.scene(releasing: true)
        let images: [Image] = released.blocks.compactMap { $0.image?.image }
        #expect(images.count == 2)
        #expect(images.allSatisfy { !$0.holdsPixels }, "validate holds no decoded image")
        // A render keeps them: the default decoder holds what it decoded.
        let kept = try Self.scene(releasing: false)
        let keptImages: [Image] = kept.blocks.compactMap { $0.image?.image }
        #expect(keptImages.count == 2 && keptImages.allSatisfy { $0.holdsPixels })
        // Drawn after all, a released image is decoded again, to the same bytes.
        let again = try SceneRenderer(scene: released).renderFrame(0)
        let whole = try SceneRenderer(scene: kept).renderFrame(0)
        let againBytes = again.withPixels { Array($0) }, wholeBytes = whole.withPixels { Array($0) }
        #expect(againBytes.elementsEqual(wholeBytes))
        #expect(images.allSatisfy { $0.holdsPixels }, "drawing decoded them again")
    }

    @Test func theScenesBudgetStillCountsReleasedImages() throws {
        // Released pixels are not free for a render, which holds them all: the budget (the
        // same for validate and render) counts every distinct image's pixels as before.
        let loader = SceneImageLoader(baseDirectory: Self.scenes, policy: AssetPolicy(), shared: nil, releasesPixels: true)
        let first = try loader.image(at: "assets/sunset.jpg").get()
        #expect(!first.holdsPixels)
        _ = try loader.image(at: "assets/dot.png").get()
        #expect(loader.heldPixels == 1200 * 800 + 96 * 96)
    }
}
