import CPango

/// A rich text given to Pango once and broken into lines again at one width after another:
/// the lines `TextLayout(text, options:)` has at each width, for searches that try many widths
/// and keep one (balanced caption lines, a character limit per line).
///
/// A `TextLayout` styles every span for Pango and copies every glyph out; a search over widths
/// needs neither but the line breaks, which Pango makes again from the same text and attributes
/// whenever the width changes. Over a long text with a style per word (caption words with
/// their times) building the layout cost more than Pango's line breaking.
///
/// The text is laid out as `TextLayout` lays it out with the same options, untruncated: options
/// with a line limit, a height or fitting are not what it is for (their lines are cut or
/// scaled). With keep-all word breaking, which words may break depends on the width, and each
/// width is laid out anew. Not for use from several threads at once.
package final class LineBreaks {
    private let builder: PangoLayoutBuilder
    /// The layout and its text; nil with keep-all word breaking (laid out anew for each width).
    private let layout: PangoTextLayout?

    /// `text` as `TextLayout(text, options: options, fonts: fonts)` lays it out, at widths to come.
    package init(_ text: RichText, options: LayoutOptions, fonts: FontLibrary = .system) {
        precondition(options.width != nil && options.lineLimit == nil && options.height == nil && !options.fitsBySizing,
                     "line breaks of wrapped text that is neither cut nor fitted")
        let builder = PangoLayoutBuilder(text: text, options: options, fonts: fonts)
        self.builder = builder
        layout = options.wordBreak == .keepAll ? nil
            : PangoLock.withLock { builder.makeLayout(builder.text, context: builder.makeContext(), splittingRuns: false) }
    }

    /// The text laid out at `width` points; call with the lock held.
    private func laidOut(width: Double) -> PangoTextLayout {
        if let layout {
            layout.layout.withUnsafeMutablePangoLayout { pango_layout_set_width($0, width.pangoUnits) }
            return layout
        }
        let atWidth = builder.wrapped(at: width)
        return atWidth.makeLayout(atWidth.text, context: atWidth.makeContext(), splittingRuns: false)
    }

    /// The width of each line at `width` points, as `TextLayout`'s lines give it
    /// (their typographic bounds' width: Pango's logical width of the line).
    package func lineWidths(width: Double) -> [Double] {
        PangoLock.withLock {
            var result: [Double] = []
            laidOut(width: width).layout.withUnsafeMutablePangoLayout { pango in
                var node = pango_layout_get_lines_readonly(pango)
                while let current = node {
                    var logical = PangoRectangle()
                    pango_layout_line_get_extents(current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self), nil, &logical)
                    result.append(Double(pangoUnits: logical.width))
                    node = current.pointee.next
                }
            }
            return result
        }
    }

    /// The text of each line at `width` points, as `TextLayout`'s lines (``Text/Layout/Line/text``) hold it.
    package func lines(width: Double) -> [Substring] {
        PangoLock.withLock {
            let broken = laidOut(width: width)
            let text = broken.text, utf8 = text.utf8
            var result: [Substring] = []
            broken.layout.withUnsafeMutablePangoLayout { pango in
                var node = pango_layout_get_lines_readonly(pango)
                var index = utf8.startIndex, offset = 0
                while let current = node {
                    let line = current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee
                    // Lines come in text order: each range is found from the last one's end.
                    let start = Int(line.start_index)
                    index = utf8.index(index, offsetBy: start - offset)
                    let end = utf8.index(index, offsetBy: Int(line.length))
                    result.append(text[index..<end])
                    (index, offset) = (end, start + Int(line.length))
                    node = current.pointee.next
                }
            }
            return result
        }
    }
}
