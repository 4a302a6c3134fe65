import CCairo
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
        layer.textRecording = nil
        layer.outerText = nil
        try content(&layer)
        layer.target.cairo.withUnsafeCairoContext { cr in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            if opacity < 1 {
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
                cairo_set_source_rgba(cr, 0, 0, 0, max(opacity, 0))
                cairo_paint(cr)
            }
            if options.contains(.inverse) {
                // Alpha becomes 1 − alpha: opaque black XORed with the layer.
                cairo_set_operator(cr, CAIRO_OPERATOR_XOR)
                cairo_set_source_rgba(cr, 0, 0, 0, 1)
                cairo_paint(cr)
            }
            // One mask at a time: the new one is intersected with the ones before it.
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
            for mask in masks {
                mask.surface.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, Double(mask.x), Double(mask.y)) }
                cairo_paint(cr)
            }
            cairo_restore(cr)
        }
        surface.flush()
        masks = [LayerMask(surface: surface, x: 0, y: 0)]
    }
}
