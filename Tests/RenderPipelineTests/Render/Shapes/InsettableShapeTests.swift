import Foundation
import Testing
@testable import RenderPipeline

/// SwiftUI's `InsettableShape`: each built-in shape drawn inside its frame by an amount, corners
/// shrinking with it, as a border drawn inside a shape needs.
@Suite struct InsettableShapeTests {
    let frame = CGRect(x: 0, y: 0, width: 100, height: 50)

    @Test func rectangleInsetsEverySide() {
        #expect(Rectangle().inset(by: 5).path(in: frame).boundingRect == CGRect(x: 5, y: 5, width: 90, height: 40))
        #expect(Rectangle().inset(by: -3).path(in: frame).boundingRect == CGRect(x: -3, y: -3, width: 106, height: 56))
    }

    @Test func roundedRectangleShrinksItsCornersByTheAmount() {
        let inset = RoundedRectangle(cornerRadius: 10, style: .circular).inset(by: 4).path(in: frame)
        let expected = RoundedRectangle(cornerRadius: 6, style: .circular).path(in: frame.insetBy(dx: 4, dy: 4))
        #expect(inset == expected)
        // Corners never go below zero: inset past the radius gives square corners.
        let square = RoundedRectangle(cornerRadius: 3).inset(by: 5).path(in: frame)
        #expect(square == Path(frame.insetBy(dx: 5, dy: 5)))
        #expect(square.contains(CGPoint(x: 5.2, y: 5.2)))
    }

    @Test func unevenCornersShrinkEachByTheAmount() {
        let shape = UnevenRoundedRectangle(topLeadingRadius: 12, bottomTrailingRadius: 2)
        let expected = UnevenRoundedRectangle(topLeadingRadius: 8).path(in: frame.insetBy(dx: 4, dy: 4))
        #expect(shape.inset(by: 4).path(in: frame) == expected)
    }

    @Test func roundShapesAreDrawnInTheInsetFrame() {
        #expect(close(Circle().inset(by: 5).path(in: frame).boundingRect, CGRect(x: 30, y: 5, width: 40, height: 40), within: 1e-6))
        #expect(close(Ellipse().inset(by: 5).path(in: frame).boundingRect, CGRect(x: 5, y: 5, width: 90, height: 40), within: 1e-6))
        #expect(Capsule().inset(by: 5).path(in: frame) == Capsule().path(in: frame.insetBy(dx: 5, dy: 5)))
    }

    @Test func insettingTwiceAddsTheAmounts() {
        let twice = RoundedRectangle(cornerRadius: 12).inset(by: 2).inset(by: 3).path(in: frame)
        #expect(twice == RoundedRectangle(cornerRadius: 12).inset(by: 5).path(in: frame))
        #expect(twice != RoundedRectangle(cornerRadius: 12).inset(by: 3).path(in: frame))
    }

    @Test func insetPastTheMiddleIsEmpty() {
        #expect(Rectangle().inset(by: 26).path(in: frame).isEmpty)
        #expect(Circle().inset(by: 25.5).path(in: frame).isEmpty)
    }

    /// The reason to inset: a stroke of a shape inset by half its width stays inside the frame.
    @Test func aBorderInsetByHalfItsWidthStaysInsideTheFrame() {
        let border = Circle().inset(by: 4).stroke(lineWidth: 8).path(in: CGRect(x: 0, y: 0, width: 60, height: 60))
        // Within 0.02: the stroke's offset curves approximate the circle's parallels.
        #expect(close(border.boundingRect, CGRect(x: 0, y: 0, width: 60, height: 60), within: 0.02))
        #expect(border.contains(CGPoint(x: 30, y: 2)) && !border.contains(CGPoint(x: 30, y: 30)))
    }

    @Test func anInsetAnimatesItsAmountAfterTheShapesData() {
        // The opaque type `inset(by:)` returns hides its data's shape, as SwiftUI's does.
        var shape = InsetOutline(base: RoundedRectangle(cornerRadius: 10), amount: 4)
        var data = shape.animatableData
        data.second = 6
        shape.animatableData = data
        #expect(shape.path(in: frame) == RoundedRectangle(cornerRadius: 10).inset(by: 6).path(in: frame))
    }
}
