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
        // On an SVG or PDF page the mask is a Cairo group of the layer's drawing, vectors and
        // text; an inverse one (1 − alpha, which no vector operator makes) stays pixels.
        if target.surface == nil, !options.contains(.inverse) {
            return try clipToVectorLayer(opacity: opacity, content: content)
        }
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
        layer.target.cairo.makeLayerMask(opacity: opacity, inverse: options.contains(.inverse), intersecting: masks)
        surface.flush()
        masks = [LayerMask(surface: surface, x: 0, y: 0)]
    }

    /// `clipToLayer` on a vector page: the layer is drawn into a Cairo group that becomes one
    /// more mask; later drawing goes through every mask, each a nested group.
    private mutating func clipToVectorLayer(opacity: Double, content: (inout GraphicsContext) throws -> Void) rethrows {
        let page = target
        var layer = self
        // Drawn straight onto the page's context (into the group), never into a recording.
        layer.target = DrawingTarget(vectorPage: page.cairo, width: page.deviceRect.width, height: page.deviceRect.height)
        layer.clips = []
        layer.masks = []
        layer.filters = []
        layer.opacity = 1
        layer.blendMode = .normal
        let pattern = try page.cairo.makeVectorMask(opacity: opacity) { try content(&layer) }
        masks.append(LayerMask(vector: pattern))
    }
}
