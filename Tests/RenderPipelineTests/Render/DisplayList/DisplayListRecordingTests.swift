import Foundation
import Testing
@testable import RenderPipeline

/// A list holds everything a renderer can draw, and drawing it gives the pixels drawing directly gives.
@Suite struct DisplayListRecordingTests {
    static func layout() -> TextLayout {
        TestFonts.pin()
        return TextLayout(Text("Clip"), options: LayoutOptions(width: 200))
    }

    /// Draws the text inside a device clip of its first half.
    struct DeviceClipProbe: TextRenderer {
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            context.withDeviceClip(covering: CGRect(x: 0, y: 0, width: 20.5, height: 30)) {
                for line in layout { context.draw(line) }
            }
            context.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 2)), with: .color(.blue))
        }
    }

    @Test func aDeviceClipIsRecordedOnWhatIsDrawnInIt() throws {
        let list = try DisplayList(recording: DeviceClipProbe(), layout: Self.layout(), size: CGSize(width: 100, height: 60),
                                   scale: 2, origin: CGPoint(x: 10, y: 5))
        #expect(!list.glyphOperations.isEmpty)
        for operation in list.glyphOperations {
            // (10, 5)…(30.5, 35) points at 2 pixels a point, rounded out to whole pixels.
            #expect(operation.state.deviceClip == PixelRect(x: 20, y: 10, width: 41, height: 60))
        }
        #expect(list.fillOperations.map(\.state.deviceClip) == [nil])
    }

    /// Draws an image's columns pixel for pixel.
    struct FramePixelsProbe: TextRenderer {
        let image: ImageSurface
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            var frame = context
            frame.transform = .identity
            frame.translateBy(x: -10, y: -5)
            _ = frame.drawFramePixels(of: image, columns: [0..<2, 3..<4], atFramePixelX: 7, y: 9)
        }
    }

    @Test func framePixelsAreRecorded() throws {
        let image = try ImageSurface(width: 4, height: 3)
        let list = try DisplayList(recording: FramePixelsProbe(image: image), layout: Self.layout(), size: CGSize(width: 40, height: 30),
                                   origin: CGPoint(x: 10, y: 5))
        guard case .framePixels(let pixels) = try #require(list.operations.first) else {
            Issue.record("expected frame pixels, got \(list.operations)")
            return
        }
        #expect(pixels.image === image && pixels.columns == [0..<2, 3..<4] && pixels.x == 7 && pixels.y == 9)
    }

    /// Draws in a layer with a blur, a clip and a mask, and a shape on top.
    struct MixedProbe: TextRenderer {
        func draw(layout: Text.Layout, in context: inout GraphicsContext) {
            context.clipToLayer { $0.fill(Path(ellipseIn: CGRect(x: -5, y: -5, width: 60, height: 40)), with: .color(.black)) }
            var faded = context
            faded.opacity = 0.7
            faded.drawLayer { layer in
                layer.addFilter(.blur(radius: 1.5))
                for line in layout { layer.draw(line) }
            }
            context.clip(to: CGRect(x: 0, y: 0, width: 30, height: 30))
            context.rotate(by: .degrees(10))
            context.stroke(Path(CGRect(x: 2, y: 2, width: 20, height: 10)), with: .color(.red), lineWidth: 2)
            for line in layout { context.draw(line) }
        }
    }

    @Test func replayingAListDrawsWhatDrawingDirectlyDraws() throws {
        let layout = Self.layout()
        func direct() throws -> ImageSurface {
            let surface = try ImageSurface(width: 80, height: 50)
            var context = GraphicsContext(surface: surface)
            context.translateBy(x: 10, y: 5)
            MixedProbe().draw(layout: layout, in: &context)
            surface.flush()
            return surface
        }
        let surface = try ImageSurface(width: 80, height: 50)
        let context = GraphicsContext(surface: surface)
        var recording = context
        let recorder = DisplayListRecorder()
        recording.target = DrawingTarget(recording: recorder, like: context.target, outerGlyphs: nil)
        recording.translateBy(x: 10, y: 5)
        MixedProbe().draw(layout: layout, in: &recording)
        #expect(surface.withPixels { $0.allSatisfy { $0 == 0 } }, "recording draws nothing")
        context.replay(recorder.list.operations)
        surface.flush()
        let expected = try direct()
        #expect(surface.withPixels { Data($0) }.elementsEqual(expected.withPixels { Data($0) }))
        #expect(expected.withPixels { $0.contains { $0 != 0 } })
    }
}
