import Foundation
import Testing
@testable import RenderPipeline

/// SwiftUI's shape modifiers — offset, rotation, scale, transform, trim, stroke, size — and
/// `AnyShape`: the outlines they give, and what they animate.
@Suite struct ShapeModifierTests {
    let frame = CGRect(x: 0, y: 0, width: 100, height: 50)

    @Test func offsetMovesTheOutline() {
        #expect(Rectangle().offset(x: 10, y: 5).path(in: frame).boundingRect == CGRect(x: 10, y: 5, width: 100, height: 50))
        #expect(Rectangle().offset(CGSize(width: -4, height: 0)).path(in: frame).boundingRect.minX == -4)
        #expect(Rectangle().offset(CGPoint(x: 0, y: 3)).path(in: frame).boundingRect.minY == 3)
        // An offset shape still insets, keeping its offset.
        #expect(Rectangle().offset(x: 10).inset(by: 5).path(in: frame).boundingRect == CGRect(x: 15, y: 5, width: 90, height: 40))
    }

    @Test func rotationTurnsClockwiseOnScreenAboutItsAnchor() {
        let centred = Rectangle().rotation(.degrees(90)).path(in: frame).boundingRect
        #expect(close(centred, CGRect(x: 25, y: -25, width: 50, height: 100), within: 1e-9))
        // About the top-left corner a quarter turn takes the top edge (towards +x) onto +y.
        let cornered = Rectangle().rotation(.degrees(90), anchor: .topLeading).path(in: frame)
        #expect(close(cornered.boundingRect, CGRect(x: -50, y: 0, width: 50, height: 100), within: 1e-9))
        #expect(cornered.contains(CGPoint(x: -1, y: 90)))
    }

    @Test func scaleKeepsItsAnchorInPlace() {
        #expect(close(Rectangle().scale(0.5).path(in: frame).boundingRect, CGRect(x: 25, y: 12.5, width: 50, height: 25)))
        let fromCorner = Rectangle().scale(x: 2, y: 1, anchor: .bottomTrailing).path(in: frame).boundingRect
        #expect(close(fromCorner, CGRect(x: -100, y: 0, width: 200, height: 50)))
    }

    @Test func transformAppliesInDrawingCoordinates() {
        let sheared = Rectangle().transform(CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0)).path(in: frame)
        #expect(close(sheared.boundingRect, CGRect(x: 0, y: 0, width: 150, height: 50)))
    }

    @Test func modifiersAnimateTheirOwnValuesAfterTheShapes() {
        var rotated = RoundedRectangle(cornerRadius: 4).rotation(.degrees(10))
        rotated.animatableData.second.first = Angle.degrees(30).radians
        rotated.animatableData.first.first = 8
        #expect(abs(rotated.angle.degrees - 30) < 1e-9 && rotated.shape.cornerSize.width == 8)

        var scaled = Circle().scale(1)
        scaled.animatableData.second.first = CGSize(width: 2, height: 3).animatableData
        #expect(scaled.scale == CGSize(width: 2, height: 3))

        var moved = Circle().offset(x: 1)
        var data = moved.animatableData
        data.scale(by: 4)
        moved.animatableData = data
        #expect(moved.offset == CGSize(width: 4, height: 0))
    }

    @Test func trimKeepsAFractionOfTheOutline() {
        let quarter = Circle().trim(from: 0, to: 0.25).path(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(quarter == Circle().path(in: CGRect(x: 0, y: 0, width: 100, height: 100)).trimmedPath(from: 0, to: 0.25))
        #expect(quarter.boundingRect.width < 51 && quarter.boundingRect.height < 51)
    }

    @Test func strokeIsTheAreaTheLineCovers() {
        let ring = Rectangle().stroke(lineWidth: 4).path(in: frame)
        #expect(close(ring.boundingRect, frame.insetBy(dx: -2, dy: -2), within: 1e-9))
        #expect(ring.contains(CGPoint(x: 50, y: 1)) && !ring.contains(CGPoint(x: 50, y: 25)))
        let dashed = Rectangle().stroke(style: StrokeStyle(lineWidth: 2, dash: [10, 10])).path(in: frame)
        #expect(dashed.contains(CGPoint(x: 5, y: 0)) && !dashed.contains(CGPoint(x: 15, y: 0)))
    }

    @Test func sizeDrawsAtAFixedSizeFromTheFramesOrigin() {
        let dot = Circle().size(width: 20, height: 20).path(in: CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(close(dot.boundingRect, CGRect(x: 10, y: 10, width: 20, height: 20), within: 1e-9))
    }

    /// A shape that asks for a size of its own, to see that wrappers pass the question on.
    struct Badge: Shape {
        func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: 24, height: 12) }
    }

    @Test func anyShapeDrawsAndSizesAsTheShapeItWraps() {
        let shapes = [AnyShape(Circle()), AnyShape(RoundedRectangle(cornerRadius: 6)), AnyShape(Badge().offset(x: 3))]
        #expect(shapes[0].path(in: frame) == Circle().path(in: frame))
        #expect(shapes[1].path(in: frame) == RoundedRectangle(cornerRadius: 6).path(in: frame))
        #expect(shapes[2].path(in: frame) == Badge().path(in: frame).offsetBy(dx: 3, dy: 0))
        #expect(shapes[2].sizeThatFits(ProposedViewSize(width: 100, height: 100)) == CGSize(width: 24, height: 12))
        #expect(Badge().rotation(.degrees(5)).scale(2).sizeThatFits(.unspecified) == CGSize(width: 24, height: 12))
    }

    @Test func pointsSizesAndRectanglesAnimateTheirCoordinates() {
        var rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        var data = rect.animatableData
        data.scale(by: 2)
        rect.animatableData = data
        #expect(rect == CGRect(x: 2, y: 4, width: 6, height: 8))
        var point = CGPoint(x: 1, y: 1)
        point.animatableData = point.animatableData + CGPoint(x: 2, y: 3).animatableData
        #expect(point == CGPoint(x: 3, y: 4))
    }
}
