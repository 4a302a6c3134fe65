import Foundation

extension GraphicsContext {
    /// Options for clipping, as SwiftUI's `GraphicsContext.ClipOptions`.
    public struct ClipOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Keep what lies outside the shape (or the layer's transparent parts) instead.
        public static let inverse = ClipOptions(rawValue: 1 << 0)
    }

    /// Intersects the clip with the alpha of what `content` draws, as SwiftUI's `clipToLayer`:
    /// later drawing shows where the layer is opaque, scaled by `opacity`.
    public mutating func clipToLayer(opacity: Double = 1, options: ClipOptions = ClipOptions(),
                                     content: (inout GraphicsContext) throws -> Void) rethrows {
        let area = target.deviceRect
        guard let surface = try? ImageSurface(width: area.width, height: area.height) else { return }
        var layer = self
        layer.target = DrawingTarget(surface: surface)
        layer.clips = []
        layer.masks = []
        layer.filters = []
        layer.opacity = 1
        layer.blendMode = .normal
        try content(&layer)
        layer.target.cairo.makeLayerMask(opacity: opacity, inverse: options.contains(.inverse),
                                         intersecting: masks.map { ($0.surface, $0.x, $0.y) })
        surface.flush()
        masks = [LayerMask(surface: surface, x: 0, y: 0)]
    }
}
