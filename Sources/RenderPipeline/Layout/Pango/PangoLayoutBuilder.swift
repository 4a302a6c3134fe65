import CPango
import Foundation

extension TextLayout {
    /// Lays out rich text with Pango and copies the result into Pango-free values.
    package init(_ text: RichText, options: LayoutOptions, fonts: FontLibrary = .system) {
        self.init(storage: PangoLayoutBuilder(text: text, options: options, fonts: fonts).build())
    }

    /// Lays out a `Text` with its base style unset (system defaults), in `fonts`: text a renderer
    /// lays out itself in the scene's fonts (``GraphicsContext/fonts``), such as a cursor.
    public init(_ text: Text, options: LayoutOptions, fonts: FontLibrary) {
        self.init(text.richText(), options: options, fonts: fonts)
    }
}

/// Turns `RichText` into a `PangoLayout`, then walks it line → run → glyph into `LayoutStorage`.
struct PangoLayoutBuilder {
    let text: RichText
    /// The paragraph settings, with the fit the text is laid out at (`options.fit`).
    private(set) var options: LayoutOptions
    let fonts: FontLibrary

    init(text: RichText, options: LayoutOptions, fonts: FontLibrary) {
        // Give every ungrouped link span a group of its own before truncation may cut a span in
        // two (middle mode): both pieces then stay one link. Negative, so never a `Text.link` group.
        let bounded = MarkSequenceLimit.limited(text)
        var numbered = options.hyphenate ? SoftHyphenation.hyphenated(bounded, language: options.environment.language) : bounded
        for i in numbered.spans.indices where numbered.spans[i].link != nil && numbered.spans[i].linkGroup == nil {
            numbered.spans[i].linkGroup = -(i + 1)
        }
        self.text = numbered
        self.options = options
        self.fonts = fonts
    }

    func build() -> LayoutStorage {
        PangoLock.withLock { build(in: makeContext()) }
    }

    /// A Pango context for this builder's fonts and language; call with the lock held.
    func makeContext() -> PangoContextObject { fonts.makeContext(language: options.environment.language) }

    /// This builder with its text laid out at `fit`.
    func fitted(_ fit: TextFit) -> PangoLayoutBuilder {
        var copy = self
        copy.options.fit = fit
        return copy
    }

    /// Lays out and copies out in `context`, with the lock held. `forcingTruncation` cuts and
    /// ends the text with the token even when it fits: a document's text cut at an element's end.
    func build(in context: PangoContextObject, forcingTruncation: Bool = false) -> LayoutStorage {
        let full = makeLayout(text, context: context)
        let fullMetrics = (size: full.textSize, lineCount: full.lineCount)
        guard forcingTruncation || !fitsUntruncated(full) else {
            return copyOut(full, isTruncated: false, full: fullMetrics)
        }
        let shown = shownLayout(full: full, context: context, forcingTruncation: forcingTruncation)
        return shown.builder.copyOut(shown.layout, isTruncated: shown.isTruncated, full: fullMetrics)
    }

    /// Sizes with and without truncation and the displayed text, without copying glyphs out.
    func measure() -> TextMeasurement {
        PangoLock.withLock {
            let context = fonts.makeContext(language: options.environment.language)
            let full = makeLayout(text, context: context)
            guard !fitsUntruncated(full) else {
                return TextMeasurement(size: full.textSize, lineCount: full.lineCount, isTruncated: false,
                                       fullSize: full.textSize, fullLineCount: full.lineCount, text: text.exportedText,
                                       inkRect: full.inkRect, fit: reportedFit)
            }
            let shown = shownLayout(full: full, context: context, forcingTruncation: false)
            return TextMeasurement(size: shown.layout.textSize, lineCount: shown.layout.lineCount, isTruncated: shown.isTruncated,
                                   fullSize: full.textSize, fullLineCount: full.lineCount, text: shown.text.exportedText,
                                   inkRect: shown.layout.inkRect, fit: shown.builder.reportedFit)
        }
    }

    /// What shows a text that does not fit as it is (`full`): the text fitted by scaling or
    /// tightening when the options allow it and that suffices, else the text cut with the
    /// token (at the smallest fit allowed); with the builder that laid it out, at its fit.
    private func shownLayout(full: PangoTextLayout, context: PangoContextObject, forcingTruncation: Bool)
        -> (builder: PangoLayoutBuilder, text: RichText, layout: PangoTextLayout, isTruncated: Bool) {
        var builder = self, untruncated = full
        if options.fitsBySizing, !forcingTruncation {
            let fitted = fittedLayout(full: full, context: context)
            if fitted.fits { return (fitted.builder, text, fitted.layout, false) }
            (builder, untruncated) = (fitted.builder, fitted.layout)
        }
        let shown = Truncator(builder: builder, context: context, full: untruncated).truncated()
        return (builder, shown.text, shown.layout, true)
    }

    /// The fit the options asked to report: `nil` when fitting was not asked for.
    var reportedFit: TextFit? { options.fitsBySizing ? options.fit : nil }

    /// Builds the Pango layout (untruncated) and lends it to `body` under the Pango lock, for
    /// tests that check the copied-out values against Pango itself. Its spans carry their colours
    /// as Pango attributes too, so that `pango_cairo_show_layout` draws it as we do.
    func withPangoLayout<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        try PangoLock.withLock {
            let context = fonts.makeContext(language: options.environment.language)
            let layout = makeLayout(text, context: context, colored: true)
            return try layout.layout.withUnsafeMutablePangoLayout { try body($0) }
        }
    }

    /// This builder with its text wrapped at `width` points.
    func wrapped(at width: Double) -> PangoLayoutBuilder {
        var copy = self
        copy.options.width = width
        return copy
    }

    /// Lays out `rich` with this builder's paragraph settings; call with the lock held.
    /// `colored` also gives Pango the spans' colours, which only Pango's own drawing reads.
    /// Without `splittingRuns` the runs are left untagged with their run styles: for reading
    /// line breaks only (``LineBreaks``), before the layout is broken at another width.
    func makeLayout(_ rich: RichText, context: PangoContextObject, colored: Bool = false, splittingRuns: Bool = true) -> PangoTextLayout {
        let layout = PangoLayoutObject(context: context)
        var (plain, styles, segments) = configure(layout, rich, context: context, colored: colored, sharingStyles: splittingRuns)
        // keep-all cannot break a word; one wider than the line breaks between its characters
        // after all, as the default rules would, rather than running out of the box.
        if options.wordBreak == .keepAll, let width = options.width {
            let tooWide = Self.wordsWiderThan(width, in: layout, text: plain)
            if !tooWide.isEmpty {
                (plain, styles, segments) = configure(layout, rich, context: context, colored: colored,
                                                      breakingWordsAt: tooWide, sharingStyles: splittingRuns)
            }
        }
        if splittingRuns { RunStyleSplitter.split(layout, segments: segments) }
        return PangoTextLayout(layout: layout, text: plain, styles: styles, baseStyle: rich.baseStyle)
    }

    /// Whether the whole text fits the line limit and frame height as it is.
    func fitsUntruncated(_ layout: PangoTextLayout) -> Bool {
        if let limit = options.lineLimit, layout.lineCount > limit { return false }
        if let height = options.height, layout.heightUnits > height.pangoUnits { return false }
        return true
    }

    /// Whether a truncated candidate (kept text plus token) fits: the limits, and the last line
    /// leaves `reserve` points free.
    func fitsTruncated(_ layout: PangoTextLayout) -> Bool {
        guard fitsUntruncated(layout) else { return false }
        if let width = options.width, layout.lastLineWidthUnits > (width - options.truncation.reserve).pangoUnits { return false }
        return true
    }

    /// The starts of the keep-all words of a laid-out text that are wider than `width` points.
    private static func wordsWiderThan(_ width: Double, in layout: PangoLayoutObject, text: String) -> Set<Int> {
        layout.withUnsafeMutablePangoLayout { layout in
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            guard logical.width > width.pangoUnits else { return [] }
            var result = Set<Int>()
            for range in KeepAllRanges.ranges(in: text) {
                var first = PangoRectangle(), last = PangoRectangle()
                pango_layout_index_to_pos(layout, Int32(range.lowerBound), &first)
                pango_layout_index_to_pos(layout, Int32(range.upperBound), &last)
                // A word that does not fit sits on one line, from its first character to past its last.
                if first.y == last.y, abs(last.x - first.x) > width.pangoUnits { result.insert(range.lowerBound) }
            }
            return result
        }
    }

    /// Gives `layout` the text and the attributes that shape and break it; returns the text, the
    /// run styles and the segments of one style. `sharingStyles`: one entry in the run styles
    /// for each distinct style (the copied-out layout's table); without it, segments are made
    /// alike (adjacent spans of equal styles are one) but each has an entry of its own: the
    /// attributes Pango sees are the same, without hashing every span's style, for a layout
    /// read for its line breaks only.
    private func configure(_ layout: PangoLayoutObject, _ text: RichText, context: PangoContextObject, colored: Bool,
                           breakingWordsAt breakable: Set<Int> = [], sharingStyles: Bool = true)
        -> (String, [RunStyle], [RunStyleSplitter.Segment]) {
        var plain = ""
        var styles: [RunStyle] = []
        var styleIndex: [RunStyle: Int] = [:]
        let list = pango_attr_list_new()!
        defer { pango_attr_list_unref(list) }
        // Attributes in the order they are made, inserted by start at the end: Pango's list
        // appends an attribute that starts at or after the last one in constant time, but scans
        // the whole list for one that starts before it.
        var pending: [UnsafeMutablePointer<PangoAttribute>] = []

        // Adjacent spans with one run style become one segment, so they shape as one run.
        var segments: [RunStyleSplitter.Segment] = []
        // Links numbered in text order; a span without a group (a truncation token's) is its own link.
        struct LinkKey: Hashable { var url: String; var group: Int?; var span: Int? }
        var occurrences: [LinkKey: Int] = [:]
        var boxes: [(start: UInt32, end: UInt32, box: InlineBox)] = []
        // Code: where a line broken inside a word gets no hyphen.
        var verbatim: [Range<UInt32>] = []
        // Spacers and the character they hold on to: no line break between them.
        var glued: [Range<UInt32>] = []
        var gluesToNext: UInt32?
        for (spanIndex, span) in text.spans.enumerated() {
            let spanText = span.text
            guard !spanText.isEmpty else { continue }
            let start = UInt32(plain.utf8.count)
            plain += spanText
            let end = UInt32(plain.utf8.count)
            if let from = gluesToNext {
                glued.append(from..<(start + UInt32(spanText.first.map { String($0).utf8.count } ?? 0)))
                gluesToNext = nil
            }
            if case .tag(let tag) = span.content, let glue = tag.spacerGlue {
                switch glue {
                case .next: gluesToNext = start
                case .previous:
                    let previous = plain.utf8.index(plain.utf8.startIndex, offsetBy: Int(start))
                    if previous > plain.startIndex {
                        let character = plain.index(before: previous)
                        glued.append(UInt32(plain.utf8.distance(from: plain.utf8.startIndex, to: character))..<end)
                    }
                }
            }
            let merged = text.baseStyle.overridden(by: span.style)
            if options.width != nil, merged.effectiveFont.monospaced == true { verbatim.append(start..<end) }
            let resolved = options.fit.applied(to: merged.resolved(in: options.environment))
            let box = span.isInlineBox ? inlineBox(for: span, index: spanIndex, style: merged, resolved: resolved, context: context) : nil
            if let box { boxes.append((start, end, box)) }
            var occurrence: Int?
            if let link = span.link {
                let key = LinkKey(url: link, group: span.linkGroup, span: span.linkGroup == nil ? spanIndex : nil)
                occurrence = occurrences[key] ?? occurrences.count
                occurrences[key] = occurrence
            }
            let runStyle = RunStyle(style: resolved, link: span.link, attributes: span.attributes,
                                    linkOccurrence: occurrence, inlineBox: box)
            let index: Int
            if !sharingStyles {
                // Only the previous segment's style matters: equal, the span joins it.
                if let last = segments.last, last.end == start, styles[last.style] == runStyle { index = last.style } else {
                    index = styles.count
                    styles.append(runStyle)
                }
            } else if let existing = styleIndex[runStyle] { index = existing } else {
                index = styles.count
                styles.append(runStyle)
                styleIndex[runStyle] = index
            }
            if let last = segments.last, last.style == index, last.end == start {
                segments[segments.count - 1].end = end
            } else {
                segments.append(RunStyleSplitter.Segment(start: start, end: end, style: index))
            }
        }
        let base = options.fit.applied(to: text.baseStyle.resolved(in: options.environment))
        // Only what shapes or breaks the text goes to Pango (colours only when Pango is to draw
        // it): the run-style tags are applied to the runs afterwards (RunStyleSplitter), as Pango
        // would, but without Pango walking every span's attributes again for every run.
        for segment in segments {
            let resolved = styles[segment.style].style
            func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>) {
                attribute.pointee.start_index = segment.start
                attribute.pointee.end_index = segment.end
                pending.append(attribute)
            }
            if let description = Self.fontDescription(for: resolved, over: base) {
                insert(pango_attr_font_desc_new(description))
                pango_font_description_free(description)
            }
            if colored, case .color(let color) = resolved.paint {
                insert(pango_attr_foreground_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)))
                if color.alpha < 1 { insert(pango_attr_foreground_alpha_new(Self.channel(color.alpha))) }
            }
            if resolved.kerning != 0 { insert(pango_attr_letter_spacing_new(resolved.kerning.pangoUnits)) }
            if !resolved.features.isEmpty { insert(pango_attr_font_features_new(resolved.featureSettings)) }
            // An inline box carries its baseline offset in its shape rectangle instead.
            if resolved.baselineOffset != 0, styles[segment.style].inlineBox == nil {
                insert(pango_attr_rise_new(resolved.baselineOffset.pangoUnits))
            }
        }
        // A stretch that cannot break, wrapped over many lines, in items of bounded length (see UnbrokenRuns).
        if options.width != nil {
            let cuts = UnbrokenRuns.cuts(in: plain, language: options.environment.language)
            let nothing = pango_font_description_new()
            for (index, cut) in cuts.enumerated() {
                let attribute = pango_attr_font_desc_new(nothing)!
                attribute.pointee.start_index = UInt32(cut)
                attribute.pointee.end_index = UInt32(index + 1 < cuts.count ? cuts[index + 1] : plain.utf8.count)
                pending.append(attribute)
            }
            pango_font_description_free(nothing)
        }
        // Code and URLs are never hyphenated: where the line breaker has to cut one inside a
        // word (it does not fit a line), nothing is inserted, so what is copied is what was written.
        if options.width != nil {
            for range in verbatim + URLRanges.ranges(in: plain).map({ UInt32($0.lowerBound)..<UInt32($0.upperBound) }) {
                let attribute = pango_attr_insert_hyphens_new(0)!
                attribute.pointee.start_index = range.lowerBound
                attribute.pointee.end_index = range.upperBound
                pending.append(attribute)
            }
        }
        for range in glued {
            let attribute = pango_attr_allow_breaks_new(0)!
            attribute.pointee.start_index = range.lowerBound
            attribute.pointee.end_index = range.upperBound
            pending.append(attribute)
        }
        if options.wordBreak == .keepAll {
            for range in KeepAllRanges.ranges(in: plain) where !breakable.contains(range.lowerBound) {
                let attribute = pango_attr_allow_breaks_new(0)!
                attribute.pointee.start_index = UInt32(range.lowerBound)
                attribute.pointee.end_index = UInt32(range.upperBound)
                pending.append(attribute)
            }
        }
        // Each image or tag is its U+FFFC with a shape attribute: Pango sizes the character by the
        // box's logical rectangle and never breaks inside it.
        for (start, end, box) in boxes {
            var logical = PangoRectangle(x: box.rect.minX.pangoUnits, y: box.rect.minY.pangoUnits,
                                         width: box.rect.width.pangoUnits, height: box.rect.height.pangoUnits)
            var ink = logical
            let attribute = pango_attr_shape_new(&ink, &logical)!
            attribute.pointee.start_index = start
            attribute.pointee.end_index = end
            pending.append(attribute)
        }
        if let multiple = options.lineHeightMultiple, !plain.isEmpty {
            let attribute = pango_attr_line_height_new(multiple)!
            attribute.pointee.start_index = 0
            attribute.pointee.end_index = UInt32(plain.utf8.count)
            pending.append(attribute)
        }
        // By start, ties in the order made: the list `pango_attr_list_insert` one at a time builds.
        let order = pending.indices.sorted {
            (pending[$0].pointee.start_index, $0) < (pending[$1].pointee.start_index, $1)
        }
        for index in order { pango_attr_list_insert(list, pending[index]) }

        // The block's own font is the layout's default: empty lines and line metrics use it, as in pango-view.
        layout.withUnsafeMutablePangoLayout { layout in
            let baseDescription = Self.fontDescription(for: base)
            pango_layout_set_font_description(layout, baseDescription)
            pango_font_description_free(baseDescription)
            pango_layout_set_text(layout, plain, Int32(plain.utf8.count))
            pango_layout_set_attributes(layout, list)
            pango_layout_set_auto_dir(layout, 1)
            if let width = options.width {
                pango_layout_set_width(layout, width.pangoUnits)
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            }
            switch options.alignment {
            case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            case .justified:
                pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
                pango_layout_set_justify(layout, 1)
            }
            let spacing = options.lineSpacing * options.fit.scale
            if spacing != 0 { pango_layout_set_spacing(layout, spacing.pangoUnits) }
        }
        return (plain, styles, segments)
    }

    /// For every byte offset of the text (and one past the end): the index of the grapheme
    /// cluster and of the word it belongs to, from Pango's own break attributes, so effects count
    /// units the way cursor movement and word selection do.
    private static func unitIndices(_ layout: PangoLayoutObject, text: String) -> (graphemes: [Int], words: [Int], wordCount: Int) {
        let length = text.utf8.count
        var graphemes = [Int](repeating: 0, count: length + 1)
        var words = [Int](repeating: 0, count: length + 1)
        var grapheme = -1, word = -1
        layout.forEachCharacterBreak(in: text) { offset, scalar, breaks in
            guard let scalar else { return }
            // A soft hyphen (hyphenation's, or the author's) is invisible: no unit of its own.
            if (breaks.contains(.cursorPosition) && scalar != "\u{AD}") || grapheme < 0 { grapheme += 1 }
            if breaks.contains(.wordStart) { word += 1 }
            for byte in offset..<(offset + UTF8.width(scalar)) {
                graphemes[byte] = grapheme
                words[byte] = max(word, 0)
            }
        }
        graphemes[length] = grapheme + 1
        words[length] = word + 1
        return (graphemes, words, word + 1)
    }

    /// The layout of a spacer's (absent) text.
    private static let emptyLayout = TextLayout(storage: LayoutStorage(
        text: "", lines: [], runs: [], glyphs: [], fonts: [], styles: [], size: .zero, textSize: .zero, isTruncated: false,
        untruncatedSize: .zero, untruncatedLineCount: 0, graphemeCount: 0, wordCount: 0))

    /// The box an image or tag span occupies, relative to its pen position on the baseline.
    ///
    /// An image is `height` tall (the font size by default) and as wide as its aspect ratio
    /// makes it, its bottom on the baseline. A tag lays its text out on its own with the span's
    /// style and puts that text's baseline on the line's; both rise by `baselineOffset`.
    private func inlineBox(for span: Span, index: Int, style: Style, resolved: ResolvedStyle,
                           context: PangoContextObject) -> InlineBox? {
        let rise = resolved.baselineOffset
        switch span.content {
        case .text:
            return nil
        case .image(let image, let height):
            let h: Double = switch height {
            case .points(let points): points * options.fit.scale
            case .font: resolved.size
            case .em(let ems, _): ems * resolved.size
            }
            let depth = if case .em(_, let depth) = height { depth * resolved.size } else { 0.0 }
            // A frame's width (`width` in the scene) is its own; else the image's aspect ratio sets it.
            let w = image.presentation.width.map { $0 * options.fit.scale } ?? h * image.aspectRatio
            let rect = CGRect(x: 0, y: -(h - depth + rise), width: w, height: h)
            return InlineBox(content: .image(image), rect: rect, alt: span.exportedText, spanIndex: index)
        case .tag(let tag) where tag.spacerGlue != nil:
            // A spacer: room only, no text to lay out and no height to lift its line.
            let box = TagBox(text: "", layout: Self.emptyLayout, background: nil, cornerRadius: 0, textOffset: .zero)
            return InlineBox(content: .tag(box), rect: CGRect(x: 0, y: -rise, width: 2 * tag.padding.width * options.fit.scale, height: 0),
                             alt: span.exportedText, spanIndex: index)
        case .tag(let tag):
            var inner = style
            inner.baselineOffset = nil
            inner.backgroundColor = nil
            // The tag's text at the block's fit, so a fitted line shrinks its tags with it.
            var tagOptions = LayoutOptions(environment: options.environment)
            tagOptions.fit = options.fit
            let tagBuilder = PangoLayoutBuilder(text: RichText(tag.text, style: inner), options: tagOptions, fonts: fonts)
            let pango = tagBuilder.makeLayout(tagBuilder.text, context: context)
            let layout = TextLayout(storage: tagBuilder.copyOut(pango, isTruncated: false,
                                                                full: (pango.textSize, pango.lineCount)))
            let baseline = layout.first?.typographicBounds.origin.y ?? 0
            let padding = CGSize(width: tag.padding.width * options.fit.scale, height: tag.padding.height * options.fit.scale)
            let rect = CGRect(x: 0, y: -(padding.height + baseline) - rise,
                              width: layout.textSize.width + 2 * padding.width,
                              height: layout.textSize.height + 2 * padding.height)
            let box = TagBox(text: tag.text, layout: layout, background: tag.background,
                             cornerRadius: tag.cornerRadius * options.fit.scale, textOffset: padding)
            return InlineBox(content: .tag(box), rect: rect, alt: span.exportedText, spanIndex: index)
        case .symbol(let symbol):
            return symbolBox(for: symbol, span: span, index: index, style: style, resolved: resolved, context: context)
        }
    }

    /// The smallest element of a sorted array above `value` (binary search: runs can hold
    /// hundreds of thousands of glyphs).
    static func firstGreater(than value: Int, in sorted: [Int]) -> Int? {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] > value { high = mid } else { low = mid + 1 }
        }
        return low < sorted.count ? sorted[low] : nil
    }

    /// Where each glyph's cluster ends: the smallest cluster start of the run above the glyph's
    /// own, or `end`. Pango's cluster starts rise monotonically along a run (fall, right to
    /// left), so the next larger one is a neighbour's; other orders take a sorted search.
    static func clusterEnds(starts: [Int], end: Int) -> [Int] {
        let count = starts.count
        var ends = [Int](repeating: end, count: count)
        guard count > 1 else { return ends }
        if zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) {
            for i in stride(from: count - 2, through: 0, by: -1) {
                ends[i] = starts[i + 1] > starts[i] ? starts[i + 1] : ends[i + 1]
            }
        } else if zip(starts, starts.dropFirst()).allSatisfy({ $0 >= $1 }) {
            for i in 1..<count {
                ends[i] = starts[i - 1] > starts[i] ? starts[i - 1] : ends[i - 1]
            }
        } else {
            let sorted = Array(Set(starts)).sorted()
            for i in 0..<count { ends[i] = firstGreater(than: starts[i], in: sorted) ?? end }
        }
        return ends
    }

    /// A new font description (the caller frees it) for a resolved style.
    /// A font attribute's description holding only what `style` changes from `base`, the layout's
    /// font (as markup's `<b>` sets only the weight), or nil when it changes nothing. Pango
    /// itemizes and picks fonts far faster when most text carries no font attribute: full
    /// descriptions on every span made the corpus's cold layout half as slow again.
    private static func fontDescription(for style: ResolvedStyle, over base: ResolvedStyle) -> OpaquePointer? {
        let family = style.family != base.family, size = style.size.pangoUnits != base.size.pangoUnits
        let weight = style.weight != base.weight, italic = style.italic != base.italic
        let variations = style.variations != base.variations, stretch = style.stretch != base.stretch
        guard family || size || weight || italic || variations || stretch else { return nil }
        let description = pango_font_description_new()!
        if family { pango_font_description_set_family(description, style.family) }
        if size { pango_font_description_set_absolute_size(description, Double(style.size.pangoUnits)) }
        if weight { pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.weight.value))) }
        if italic { pango_font_description_set_style(description, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL) }
        if variations { pango_font_description_set_variations(description, style.variationSettings) }
        if stretch { pango_font_description_set_stretch(description, pangoStretch(style.stretch)) }
        return description
    }

    private static func fontDescription(for style: ResolvedStyle) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, style.family)
        pango_font_description_set_absolute_size(description, Double(style.size.pangoUnits))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.weight.value)))
        pango_font_description_set_style(description, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        if !style.variations.isEmpty { pango_font_description_set_variations(description, style.variationSettings) }
        if style.stretch != 100 { pango_font_description_set_stretch(description, pangoStretch(style.stretch)) }
        return description
    }

    /// The Pango stretch nearest a CSS `font-stretch` percentage; fontconfig matches it to a face's width.
    static func pangoStretch(_ percentage: Double) -> PangoStretch {
        let steps: [(Double, PangoStretch)] = [
            (50, PANGO_STRETCH_ULTRA_CONDENSED), (62.5, PANGO_STRETCH_EXTRA_CONDENSED), (75, PANGO_STRETCH_CONDENSED),
            (87.5, PANGO_STRETCH_SEMI_CONDENSED), (100, PANGO_STRETCH_NORMAL), (112.5, PANGO_STRETCH_SEMI_EXPANDED),
            (125, PANGO_STRETCH_EXPANDED), (150, PANGO_STRETCH_EXTRA_EXPANDED), (200, PANGO_STRETCH_ULTRA_EXPANDED),
        ]
        return steps.min { abs($0.0 - percentage) < abs($1.0 - percentage) }!.1
    }

    private static func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }

    func copyOut(_ source: PangoTextLayout, isTruncated: Bool, full: (size: CGSize, lineCount: Int)) -> LayoutStorage {
        let plain = source.text
        let styles = source.styles
        var lines: [LayoutStorage.LineRecord] = []
        var runs: [LayoutStorage.RunRecord] = []
        var glyphs: [LayoutStorage.GlyphRecord] = []
        var fonts: [Font.Resolved] = []
        var fontIndex: [UnsafeMutableRawPointer: Int] = [:]

        let units = Self.unitIndices(source.layout, text: plain)
        // For links: each linked run's character rectangles, with the line's logical rectangle
        // and the widths of the runs before on the line that they are measured from.
        var positions: CharacterPositions?
        var linkRects: [Int: [(index: Int, rect: PangoRectangle)]] = [:]
        source.layout.withUnsafeMutablePangoLayout { layout in
            let iter = pango_layout_get_iter(layout)!
            defer { pango_layout_iter_free(iter) }
            var currentLine: UnsafeMutablePointer<PangoLayoutLine>?
            var lineLogical = PangoRectangle(), lineRange = 0..<0, runX: Int32 = 0
            repeat {
                let line = pango_layout_iter_get_line_readonly(iter)
                if line != currentLine, let line {
                    currentLine = line
                    var ink = PangoRectangle(), logical = PangoRectangle()
                    pango_layout_iter_get_line_extents(iter, &ink, &logical)
                    lineLogical = logical
                    lineRange = Int(line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length)
                    runX = 0
                    let baseline = Double(pangoUnits: pango_layout_iter_get_baseline(iter))
                    let top = Double(pangoUnits: logical.y)
                    let bottom = Double(pangoUnits: logical.y &+ logical.height)
                    let start = Int(line.pointee.start_index)
                    lines.append(LayoutStorage.LineRecord(
                        bounds: TypographicBounds(origin: CGPoint(x: Double(pangoUnits: logical.x), y: baseline),
                                                  width: Double(pangoUnits: logical.width),
                                                  ascent: baseline - top, descent: bottom - baseline),
                        logicalRect: CGRect(x: Double(pangoUnits: logical.x), y: top, width: Double(pangoUnits: logical.width), height: bottom - top),
                        runs: runs.count..<runs.count,
                        utf8Range: start..<(start + Int(line.pointee.length))))
                }
                if let run = pango_layout_iter_get_run_readonly(iter) {
                    defer { runX &+= pango_glyph_string_get_width(run.pointee.glyphs) }
                    var ink = PangoRectangle(), logical = PangoRectangle()
                    pango_layout_iter_get_run_extents(iter, &ink, &logical)
                    let baseline = Double(pangoUnits: pango_layout_iter_get_run_baseline(iter))
                    let item = run.pointee.item.pointee
                    let glyphString = run.pointee.glyphs.pointee
                    // Without any font (an empty fontconfig) Pango has nothing to shape with: skip the run.
                    guard let pangoFont = item.analysis.font else { continue }
                    let font: Int
                    if let known = fontIndex[UnsafeMutableRawPointer(pangoFont)] { font = known } else {
                        font = fonts.count
                        fonts.append(Font.Resolved(PangoFontObject(retaining: pangoFont), language: options.environment.language))
                        fontIndex[UnsafeMutableRawPointer(pangoFont)] = font
                    }
                    let style = RunStyleAttribute.index(in: item.analysis.extra_attrs) ?? 0
                    let runIndex = runs.count
                    if style < styles.count, styles[style].linkOccurrence != nil {
                        if positions == nil { positions = CharacterPositions(layout: source.layout) }
                        linkRects[runIndex] = positions!.rectangles(of: run.pointee, line: lineRange, lineX: lineLogical.x, runRect: logical,
                                                                    runX: runX)
                    }
                    let firstGlyph = glyphs.count
                    let itemStart = Int(item.offset)
                    let itemEnd = itemStart + Int(item.length)
                    let count = Int(glyphString.num_glyphs)
                    let clusterStarts = (0..<count).map { itemStart + Int(glyphString.log_clusters[$0]) }
                    let clusterEnds = Self.clusterEnds(starts: clusterStarts, end: itemEnd)
                    var x = Double(pangoUnits: logical.x)
                    for i in 0..<count {
                        let info = glyphString.glyphs[i]
                        let start = clusterStarts[i]
                        let next = clusterEnds[i]
                        let advance = Double(pangoUnits: info.geometry.width)
                        glyphs.append(LayoutStorage.GlyphRecord(
                            id: info.glyph, run: runIndex, x: x, advance: advance,
                            offsetX: Double(pangoUnits: info.geometry.x_offset), offsetY: Double(pangoUnits: info.geometry.y_offset),
                            utf8Range: start..<next,
                            isEmpty: info.glyph == 0x0FFF_FFFF,
                            isMissing: info.glyph & 0x1000_0000 != 0,
                            graphemes: units.graphemes[start]..<max(units.graphemes[next], units.graphemes[start] + 1),
                            word: units.words[start]))
                        x += advance
                    }
                    let top = Double(pangoUnits: logical.y)
                    let bottom = Double(pangoUnits: logical.y &+ logical.height)
                    runs.append(LayoutStorage.RunRecord(
                        line: lines.count - 1,
                        bounds: TypographicBounds(origin: CGPoint(x: Double(pangoUnits: logical.x), y: baseline),
                                                  width: Double(pangoUnits: logical.width),
                                                  ascent: baseline - top, descent: bottom - baseline),
                        glyphs: firstGlyph..<glyphs.count,
                        utf8Range: itemStart..<itemEnd,
                        font: font, style: style,
                        isRightToLeft: item.analysis.level % 2 == 1,
                        paintBounds: .null))
                    lines[lines.count - 1].runs = lines[lines.count - 1].runs.lowerBound..<runs.count
                }
            } while pango_layout_iter_next_run(iter) != 0
        }

        // A gradient spans every run of its style, as one fill across a wrapped span.
        var styleBounds = [CGRect](repeating: .null, count: styles.count)
        for run in runs { styleBounds[run.style] = styleBounds[run.style].union(run.bounds.rect) }
        for i in runs.indices { runs[i].paintBounds = styleBounds[runs[i].style] }

        let links = Self.links(text: plain, runs: runs, styles: styles, rects: linkRects)

        var ink = PangoRectangle(), logical = PangoRectangle()
        source.layout.withUnsafeMutablePangoLayout { pango_layout_get_extents($0, &ink, &logical) }
        let size = CGSize(width: options.width ?? Double(pangoUnits: logical.width),
                          height: options.height ?? Double(pangoUnits: logical.height))
        return LayoutStorage(text: plain, lines: lines, runs: runs, glyphs: glyphs, fonts: fonts,
                             styles: styles.isEmpty ? [RunStyle(style: options.fit.applied(to: text.baseStyle.resolved(in: options.environment)),
                                                                link: nil, attributes: AttributeSet())] : styles,
                             size: size, textSize: source.textSize, inkRect: source.inkRect, isTruncated: isTruncated,
                             untruncatedSize: full.size, untruncatedLineCount: full.lineCount,
                             graphemeCount: units.graphemes.last ?? 0, wordCount: units.wordCount, links: links,
                             fit: reportedFit)
    }

    /// Every link of the layout with, per line, the union of the Pango logical rectangles of its
    /// characters (`rects`, by run: as `pango_layout_index_to_pos` gives them), in text order.
    private static func links(text: String, runs: [LayoutStorage.RunRecord], styles: [RunStyle],
                              rects: [Int: [(index: Int, rect: PangoRectangle)]]) -> [TextLink] {
        let count = styles.compactMap(\.linkOccurrence).max().map { $0 + 1 } ?? 0
        guard count > 0 else { return [] }
        struct Piece { var rect: CGRect; var range: Range<Int> }
        var pieces = [[Int: Piece]](repeating: [:], count: count)
        var urls = [String](repeating: "", count: count)
        for style in styles { if let occurrence = style.linkOccurrence, let url = style.link { urls[occurrence] = url } }
        var ranges = [[(range: Range<Int>, alt: String?)]](repeating: [], count: count)
        let bytes = Array(text.utf8)
        for (runIndex, run) in runs.enumerated() {
            let style = styles[run.style]
            guard let occurrence = style.linkOccurrence else { continue }
            // An image, tag or symbol reads as its alt in the link's text, as in exported text.
            ranges[occurrence].append((run.utf8Range, style.inlineBox?.alt))
            for (index, position) in rects[runIndex] ?? [] {
                // Right-to-left characters come back with a negative width.
                let rect = CGRect(x: Double(pangoUnits: position.x), y: Double(pangoUnits: position.y),
                                  width: Double(pangoUnits: position.width), height: Double(pangoUnits: position.height)).standardized
                if var piece = pieces[occurrence][run.line] {
                    piece.rect = union(piece.rect, rect)
                    piece.range = min(piece.range.lowerBound, index)..<max(piece.range.upperBound, run.utf8Range.upperBound)
                    pieces[occurrence][run.line] = piece
                } else {
                    pieces[occurrence][run.line] = Piece(rect: rect, range: index..<run.utf8Range.upperBound)
                }
            }
        }
        return (0..<count).map { occurrence in
            let sorted = ranges[occurrence].sorted { $0.range.lowerBound < $1.range.lowerBound }
            let linkText = sorted.map { piece in
                let text = String(decoding: bytes[piece.range], as: UTF8.self)
                guard let alt = piece.alt else { return text }
                return text.replacingOccurrences(of: Span.objectReplacementCharacter, with: alt)
            }.joined()
            let fragments = pieces[occurrence].keys.sorted().map { line in
                LinkFragment(lineIndex: line, rect: pieces[occurrence][line]!.rect, characterRange: pieces[occurrence][line]!.range)
            }
            return TextLink(occurrence: occurrence, url: urls[occurrence], text: linkText, fragments: fragments)
        }
    }

    /// The smallest rectangle holding both, counting zero-width rectangles (an empty glyph's
    /// position still belongs to the link).
    static func union(_ a: CGRect, _ b: CGRect) -> CGRect {
        let minX = min(a.minX, b.minX), minY = min(a.minY, b.minY)
        return CGRect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
    }
}
