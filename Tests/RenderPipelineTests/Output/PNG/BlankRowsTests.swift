import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Blank rows found by the PNG encoder are skipped by the next frame's clear: frames drawn into
/// a reused surface must come out exactly as frames drawn into a fresh one.
@Suite struct BlankRowsTests {
    @Test func reusedSurfacesGiveTheSamePNGsAsFreshOnes() throws {
        TestFonts.pin()
        // Cues that move from the bottom to the top and back, so ink lands on rows that were
        // blank in the frame before, and blank rows follow inked ones.
        let track = try Captions.vtt("""
            00:00.000 --> 00:00.200
            Bottom first

            00:00.200 --> 00:00.400 line:0
            Then at the top

            00:00.400 --> 00:00.600
            Back at the bottom, longer, over two lines if it must wrap here

            """)
        var scene = Scene(canvas: Scene.Canvas(width: 1280, height: 720, background: nil), blocks: [])
        scene.fps = 10
        scene.duration = 0.7
        scene.captions = SceneCaptions(source: "t.vtt", track: track)
        let renderer = try SceneRenderer(scene: scene)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blank-rows-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try PNGFrameWriter(directory: folder, frameCount: 7)
        // One thread: every frame reuses the one surface.
        try renderer.render(0..<7, to: writer, concurrency: 1)
        for frame in 0..<7 {
            let reused = try Data(contentsOf: writer.url(forFrame: frame))
            let fresh = try PNGWriter.encode(try renderer.renderFrame(frame))
            #expect(reused == fresh, "frame \(frame)")
        }
    }

    @Test func anythingThatMayDrawForgetsTheBlankRows() throws {
        let surface = try ImageSurface(width: 1920, height: 1080)
        _ = try PNGWriter.encode(surface)
        #expect(!surface.knownBlankRows.isEmpty, "an empty large frame is all blank runs")
        _ = GraphicsContext(surface: surface)
        #expect(surface.knownBlankRows.isEmpty)
        _ = try PNGWriter.encode(surface)
        surface.withPixels { _ in }
        #expect(surface.knownBlankRows.isEmpty)
    }
}
