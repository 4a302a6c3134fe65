import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every scene in `Scenes/` renders, and its first, middle and last frames match their goldens.
@Suite struct SceneGoldenTests {
    static let scenesDirectory = TestFonts.repositoryRoot.appendingPathComponent("Scenes")

    static var sceneNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func renderer(for name: String) throws -> SceneRenderer {
        TestFonts.pin()
        let scene = try SceneDecoder(effects: .builtIn).decode(contentsOf: scenesDirectory.appendingPathComponent(name))
        return try SceneRenderer(scene: scene)
    }

    @Test func theShowcaseExists() {
        #expect(Self.sceneNames.contains("showcase.json"))
    }

    @Test(arguments: sceneNames)
    func sceneMatchesGoldens(name: String) throws {
        let renderer = try Self.renderer(for: name)
        let count = renderer.scene.frameCount
        let base = String(name.dropLast(".json".count))
        for frame in Set([0, count / 2, count - 1]).sorted() {
            let surface = try renderer.renderFrame(frame)
            // A frame that is one flat color means nothing was drawn.
            let corner = surface.pixel(x: 0, y: 0)
            var varied = false
            for y in stride(from: 0, to: surface.height, by: 3) where !varied {
                for x in stride(from: 0, to: surface.width, by: 3) where surface.pixel(x: x, y: y) != corner { varied = true; break }
            }
            #expect(varied || frame == 0, "\(name) frame \(frame) is blank")
            try Golden.assertImage(surface, named: "scenes/\(base)/frame_\(String(format: "%04d", frame)).png")
        }
    }

    /// The measure report (sizes with and without truncation, displayed text) of every scene.
    @Test(arguments: sceneNames)
    func measureReportMatchesGolden(name: String) throws {
        let renderer = try Self.renderer(for: name)
        struct Entry: Encodable { var id: String; var measurement: TextMeasurement }
        let entries = zip(renderer.scene.blocks, renderer.layouts).map { Entry(id: $0.id, measurement: TextMeasurement($1)) }
        try Golden.assertText(LayoutDump.encode(entries), named: "measure/\(name)")
    }

    @Test func collapsedPostEndsWithItsExpandTokenOnLineThree() throws {
        let renderer = try Self.renderer(for: "expandable-collapsed.json")
        let post = try #require(zip(renderer.scene.blocks, renderer.layouts).first { $0.0.id == "post" }?.1)
        #expect(post.isTruncated)
        #expect(post.count == 3)
        #expect(post.text.hasSuffix("...展开"))
        let token = post[2][post[2].count - 1]
        #expect(token.link == "app://expand")
        #expect(token.style.paint == .color(Color(parsing: "#39639E")!))
        #expect(post.untruncatedLineCount > 3)
    }

    @Test func chatBubbleLeavesRoomForTheReceipt() throws {
        let renderer = try Self.renderer(for: "chat-checkmark.json")
        let pairs = zip(renderer.scene.blocks, renderer.layouts)
        let (bubbleBlock, bubble) = try #require(pairs.first { $0.0.id == "out" })
        let (receiptBlock, receipt) = try #require(pairs.first { $0.0.id == "receipt" })
        #expect(bubble.isTruncated)
        let last = try #require(bubble.last)
        let lastLineEnd = bubbleBlock.frame.x + last.typographicBounds.origin.x + last.typographicBounds.width
        let receiptStart = receiptBlock.frame.x + (receipt.first?.typographicBounds.origin.x ?? 0)
        #expect(lastLineEnd < receiptStart, "the last line (ends at \(lastLineEnd)) must stop before the receipt (\(receiptStart))")
    }

    /// A large still's PNG is drawn in bands (each band compressed while the next is drawn): the
    /// bands must give exactly the pixels of drawing the frame whole, effects included. (The
    /// scenes' frames are small enough to be encoded whole; they are drawn in the bands a large
    /// frame would be.)
    @Test(arguments: sceneNames)
    func drawingInBandsGivesTheWholeFramesPixels(name: String) throws {
        let renderer = try Self.renderer(for: name)
        let count = renderer.scene.frameCount
        for frame in Set([0, count / 2, count - 1]).sorted() {
            let whole = try renderer.renderFrame(frame)
            for bands in [PNGEncoding.splitRows(height: whole.height), [0..<(whole.height / 2 + 1), (whole.height / 2 + 1)..<whole.height]] {
                let banded = try ImageSurface(width: whole.width, height: whole.height)
                for band in bands { renderer.draw(frame: frame, into: banded, rows: band) }
                #expect(ImageDiff.stats(whole, banded)?.differing == 0, "\(name) frame \(frame) in bands \(bands)")
            }
        }
    }

    /// A photo (PNG) scaled down and up, drawn in bands, gives the whole frame's pixels: Cairo's
    /// GOOD filter samples from where the clip starts, so the image is drawn whole first.
    @Test func scaledBitmapsDrawnInBandsGiveTheWholeFramesPixels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("banded-bitmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A photo-like bitmap: fine stripes and a gradient, where resampling shows.
        let photo = try ImageSurface(width: 301, height: 257)
        photo.withPixels { bytes in
            for y in 0..<257 {
                for x in 0..<301 {
                    let offset = y * photo.stride + x * 4
                    bytes[offset] = UInt8((x * 7 + y * 3) % 256)
                    bytes[offset + 1] = UInt8(x % 2 == 0 ? 40 : 220)
                    bytes[offset + 2] = UInt8((y * 255) / 256)
                    bytes[offset + 3] = 255
                }
            }
        }
        try PNGWriter.write(photo, to: folder.appendingPathComponent("photo.png"))
        let json = #"""
        {"canvas": {"width": 400, "height": 300, "background": "#FFFFFF"},
         "blocks": [{"id": "a", "frame": {"x": 3.5, "y": 7.25, "width": 390},
                     "text": [{"image": "photo.png", "height": 211.3}, {"image": "photo.png", "height": 40}, {"image": "photo.png", "height": 290}]}]}
        """#
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), baseDirectory: folder)
        let renderer = try SceneRenderer(scene: scene)
        let whole = try renderer.renderFrame(0)
        for bands in [PNGEncoding.splitRows(height: whole.height), [0..<101, 101..<300]] {
            let banded = try ImageSurface(width: whole.width, height: whole.height)
            for band in bands { renderer.draw(frame: 0, into: banded, rows: band) }
            #expect(ImageDiff.stats(whole, banded)?.differing == 0, "bands \(bands)")
        }
    }

    @Test func framesAreByteIdenticalAcrossRunsAndThreads() throws {
        guard let name = Self.sceneNames.first else { return }
        let renderer = try Self.renderer(for: name)
        let frames = Array(0..<min(renderer.scene.frameCount, 6))
        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var bytes: [Int: Data] = [:]
        }
        let parallel = Collected()
        try renderer.renderFrames(frames, concurrency: 4) { index, surface in
            let data = try PNGWriter.encode(surface)
            parallel.lock.lock()
            parallel.bytes[index] = data
            parallel.lock.unlock()
        }
        for frame in frames {
            let sequential = try PNGWriter.encode(renderer.renderFrame(frame))
            #expect(parallel.bytes[frame] == sequential, "frame \(frame) differs between a parallel and a sequential render")
        }
    }
}
