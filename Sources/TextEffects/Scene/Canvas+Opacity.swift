extension Scene.Canvas {
    /// Whether the background covers every pixel with an opaque colour: an opaque `background`,
    /// or a `backgroundPaint` all of whose colours are opaque (every gradient kind reaches past
    /// its ends, padded, repeated or mirrored, so it covers the whole canvas).
    package var isOpaque: Bool {
        guard let backgroundPaint else { return background?.alpha == 1 }
        let colors: [Color]
        switch backgroundPaint {
        case .color(let color): colors = [color]
        case .linearGradient(let linear): colors = linear.gradient.stops.map(\.color)
        case .radialGradient(let radial): colors = radial.gradient.stops.map(\.color)
        case .angularGradient(let angular): colors = angular.gradient.stops.map(\.color)
        // Whether an image's pixels are all opaque is not known without reading them.
        case .image: return false
        }
        return !colors.isEmpty && colors.allSatisfy { $0.alpha == 1 }
    }
}
