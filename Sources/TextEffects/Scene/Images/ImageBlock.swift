import Foundation

/// An `image` block: a photo or drawing as a block of its own, as SwiftUI writes
/// `Image(…).resizable().aspectRatio(contentMode:).frame(width:height:).clipShape(…)`. Its
/// `image` carries the presentation image spans have (content mode, alignment, clip shape).
package struct ImageBlock: Sendable {
    /// The decoded file with its presentation.
    package var image: Image
    /// The path as the scene gives it (reported by `measure`).
    package var source: String
    /// A fixed width or height, as SwiftUI's `.frame(width:height:)`; nil sizes the block by the
    /// image's aspect ratio, or by what it is offered (see ``size(for:)``).
    package var width: Double?
    package var height: Double?
    /// The paint a template image's alpha is filled with (SwiftUI's
    /// `.renderingMode(.template).foregroundStyle(…)`); nil draws the image's own colours.
    package var templatePaint: Paint?
    /// The text the image stands for (`measure` reports it as the block's text).
    package var alt: String?

    package init(image: Image, source: String, width: Double? = nil, height: Double? = nil,
                 templatePaint: Paint? = nil, alt: String? = nil) {
        self.image = image
        self.source = source
        self.width = width
        self.height = height
        self.templatePaint = templatePaint
        self.alt = alt
    }

    /// The block's size when it is offered `proposal` (nil: its ideal size), as SwiftUI sizes a
    /// resizable image:
    /// - a fixed `width` and `height` are used as given; one of them alone gives the other by the
    ///   image's aspect ratio;
    /// - with neither, a `fit` image is the largest of its aspect ratio within the proposal and a
    ///   `fill` image takes all it is offered (cropped to it); without a content mode, or on an
    ///   axis offered nothing definite, the image has its own size in points.
    package func size(for proposal: ProposedViewSize = .unspecified) -> CGSize {
        let aspect = image.aspectRatio
        switch (width, height) {
        case let (width?, height?): return CGSize(width: width, height: height)
        case let (width?, nil): return CGSize(width: width, height: width / aspect)
        case let (nil, height?): return CGSize(width: height * aspect, height: height)
        case (nil, nil): break
        }
        let own = image.size
        let offered = (width: proposal.width.flatMap { $0.isFinite ? Double($0) : nil },
                       height: proposal.height.flatMap { $0.isFinite ? Double($0) : nil })
        switch image.presentation.contentMode {
        case nil:
            return own
        case .fit?:
            switch (offered.width, offered.height) {
            case let (w?, h?): return w / h > aspect ? CGSize(width: h * aspect, height: h) : CGSize(width: w, height: w / aspect)
            case let (w?, nil): return CGSize(width: w, height: w / aspect)
            case let (nil, h?): return CGSize(width: h * aspect, height: h)
            case (nil, nil): return own
            }
        case .fill?:
            // Infinite offers pass through, so a filled image is as flexible as a shape.
            switch (proposal.width, proposal.height) {
            case let (w?, h?): return CGSize(width: w, height: h)
            case let (w?, nil): return CGSize(width: w, height: w.isFinite ? w / aspect : own.height)
            case let (nil, h?): return CGSize(width: h.isFinite ? h * aspect : own.width, height: h)
            case (nil, nil): return own
            }
        }
    }

    /// Draws the image in `rect` (in the context's coordinates) with its presentation; a
    /// template image as its alpha filled with `templatePaint`.
    package func draw(in rect: CGRect, context: GraphicsContext) {
        guard let templatePaint else { return context.draw(image, in: rect) }
        // The paint kept only where the image has coverage: the layer holds the image, then
        // the paint drawn over it with source-atop replaces its colours and keeps its alpha.
        context.drawLayer(bounds: rect) { layer in
            layer.draw(image, in: rect)
            layer.blendMode = .sourceAtop
            layer.fill(Path(rect), with: templatePaint)
        }
    }
}
