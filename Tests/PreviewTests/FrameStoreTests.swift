import Foundation
import TextEffects
import Testing
@testable import Preview

/// Frames on demand: the same bytes as `PNGWriter` of the rendered frame, kept, rendered
/// ahead, bounded, and forgotten when the scene changes.
@Suite("frame store")
struct FrameStoreTests {
    static func loadedScene(frames: Int = 8) throws -> LoadedScene {
        let json = """
        {"version": 1, "canvas": {"width": 160, "height": 60, "background": "#FFFFFF"}, "fps": 10, "duration": \(Double(frames) / 10),
         "blocks": [{"id": "t", "frame": {"x": 4, "y": 4, "width": 150},
                     "offset": [{"t": 0, "value": {"x": 0, "y": 30}}, {"t": \(Double(frames) / 10), "value": {"x": 0, "y": 0}}],
                     "text": [{"text": "Frames"}], "style": {"font": {"family": "DejaVu Sans", "size": 20}, "color": "#101010"}}]}
        """
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        return try LoadedScene(generation: 1, renderer: SceneRenderer(scene: scene))
    }

    @Test("a frame is the renderer's frame encoded, and frames after it are rendered ahead")
    func rendersAhead() async throws {
        let scene = try Self.loadedScene()
        let store = FrameStore(workers: 2, lookahead: 3)
        let request = FrameRequest(generation: 1, frame: 6)
        let png = try await store.png(request, of: scene)
        #expect(png.elementsEqual(try PNGWriter.encode(scene.renderer.renderFrame(6))))
        // 7, then 0 and 1: playback loops.
        for frame in [7, 0, 1] { #expect(store.isKnown(FrameRequest(generation: 1, frame: frame)), "frame \(frame) was not queued ahead") }
        #expect(!store.isKnown(FrameRequest(generation: 1, frame: 2)))
        let next = try await store.png(FrameRequest(generation: 1, frame: 7), of: scene)
        #expect(next.elementsEqual(try PNGWriter.encode(scene.renderer.renderFrame(7))))
    }

    @Test("a new request drops the frames queued ahead of the last one that nobody waits for")
    func scrubbingDoesNotPileUp() async throws {
        let scene = try Self.loadedScene(frames: 40)
        let store = FrameStore(workers: 1, lookahead: 10)
        _ = try await store.png(FrameRequest(generation: 1, frame: 0), of: scene)
        _ = try await store.png(FrameRequest(generation: 1, frame: 20), of: scene)
        // Frames 1…10 were queued after frame 0. With one worker, whichever of them had started
        // finished before frame 20 did; the others are no longer queued. What is queued now follows 20.
        #expect((1...10).allSatisfy { !store.isPending(FrameRequest(generation: 1, frame: $0)) })
        let queued = store.queuedAhead
        #expect(queued.allSatisfy { (21...30).contains($0) }, "queued ahead: \(queued)")
        #expect(queued == queued.sorted(), "frames ahead are rendered in playback order")
    }

    @Test("the store keeps at most its capacity, and forgets other generations")
    func bounded() async throws {
        let scene = try Self.loadedScene()
        let one = try await FrameStore(lookahead: 0).png(FrameRequest(generation: 1, frame: 0), of: scene).count
        let store = FrameStore(capacity: one * 3, workers: 1, lookahead: 0)
        for frame in 0..<8 { _ = try await store.png(FrameRequest(generation: 1, frame: frame), of: scene) }
        let kept = (0..<8).filter { store.isKnown(FrameRequest(generation: 1, frame: $0)) }
        #expect(kept.count <= 4 && kept.contains(7), "kept \(kept)")
        store.keepOnly(generation: 2)
        #expect((0..<8).allSatisfy { !store.isKnown(FrameRequest(generation: 1, frame: $0)) })
    }

    @Test("overlays are frames of their own: boxes and links change pixels, not the plain frame")
    func overlays() async throws {
        let scene = try Self.loadedScene()
        let store = FrameStore(lookahead: 0)
        let plain = try await store.png(FrameRequest(generation: 1, frame: 3), of: scene)
        let boxes = try await store.png(FrameRequest(generation: 1, frame: 3, boxes: true), of: scene)
        #expect(boxes != plain)
        #expect(try await store.png(FrameRequest(generation: 1, frame: 3), of: scene) == plain)
    }
}
