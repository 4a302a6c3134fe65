import Foundation

/// A renderer that records where the links it is given are drawn, then hands the text on
/// unchanged: put it in a renderer stack to learn, frame by frame, where each link landed.
///
/// It records what SwiftUI's `TextRenderer` hides: every link fragment of the layout (or of a
/// fragment drawn directly), mapped through the context's transform to frame points, with the
/// frame's time. Renderers stacked before it move glyphs, not the layout, so not its rectangles. Rectangles are the Pango character
/// rectangles of `TextLayout.links`, not clipped to the viewport; a run or glyph records the
/// part of its link fragment it spans.
package struct LinkReporter: TextRenderer {
    public let recorder: LinkRecorder

    public init(recorder: LinkRecorder) {
        self.recorder = recorder
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        var entries: [LinkRecorder.Entry] = []
        for link in layout.links {
            for fragment in link.fragments {
                guard let rect = Self.part(of: fragment, occurrence: link.occurrence, in: layout) else { continue }
                entries.append(LinkRecorder.Entry(time: context.time, occurrence: link.occurrence, url: link.url,
                                                  lineIndex: fragment.lineIndex, rect: Self.canvasRect(rect, context)))
            }
        }
        recorder.record(entries)
        context.draw(layout)
    }

    /// The part of `fragment` that `layout` (the whole text or a fragment of it) covers.
    static func part(of fragment: LinkFragment, occurrence: Int, in layout: TextLayout) -> CGRect? {
        switch layout.extent {
        case .whole:
            return fragment.rect
        case .line:
            return layout.first?.index == fragment.lineIndex ? fragment.rect : nil
        case .run, .glyphs:
            // A run or glyph of this link on this line: the fragment cut to its horizontal extent.
            var span = CGRect.null
            for run in layout.runs where run.lineIndex == fragment.lineIndex && run.runStyle.linkOccurrence == occurrence {
                for glyph in run {
                    let bounds = glyph.typographicBounds
                    span = span.union(CGRect(x: bounds.origin.x, y: fragment.rect.minY, width: bounds.width, height: fragment.rect.height))
                }
            }
            guard !span.isNull else { return nil }
            let cut = fragment.rect.intersection(CGRect(x: span.minX, y: fragment.rect.minY, width: span.width, height: fragment.rect.height))
            return cut.isNull ? nil : cut
        }
    }

    /// The bounding box in frame points of `rect` in the context's current coordinates.
    static func canvasRect(_ rect: CGRect, _ context: GraphicsContext) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(context.convertToCanvas)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
