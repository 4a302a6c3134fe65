import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A batch's rows draw into the surface the previous row gave back: every frame is as it would
/// be in a fresh surface, and the pool keeps only a few surfaces.
@Suite(.serialized) struct SurfaceReuseTests {
    static func scene(background: String, width: Double, text: String) throws -> Scene {
        let json = """
        {"canvas": {"width": \(width), "height": 40, "background": "\(background)"},
         "blocks": [{"id": "a", "frame": {"x": 2, "y": 2, "width": 90}, "text": "\(text)"}]}
        """
        return try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
    }

    /// The PNG of `scene`'s first frame drawn into whatever surface the pool gives, then given back.
    static func renderedGivingBack(_ scene: Scene) throws -> Data {
        let renderer = try SceneRenderer(scene: scene, cutsCaptions: true)
        let png = Box()
        try renderer.render(0..<1, to: ClosureSink { _, surface in png.set(try PNGWriter.encode(surface)) },
                            concurrency: 1, isCancelled: { false }, givingBackSurfaces: true)
        return try #require(png.get())
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        func set(_ value: Data) { lock.withLock { data = value } }
        func get() -> Data? { lock.withLock { data } }
    }

    static func renderedFresh(_ scene: Scene) throws -> Data {
        try PNGWriter.encode(SceneRenderer(scene: scene, cutsCaptions: true).renderFrame(0))
    }

    @Test("rows after one another give the bytes of fresh surfaces: opaque, half-pixel edges, transparent", arguments: [
        ("#FF0000", 100.0, "#00FF00", 100.0),   // opaque over every pixel: drawn over as it is
        ("#FF0000", 99.5, "#0000FF", 99.5),     // the last column half covered: cleared first
        ("#FF0000", 100.0, "#00000000", 100.0), // transparent: cleared by drawing
        ("#FF000080", 100.0, "#00FF0080", 100.0),
    ])
    func reusedSurfacesDrawLikeFreshOnes(_ rows: (String, Double, String, Double)) throws {
        let first = try Self.scene(background: rows.0, width: rows.1, text: "First row, long text")
        let second = try Self.scene(background: rows.2, width: rows.3, text: "Two")
        #expect(try Self.renderedGivingBack(first).elementsEqual(Self.renderedFresh(first)))
        #expect(try Self.renderedGivingBack(second).elementsEqual(Self.renderedFresh(second)))
        #expect(try Self.renderedGivingBack(first).elementsEqual(Self.renderedFresh(first)))
    }

    /// An animation's frames drawn one after another into one worker's surface, on a canvas
    /// that is not a whole number of pixels (99.5 points): the opaque background still covers
    /// the last column, so each frame is the frame drawn alone (a shard's, a thread's), opaque.
    @Test func framesOfOneRenderOnAHalfPixelCanvasDrawLikeFreshOnes() throws {
        let json = """
        {"canvas": {"width": 99.5, "height": 40.5, "background": "#204060"}, "fps": 10, "duration": 1,
         "blocks": [{"id": "a", "frame": {"x": 2, "y": 2, "width": 90}, "text": "Wave", "effects": [{"type": "wave", "amplitude": 6}]}]}
        """
        let renderer = try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8)), cutsCaptions: true)
        let frames = Frames()
        try renderer.render(0..<6, to: ClosureSink { index, surface in frames.set(index, try PNGWriter.encode(surface)) }, concurrency: 1)
        for index in 0..<6 {
            #expect(frames.get(index) == (try PNGWriter.encode(renderer.renderFrame(index))), "frame \(index)")
        }
        let alone = try renderer.renderFrame(3)
        #expect(alone.width == 100 && alone.height == 41)
        #expect(alone.pixel(x: 99, y: 40).alpha == 1, "the half-covered corner is opaque")
    }

    final class Frames: @unchecked Sendable {
        private let lock = NSLock()
        private var data: [Int: Data] = [:]
        func set(_ index: Int, _ value: Data) { lock.withLock { data[index] = value } }
        func get(_ index: Int) -> Data? { lock.withLock { data[index] } }
    }

    @Test("the pool keeps at most its limit of given-back surfaces, and says which are not clear")
    func poolIsBounded() throws {
        let pool = SurfacePool(givenBackLimit: 2)
        for _ in 0..<5 { pool.giveBack(try ImageSurface(width: 3, height: 3)) }
        pool.prepare(width: 3, height: 3, count: 1)
        var taken: [Bool] = []
        while let (_, isClear) = pool.take(width: 3, height: 3) { taken.append(isClear) }
        #expect(taken.filter { $0 }.count == 1 && taken.filter { !$0 }.count == 2)
        #expect(pool.take(width: 4, height: 3) == nil)
    }
}
