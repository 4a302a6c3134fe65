import Foundation

/// A function defined by a two-dimensional curve that maps an input progress in `[0, 1]` to an
/// output progress, as SwiftUI's `UnitCurve`.
///
/// The x axis is the input progress and the y axis the output: evaluating the curve at a progress
/// returns the y of the curve's point at that x. Reshaping the curve changes the effective speed of
/// an animation or interpolation without changing where it starts and ends.
public struct UnitCurve: Hashable, Sendable {
    /// The shapes a curve can take.
    ///
    /// `circularEaseOutIn` has no public name: it exists because `circularEaseInOut.inverse` (its
    /// mirror image across y = x) is a different curve, and `inverse` promises the true mirror.
    enum Function: Hashable, Sendable {
        case linear
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        case circularEaseOutIn
        case bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint)
    }

    let function: Function

    init(_ function: Function) {
        self.function = function
    }

    /// Creates a new curve using bezier control points.
    ///
    /// The curve is the cubic Bézier from (0, 0) to (1, 1): the tangent from the start point to
    /// `startControlPoint` sets the initial velocity, the tangent from the end point to
    /// `endControlPoint` the final one. The x components of the control points are clamped to
    /// `[0, 1]` when the curve is evaluated, which keeps x monotonic so every progress has exactly one
    /// point on the curve.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(.bezier(startControlPoint: startControlPoint, endControlPoint: endControlPoint))
    }

    /// A linear curve: the output progress equals the input progress.
    public static let linear = UnitCurve(.linear)

    /// A bezier curve that starts out slowly, then speeds up as it finishes.
    ///
    /// The control points are (0.42, 0) and (1, 1), the CSS and Core Animation `ease-in`.
    public static let easeIn = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))

    /// A bezier curve that starts out quickly, then slows down as it approaches the end.
    ///
    /// The control points are (0, 0) and (0.58, 1), the CSS and Core Animation `ease-out`.
    public static let easeOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// A bezier curve that starts out slowly, speeds up over the middle, then slows down again as it
    /// approaches the end.
    ///
    /// The control points are (0.42, 0) and (0.58, 1), the CSS and Core Animation `ease-in-out`.
    public static let easeInOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// The former name of `easeInOut`.
    @available(*, deprecated, renamed: "easeInOut")
    public static let easeInEaseOut = easeInOut

    /// A curve that starts out slowly, then speeds up as it finishes.
    ///
    /// The curve is the fourth (bottom right) quadrant of a unit circle: y = 1 − √(1 − x²).
    public static let circularEaseIn = UnitCurve(.circularEaseIn)

    /// A circular curve that starts out quickly, then slows down as it approaches the end.
    ///
    /// The curve is the second (top left) quadrant of a unit circle: y = √(1 − (1 − x)²).
    public static let circularEaseOut = UnitCurve(.circularEaseOut)

    /// A circular curve that starts out slowly, speeds up over the middle, then slows down again as
    /// it approaches the end.
    ///
    /// The first half is `circularEaseIn` and the second half `circularEaseOut`, each scaled into
    /// half of the unit square.
    public static let circularEaseInOut = UnitCurve(.circularEaseInOut)

    /// Returns the output value (y component) of the curve at the given progress.
    ///
    /// - Parameter progress: The input progress (x component), clamped to `[0, 1]`.
    public func value(at progress: Double) -> Double {
        let x = Self.clamp(progress)
        switch function {
        case .linear:
            return x
        case .circularEaseIn:
            return Self.circleIn(x)
        case .circularEaseOut:
            return Self.circleOut(x)
        case .circularEaseInOut:
            return x < 0.5 ? Self.circleIn(2 * x) / 2 : 0.5 + Self.circleOut(2 * x - 1) / 2
        case .circularEaseOutIn:
            return x < 0.5 ? Self.circleOut(2 * x) / 2 : 0.5 + Self.circleIn(2 * x - 1) / 2
        case let .bezier(start, end):
            return CubicBezier(start, end).y(atX: x)
        }
    }

    /// Returns the rate of change (first derivative) of the output value of the curve at the given
    /// progress.
    ///
    /// Where a circular curve is vertical (for example `circularEaseIn` at 1) this is `infinity`.
    ///
    /// - Parameter progress: The input progress (x component), clamped to `[0, 1]`.
    public func velocity(at progress: Double) -> Double {
        let x = Self.clamp(progress)
        switch function {
        case .linear:
            return 1
        case .circularEaseIn:
            return Self.circleInSlope(x)
        case .circularEaseOut:
            return Self.circleOutSlope(x)
        // Halving both axes keeps slopes: d(f(2x)/2)/dx = f′(2x).
        case .circularEaseInOut:
            return x < 0.5 ? Self.circleInSlope(2 * x) : Self.circleOutSlope(2 * x - 1)
        case .circularEaseOutIn:
            return x < 0.5 ? Self.circleOutSlope(2 * x) : Self.circleInSlope(2 * x - 1)
        case let .bezier(start, end):
            return CubicBezier(start, end).slope(atX: x)
        }
    }

    /// Returns a copy of the curve with its x and y components swapped.
    ///
    /// The inverse solves a curve in reverse: `curve.inverse.value(at: y)` is the progress at which
    /// `curve` outputs `y`. For a bezier whose control points have y outside `[0, 1]` the swapped x
    /// components are clamped, so there the inverse is only approximate.
    public var inverse: UnitCurve {
        switch function {
        case .linear:
            return .linear
        case .circularEaseIn:
            return .circularEaseOut
        case .circularEaseOut:
            return .circularEaseIn
        case .circularEaseInOut:
            return UnitCurve(.circularEaseOutIn)
        case .circularEaseOutIn:
            return .circularEaseInOut
        case let .bezier(start, end):
            return .bezier(
                startControlPoint: UnitPoint(x: start.y, y: start.x),
                endControlPoint: UnitPoint(x: end.y, y: end.x)
            )
        }
    }

    private static func clamp(_ x: Double) -> Double {
        // NaN in, 0 out: an animation fed a bad time should still draw its start.
        guard x > 0 else { return 0 }
        return min(x, 1)
    }

    /// The quarter circle y = 1 − √(1 − x²) on [0, 1].
    private static func circleIn(_ x: Double) -> Double { 1 - (1 - x * x).squareRoot() }

    /// The quarter circle y = √(1 − (1 − x)²) on [0, 1].
    private static func circleOut(_ x: Double) -> Double {
        let u = 1 - x
        return (1 - u * u).squareRoot()
    }

    private static func circleInSlope(_ x: Double) -> Double { x / (1 - x * x).squareRoot() }

    private static func circleOutSlope(_ x: Double) -> Double {
        let u = 1 - x
        return u / (1 - u * u).squareRoot()
    }
}

extension UnitCurve {
    /// The cubic Bézier timing curve through (0, 0), `start`, `end`, (1, 1), in polynomial form.
    fileprivate struct CubicBezier {
        // x(t) = ((ax·t + bx)·t + cx)·t, likewise y: the Bernstein form expanded once, so evaluating
        // is three multiply-adds.
        let ax, bx, cx: Double
        let ay, by, cy: Double

        init(_ start: UnitPoint, _ end: UnitPoint) {
            let x1 = min(max(Double(start.x), 0), 1), x2 = min(max(Double(end.x), 0), 1)
            let y1 = Double(start.y), y2 = Double(end.y)
            cx = 3 * x1
            bx = 3 * (x2 - x1) - cx
            ax = 1 - cx - bx
            cy = 3 * y1
            by = 3 * (y2 - y1) - cy
            ay = 1 - cy - by
        }

        func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

        /// The curve parameter t whose x is `x`.
        ///
        /// With both control x in [0, 1] the derivative's Bernstein coefficients make x(t) non-decreasing,
        /// so the root is unique: Newton converges in a few steps from t = x, and bisection takes over
        /// wherever the slope is too flat for Newton to be safe.
        func parameter(forX x: Double) -> Double {
            var t = x
            for _ in 0..<8 {
                let error = self.x(t) - x
                if abs(error) < 1e-14 { return t }
                let slope = dx(t)
                if abs(slope) < 1e-6 { break }
                t -= error / slope
                if !(0...1).contains(t) { break }
            }
            var low = 0.0, high = 1.0
            t = x
            for _ in 0..<64 {
                let value = self.x(t)
                if abs(value - x) < 1e-14 { break }
                if value < x { low = t } else { high = t }
                t = (low + high) / 2
            }
            return t
        }

        func y(atX x: Double) -> Double {
            // The ends are exact, so an animation finishes exactly on its target.
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            return y(parameter(forX: x))
        }

        /// dy/dx = y′(t) / x′(t).
        func slope(atX x: Double) -> Double {
            var t = parameter(forX: x)
            // Where x′(t) vanishes (an end with its control point on it, as easeOut's start), the slope
            // is the limit of the ratio: read it a hair inside the curve instead of dividing 0 by 0.
            if abs(dx(t)) < 1e-9 {
                t = t < 0.5 ? t + 1e-7 : t - 1e-7
            }
            return dy(t) / dx(t)
        }
    }
}
