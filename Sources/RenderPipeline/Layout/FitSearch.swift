/// Finds the fit of a text that does not fit its line limit or frame as it is: first the least
/// tightening that makes it fit at full size, then the largest scale, both exactly.
///
/// Scales are whole multiples of 1/`sizeUnits`, where `sizeUnits` is the text's largest font
/// size in Pango units (1/1024 pt): the largest span's size runs through every size Pango can
/// lay out, one unit apart, and the search returns the largest candidate `k` that fits while
/// `k + 1` does not, both decided by laying them out, not by a step or a tolerance.
/// Tightening is searched the same way, in Pango units of letter spacing on the largest span.
/// Fitting is monotone in practice (a smaller text never takes more lines); where line
/// breaking makes it jump, the answer is still a size that fits next to one that does not.
///
/// Each candidate is a layout, and at a new size a costly one (a new font), so the search
/// keeps their number down: given a cheap `estimate` (``FitModel``) it starts where the
/// estimate puts the boundary and gallops outward from there, which costs two layouts when the
/// estimate is right; without one it checks the smallest size, then bisects.
struct FitSearch {
    /// The text's largest font size in Pango units; at least 1.
    let sizeUnits: Int
    let minimumScaleFactor: Double
    let allowsTightening: Bool

    init(sizeUnits: Int, minimumScaleFactor: Double, allowsTightening: Bool) {
        self.sizeUnits = max(1, sizeUnits)
        self.minimumScaleFactor = minimumScaleFactor.isNaN ? 1 : min(max(minimumScaleFactor, 0), 1)
        self.allowsTightening = allowsTightening
    }

    /// The smallest scale candidate: `minimumScaleFactor` rounded up to the grid (a size of at
    /// least one unit; a factor of 0 lets the text shrink to nearly nothing, as SwiftUI's does).
    var minimumScaleUnits: Int {
        // The tolerance keeps 0.8 × 1000 (800.0000000000001) from rounding up to 801.
        let exact = minimumScaleFactor * Double(sizeUnits)
        return min(sizeUnits, max(1, Int((exact - 1e-7).rounded(.up))))
    }

    /// The most tightening, in Pango units of the largest span's letter spacing.
    var maximumTighteningUnits: Int {
        allowsTightening ? max(1, Int((TextFit.maximumTightening * Double(sizeUnits)).rounded())) : 0
    }

    /// The fit for `k` scale units and `j` tightening units.
    func fit(scaleUnits k: Int, tighteningUnits j: Int) -> TextFit {
        k == sizeUnits && j == 0 ? .identity
            : TextFit(scale: Double(k) / Double(sizeUnits), tightening: Double(j) / Double(sizeUnits))
    }

    /// The smallest fit allowed: the minimum scale with the most tightening.
    var smallest: TextFit { fit(scaleUnits: minimumScaleUnits, tighteningUnits: maximumTighteningUnits) }

    /// The fit to lay the text out at, and whether the text fits there; when it does not, it is
    /// ``smallest``, at which the text is then truncated. Call only when the text does not fit
    /// as it is. `fits` lays a candidate out and says whether it fits; `estimate`, when given,
    /// predicts the same without laying out.
    func search(fits: (TextFit) -> Bool, estimate: ((TextFit) -> Bool)? = nil) -> (fit: TextFit, fits: Bool) {
        let tightest = maximumTighteningUnits
        if tightest > 0 {
            // Candidates by index i = tightest − j: they fit up to some index (less tightening
            // fits less), and the last that fits is the least tightening that does.
            let tightening = { (i: Int) in fit(scaleUnits: sizeUnits, tighteningUnits: tightest - i) }
            let least: Int?
            if let estimate {
                let guess = Self.lastPassing(count: tightest) { estimate(tightening($0)) } ?? 0
                least = Self.lastFitting(count: tightest, guess: guess) { fits(tightening($0)) }
            } else {
                least = Self.smallestThenBisect(count: tightest) { fits(tightening($0)) }
            }
            if let least { return (tightening(least), true) }
        }
        // Candidates by index i = k − smallest, k below full size (which does not fit).
        let smallest = minimumScaleUnits
        let scaled = { (i: Int) in fit(scaleUnits: smallest + i, tighteningUnits: tightest) }
        let count = sizeUnits - smallest
        guard count > 0 else { return (scaled(0), false) }
        let largest: Int?
        if let estimate {
            let guess = Self.lastPassing(count: count) { estimate(scaled($0)) } ?? 0
            largest = Self.lastFitting(count: count, guess: guess) { fits(scaled($0)) }
        } else {
            largest = Self.smallestThenBisect(count: count) { fits(scaled($0)) }
        }
        return largest.map { (scaled($0), true) } ?? (scaled(0), false)
    }

    /// The largest index in `0..<count` that passes, for a predicate that passes up to some
    /// index and fails after it, by bisection; nil when none passes. For the cheap estimate.
    static func lastPassing(count: Int, passes: (Int) -> Bool) -> Int? {
        var low = -1, high = count
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if passes(mid) { low = mid } else { high = mid }
        }
        return low >= 0 ? low : nil
    }

    /// As `lastPassing`, for layouts: starting at `guess` (probing it and its neighbour settles
    /// a right guess), galloping outward, then bisecting.
    static func lastFitting(count: Int, guess: Int?, passes: (Int) -> Bool) -> Int? {
        Truncator.lastFitting(count: count, guess: guess, fits: passes)
    }

    /// As `lastPassing`, for layouts without a guess: index 0 first (text that cannot fit
    /// costs one layout), then bisection above it.
    static func smallestThenBisect(count: Int, passes: (Int) -> Bool) -> Int? {
        guard count > 0, passes(0) else { return nil }
        var low = 0, high = count
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if passes(mid) { low = mid } else { high = mid }
        }
        return low
    }
}
