import Foundation

/// What a renderer drew, as a list of value-type operations in drawing order, each with its
/// resolved state (transform to frame points, opacity, blend mode, filters, clips, device clip):
/// glyph runs or slices, path fills and strokes, images, frame pixels, and layers holding
/// operations of their own.
///
/// A graphics context records into one instead of drawing when its target is a recording one
/// (`DisplayList(recording:…)`, and every renderer of a `RendererStack`), through the same
/// SwiftUI `GraphicsContext` API renderers draw with; so an effect can be tested by the
/// operations it emits (what, where, with which state). `GraphicsContext.replay` draws a list.
package struct DisplayList {
    /// The operations at the top level, in drawing order.
    package var operations: [Operation] = []

    package init(operations: [Operation] = []) {
        self.operations = operations
    }

    /// Every operation, layers' contents included, in drawing order: a layer comes before what
    /// it holds.
    package var allOperations: [Operation] {
        var result: [Operation] = []
        func walk(_ operations: [Operation]) {
            for operation in operations {
                result.append(operation)
                if case .layer(let layer) = operation { walk(layer.operations) }
            }
        }
        walk(operations)
        return result
    }

    /// Every glyph operation, layers' contents included, in drawing order.
    package var glyphOperations: [GlyphsOperation] {
        allOperations.compactMap { if case .glyphs(let glyphs) = $0 { glyphs } else { nil } }
    }

    /// Every path fill, layers' contents included, in drawing order.
    package var fillOperations: [FillOperation] {
        allOperations.compactMap { if case .fill(let fill) = $0 { fill } else { nil } }
    }

    /// Every path stroke, layers' contents included, in drawing order.
    package var strokeOperations: [StrokeOperation] {
        allOperations.compactMap { if case .stroke(let stroke) = $0 { stroke } else { nil } }
    }

    /// Every layer, nested ones included, outer before inner.
    package var layerOperations: [LayerOperation] {
        allOperations.compactMap { if case .layer(let layer) = $0 { layer } else { nil } }
    }

    /// Every image, layers' contents included, in drawing order.
    package var imageOperations: [ImageOperation] {
        allOperations.compactMap { if case .image(let image) = $0 { image } else { nil } }
    }
}
