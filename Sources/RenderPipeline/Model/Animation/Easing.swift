import Foundation

/// How a keyframed value moves from one key to the next.
public enum Easing: String, CaseIterable, Hashable, Sendable, Codable {
    case linear, easeIn, easeOut, easeInOut, spring

    /// Progress along the segment (0...1) for elapsed fraction `x` (0...1).
    public func callAsFunction(_ x: Double) -> Double {
        // The ends are exact, so a finished animation draws exactly the still text.
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        switch self {
        case .linear: return x
        case .easeIn: return Self.cubicBezier(0.42, 0, 1, 1, x)
        case .easeOut: return Self.cubicBezier(0, 0, 0.58, 1, x)
        case .easeInOut: return Self.cubicBezier(0.42, 0, 0.58, 1, x)
        case .spring:
            // Critically damped: 1 − (1 + ωx)e^(−ωx), ω chosen so it is within 0.1 % at the key,
            // then scaled so it lands exactly on it.
            let omega = 9.2335
            func curve(_ x: Double) -> Double { 1 - (1 + omega * x) * exp(-omega * x) }
            return curve(x) / curve(1)
        }
    }

    /// The CSS / Core Animation timing curve through (0,0), (x1,y1), (x2,y2), (1,1), evaluated at x.
    static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        // x(t) is monotonic for these curves: bisect for the t whose x matches.
        var low = 0.0, high = 1.0, t = x
        for _ in 0..<40 {
            let value = bezier(t, x1, x2)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return bezier(t, y1, y2)
    }
}
