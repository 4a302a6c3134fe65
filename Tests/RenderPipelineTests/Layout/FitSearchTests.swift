import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The fit search on its own, with made-up predicates: it returns the boundary exactly (the
/// last candidate that fits, next to one that does not) whatever its estimate says, and costs
/// two probes when the estimate is right.
@Suite struct FitSearchTests {
    /// A search over 52 pt (53,248 units) down to half size.
    static let search = FitSearch(sizeUnits: 53_248, minimumScaleFactor: 0.5, allowsTightening: false)

    /// The scale units of a fit the search returned.
    static func units(_ fit: TextFit) -> Int { Int((fit.scale * 53_248).rounded()) }

    @Test(arguments: [26_624, 26_625, 30_000, 41_234, 53_246, 53_247])
    func findsTheBoundaryWithAndWithoutAnEstimate(boundary: Int) {
        let fits = { (fit: TextFit) in Self.units(fit) <= boundary }
        for estimateOffset in [nil, 0, 1, -1, 7, -300, 20_000, -20_000] as [Int?] {
            var probes = 0
            let estimate = estimateOffset.map { offset in { (fit: TextFit) in Self.units(fit) <= boundary + offset } }
            let result = Self.search.search(fits: { probes += 1; return fits($0) }, estimate: estimate)
            #expect(result.fits, "estimate \(String(describing: estimateOffset))")
            #expect(Self.units(result.fit) == boundary, "estimate \(String(describing: estimateOffset))")
            if estimateOffset == 0 { #expect(probes <= 2, "a right estimate costs \(probes) probes") }
            // Never more than galloping out and back in over the whole range, about 2 log₂ n + 2.
            #expect(probes <= 34, "\(probes) probes with estimate \(String(describing: estimateOffset))")
        }
    }

    @Test func textThatCannotFitCostsOneProbeAndReturnsTheSmallestFit() {
        for estimate in [nil, { (_: TextFit) in false }] as [((TextFit) -> Bool)?] {
            var probes = 0
            let result = Self.search.search(fits: { _ in probes += 1; return false }, estimate: estimate)
            #expect(!result.fits)
            #expect(result.fit == Self.search.smallest)
            #expect(Self.units(result.fit) == 26_624)
            #expect(probes == 1)
        }
    }

    @Test func theSmallestScaleRoundsUpToTheGrid() {
        #expect(FitSearch(sizeUnits: 1000, minimumScaleFactor: 0.8, allowsTightening: false).minimumScaleUnits == 800)
        #expect(FitSearch(sizeUnits: 1000, minimumScaleFactor: 0.8005, allowsTightening: false).minimumScaleUnits == 801)
        #expect(FitSearch(sizeUnits: 1000, minimumScaleFactor: 0, allowsTightening: false).minimumScaleUnits == 1)
        #expect(FitSearch(sizeUnits: 1000, minimumScaleFactor: 1, allowsTightening: false).minimumScaleUnits == 1000)
        #expect(FitSearch(sizeUnits: 1000, minimumScaleFactor: .nan, allowsTightening: false).minimumScaleUnits == 1000)
        // The full size itself is the identity, bit for bit.
        #expect(FitSearch(sizeUnits: 1000, minimumScaleFactor: 0.5, allowsTightening: false).fit(scaleUnits: 1000, tighteningUnits: 0) == .identity)
    }

    @Test func tighteningComesBeforeScalingAndIsTheLeastThatFits() {
        let search = FitSearch(sizeUnits: 1000, minimumScaleFactor: 0.5, allowsTightening: true)
        #expect(search.maximumTighteningUnits == 50)
        // Fits from 17 units of tightening on at full size: scale stays 1.
        let tight = search.search(fits: { $0.scale == 1 && ($0.tightening * 1000).rounded() >= 17 },
                                  estimate: { ($0.tightening * 1000).rounded() >= 15 })
        #expect(tight.fits && tight.fit.scale == 1 && (tight.fit.tightening * 1000).rounded() == 17)
        // Tightening is not enough: the scale search keeps the most tightening.
        let scaled = search.search(fits: { ($0.scale * 1000).rounded() <= 912 && ($0.tightening * 1000).rounded() == 50 })
        #expect(scaled.fits && (scaled.fit.scale * 1000).rounded() == 912 && (scaled.fit.tightening * 1000).rounded() == 50)
    }
}
