import Foundation
import RenderPipeline
import Testing

/// SwiftUI's small geometry vocabulary as app code uses it: angle arithmetic, edges and edge
/// sets, and `drawLayer(content:)` with SwiftUI's exact signature.
@Suite struct GeometryAPITests {
    @Test func anglesAddSubtractNegateAndScale() {
        let sweep = Angle.degrees(120)
        #expect(abs((sweep - .degrees(60)).degrees - 60) < 1e-9)
        #expect(abs((sweep + .radians(.pi)).degrees - 300) < 1e-9)
        #expect(abs((sweep * 0.5).degrees - 60) < 1e-9 && abs((2 * sweep).degrees - 240) < 1e-9)
        #expect(abs((sweep / 4).degrees - 30) < 1e-9 && (-sweep).degrees < 0)
        var turning = Angle.zero
        turning += .degrees(90)
        turning -= .degrees(30)
        turning *= 3
        turning /= 2
        #expect(abs(turning.degrees - 90) < 1e-9)
        turning.negate()
        #expect(abs(turning.degrees + 90) < 1e-9)
    }

    @Test func edgeSetsAreOptionSetsOfEdges() {
        #expect(Edge.allCases == [.top, .leading, .bottom, .trailing])
        #expect(Edge.Set.horizontal == [.leading, .trailing] && Edge.Set.vertical == [Edge.Set(.top), .bottom])
        #expect(Edge.Set.all.contains(.trailing) && !Edge.Set.vertical.contains(.leading))
        #expect(Edge.Set.all == Edge.Set.horizontal.union(.vertical))
    }

    /// A protocol naming `drawLayer(content:)` exactly as SwiftUI declares it, which
    /// `GraphicsContext` must satisfy as it is.
    protocol LayerDrawing {
        func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows
    }

    @Test func drawLayerHasSwiftUIsSignature() throws {
        let surface = try ImageSurface(width: 20, height: 20)
        let context = GraphicsContext(surface: surface)
        let drawing: any LayerDrawing = context
        drawing.drawLayer { layer in
            layer.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 20)), with: .color(.red))
        }
        #expect(surface.pixel(x: 5, y: 10).red > 0.9 && surface.pixel(x: 15, y: 10).alpha == 0)
    }
}

extension GraphicsContext: GeometryAPITests.LayerDrawing {}
