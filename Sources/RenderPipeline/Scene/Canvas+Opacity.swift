extension Scene.Canvas {
    /// Whether the background covers every pixel with an opaque colour: an opaque `background`,
    /// or a `backgroundPaint` gradient all of whose colours are opaque.
    package var isOpaque: Bool {
        guard let backgroundPaint else { return background?.alpha == 1 }
        if case .linearGradient(let gradient) = backgroundPaint { return gradient.colors.allSatisfy { $0.alpha == 1 } }
        if case .color(let color) = backgroundPaint { return color.alpha == 1 }
        return false
    }
}
