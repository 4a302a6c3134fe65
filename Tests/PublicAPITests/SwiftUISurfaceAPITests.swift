import Foundation
import RenderPipeline
import Testing

/// SwiftUI's shape-style, colour and path surface as a plug-in author reaches it; the API
/// listing (`docs/api/RenderPipeline.txt`) is what holds each of these members to `public`.
@Suite struct SwiftUISurfaceAPITests {
    /// A style chosen at run time, as SwiftUI code returns one through `AnyShapeStyle`.
    func style(emphasised: Bool) -> AnyShapeStyle {
        emphasised ? AnyShapeStyle(Color.red.gradient) : AnyShapeStyle(Color.red.opacity(0.5).secondary)
    }

    @Test func stylesColoursAndPathsDrawAsSwiftUICodeWritesThem() throws {
        let surface = try ImageSurface(width: 60, height: 60)
        let context = GraphicsContext(surface: surface)
        let ring = Path { path in
            path.addArc(center: CGPoint(x: 30, y: 30), radius: 20, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        }
        // Top half of the ring, stroked as a fillable outline with the emphasised style.
        context.fill(ring.trimmedPath(from: 0.5, to: 1).strokedPath(StrokeStyle(lineWidth: 6)), with: .style(style(emphasised: true)))
        context.stroke(ring.trimmedPath(from: 0, to: 0.5), with: .style(style(emphasised: false)), lineWidth: 6)
        let resolved = Color.blue.resolve(in: context.environment)
        context.fill(Path(ellipseIn: CGRect(x: 26, y: 26, width: 8, height: 8)), with: .style(resolved.quinary.opacity(20)))

        let top = surface.pixel(x: 30, y: 10), bottom = surface.pixel(x: 30, y: 49), middle = surface.pixel(x: 30, y: 30)
        #expect(top.alpha > 0.99 && top.red > 0.99)
        #expect(abs(bottom.alpha - 0.3) < 0.02 && bottom.red > 0.99)
        #expect(abs(middle.alpha - 1) < 0.01 && abs(Double(resolved.blue) - middle.blue) < 0.01)
        var seen = 0
        ring.forEach { _ in seen += 1 }
        #expect(seen == ring.elements.count && ring.boundingRect.width > 39.99 && ring.boundingRect.width < 40.01)
    }
}
