import Foundation
import Testing
@testable import RenderPipeline

/// SwiftUI's `UnevenRoundedRectangle` and `Path(roundedRect:cornerRadii:style:)`: a radius for each
/// corner, scaled down together when they do not fit.
@Suite struct UnevenRoundedRectangleTests {
    let frame = CGRect(x: 0, y: 0, width: 200, height: 100)

    /// Points of a grid over `rect` (every `step` points, off the grid lines by a quarter step).
    func grid(_ rect: CGRect, step: CGFloat = 2) -> [CGPoint] {
        stride(from: rect.minX + step / 4, to: rect.maxX, by: step).flatMap { x in
            stride(from: rect.minY + step / 4, to: rect.maxY, by: step).map { CGPoint(x: x, y: $0) }
        }
    }

    @Test func equalRadiiDrawRoundedRectanglesOutline() {
        for style in [RoundedCornerStyle.circular, .continuous] {
            for radius in [8.0, 30, 49, 80] {
                let uneven = UnevenRoundedRectangle(topLeadingRadius: radius, bottomLeadingRadius: radius,
                                                    bottomTrailingRadius: radius, topTrailingRadius: radius, style: style)
                    .path(in: frame)
                let even = RoundedRectangle(cornerRadius: radius, style: style).path(in: frame)
                #expect(close(uneven.boundingRect, even.boundingRect, within: 1e-9))
                let differing = grid(frame.insetBy(dx: -1, dy: -1)).filter { uneven.contains($0) != even.contains($0) }
                #expect(differing.isEmpty, "\(style) \(radius): \(differing.prefix(3))")
            }
        }
    }

    @Test func onlyTheRoundedCornersAreCut() {
        let tab = UnevenRoundedRectangle(topLeadingRadius: 20, topTrailingRadius: 20, style: .circular).path(in: frame)
        #expect(!tab.contains(CGPoint(x: 2, y: 2)) && !tab.contains(CGPoint(x: 198, y: 2)))
        #expect(tab.contains(CGPoint(x: 0.5, y: 99.5)) && tab.contains(CGPoint(x: 199.5, y: 99.5)))
        // On the top-left circle, centred on (20, 20): just inside and just outside at 45°.
        let diagonal = 20 - 20 / 2.0.squareRoot()
        #expect(tab.contains(CGPoint(x: diagonal + 0.3, y: diagonal + 0.3)))
        #expect(!tab.contains(CGPoint(x: diagonal - 0.3, y: diagonal - 0.3)))
        #expect(close(tab.boundingRect, frame))
    }

    @Test func radiiTooBigAreScaledDownTogether() {
        // The right edge is the tightest: 100 high for 150 + 60, so every radius scales by 100/210.
        let big = UnevenRoundedRectangle(topLeadingRadius: 150, bottomLeadingRadius: 0, bottomTrailingRadius: 60,
                                         topTrailingRadius: 150, style: .circular).path(in: frame)
        let fit = 100.0 / 210
        let scaled = UnevenRoundedRectangle(topLeadingRadius: 150 * fit, bottomTrailingRadius: 60 * fit,
                                            topTrailingRadius: 150 * fit, style: .circular).path(in: frame)
        #expect(close(big.boundingRect, frame))
        #expect(!big.contains(CGPoint(x: 195, y: 95)), "the bottom-right corner is still rounded")
        let differing = grid(frame).filter { big.contains($0) != scaled.contains($0) }
        #expect(differing.isEmpty, "\(differing.prefix(3))")
    }

    @Test func zeroNegativeAndNotANumberRadiiAreSquare() {
        #expect(UnevenRoundedRectangle().path(in: frame) == Path(frame))
        #expect(UnevenRoundedRectangle(topLeadingRadius: -5, bottomLeadingRadius: .nan).path(in: frame) == Path(frame))
    }

    @Test func continuousCornersStayWithinTheirShareOfAnEdge() {
        // A big corner beside a small one: the big one's transition may use most of the edge, but
        // the outline stays inside the frame and the small corner keeps its own curve.
        let path = UnevenRoundedRectangle(topLeadingRadius: 45, topTrailingRadius: 5).path(in: frame)
        #expect(close(path.boundingRect, frame, within: 1e-9))
        #expect(!path.contains(CGPoint(x: 0.5, y: 0.5)) && !path.contains(CGPoint(x: 199.8, y: 0.2)))
        #expect(path.contains(CGPoint(x: 100, y: 0.5)) && path.contains(CGPoint(x: 0.5, y: 99.5)))
    }

    @Test func theRadiiAnimateTogether() {
        var shape = UnevenRoundedRectangle(topLeadingRadius: 10)
        var data = shape.animatableData
        data.scale(by: 2)
        data.second.second = 7
        shape.animatableData = data
        #expect(shape.cornerRadii == RectangleCornerRadii(topLeading: 20, topTrailing: 7))
    }
}
