import Foundation

extension GraphicsContext {
    /// The gradient's stops in order; in linear light, with stops in between so that Cairo's sRGB
    /// interpolation follows the linear-light blend.
    static func stops(of gradient: Gradient, linear: Bool) -> [Gradient.Stop] {
        let sorted = gradient.stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        guard linear, sorted.count > 1 else { return sorted }
        var result: [Gradient.Stop] = []
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            for step in 0..<16 {
                let t = Double(step) / 16
                result.append(Gradient.Stop(color: a.color.mixedInLinearLight(with: b.color, by: t),
                                            location: a.location + (b.location - a.location) * t))
            }
        }
        result.append(sorted[sorted.count - 1])
        return result
    }

    /// The colour of sorted `stops` at `location`, interpolated in sRGB as Cairo does.
    static func color(of stops: [Gradient.Stop], at location: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if location <= first.location { return first.color }
        if location >= last.location { return last.color }
        let next = stops.firstIndex { $0.location > location }!
        let a = stops[next - 1], b = stops[next]
        let t = (location - a.location) / Swift.max(b.location - a.location, 1e-12)
        return Color(red: a.color.red + (b.color.red - a.color.red) * t, green: a.color.green + (b.color.green - a.color.green) * t,
                     blue: a.color.blue + (b.color.blue - a.color.blue) * t, alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * t)
    }

    /// How far the farthest corner of `rect` lies from `point`.
    static func farthestCorner(of rect: CGRect, from point: CGPoint) -> Double {
        [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { hypot($0.0 - point.x, $0.1 - point.y) }.max() ?? 0
    }
}
