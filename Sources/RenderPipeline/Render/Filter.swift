/// An effect applied to what a graphics context draws after the filter is added.
public enum Filter: Hashable, Sendable {
    /// A Gaussian blur with standard deviation `radius` points (CSS `blur()` semantics).
    case blur(radius: Double)
    /// A blurred, offset copy of the drawing's alpha, in `color`, drawn under it.
    case shadow(color: Color, radius: Double, x: Double, y: Double)

    /// How far, in points, the filter can spread pixels beyond what was drawn.
    var padding: Double {
        switch self {
        case .blur(let radius): BoxBlur.reach(sigma: radius)
        case .shadow(_, let radius, let x, let y): BoxBlur.reach(sigma: radius) + max(abs(x), abs(y))
        }
    }
}
