import Foundation

extension TextLayout {
    /// Lays a Markdown document out as blocks, as MarkdownView shows it: headings, paragraphs,
    /// lists, quotes, code blocks, tables, rules and images, each styled by the view's style.
    ///
    /// The result is one layout whose lines come in reading order, so renderers, selectors,
    /// truncation, links and measurement work over the whole document; `decorations` holds
    /// the boxes, bars and grids to draw below the text, `documentElements` the element tree.
    /// `baseStyle` is the text every element starts from (a scene block's `style`).
    package init(_ markdown: MarkdownView, options: LayoutOptions, baseStyle: Style = Style(), fonts: FontLibrary = .system) {
        self.init(storage: MarkdownLayoutBuilder(markdown: markdown, baseStyle: baseStyle, options: options, fonts: fonts).build())
    }
}

/// Lays a Markdown document out: one pass places every element; when the document does not
/// fit its line limit or height, it is first shrunk (when `minimumScaleFactor` or
/// `allowsTightening` allow it) by passes at candidate fits, the whole document at each; when
/// it still does not fit, a last pass, reusing the smallest fit's element layouts, stops at the
/// last visible line and ends that line's element with the truncation token.
struct MarkdownLayoutBuilder {
    let markdown: MarkdownView
    let baseStyle: Style
    /// The document's settings, with the fit it is laid out at (`options.fit`).
    private(set) var options: LayoutOptions
    let fonts: FontLibrary
    /// The document's coloured code by snippet, from one batch before layout (Input/Highlighting).
    private(set) var highlights: [CodeSnippet: HighlightedCode] = [:]

    init(markdown: MarkdownView, baseStyle: Style, options: LayoutOptions, fonts: FontLibrary) {
        self.markdown = markdown
        self.baseStyle = baseStyle
        self.options = options
        self.fonts = fonts
    }

    func build() -> LayoutStorage {
        let document = MarkdownParser.parse(markdown.text)
        // Formulas are typeset (or found in the cache) before the lock: TeX may take seconds.
        let formulas = MathFormula.all(in: document)
        if !formulas.isEmpty { _ = MathTypesetter.shared.typeset(formulas) }
        // Every code block coloured in one batch (at most one Pygments process, none when
        // cached), outside the Pango lock so other layouts go on meanwhile.
        var builder = self
        if markdown.style.codeTheme != nil {
            var snippets = CodeSnippet.snippets(in: document)
            if markdown.leavesLastCodePlain, let last = CodeSnippet.lastCodeBlock(in: document) { snippets.removeAll { $0 == last } }
            for (snippet, result) in zip(snippets, CodeHighlighter.shared.highlight(snippets)) {
                builder.highlights[snippet] = result.code
            }
        }
        return builder.layOut(document)
    }

    private func layOut(_ document: MarkdownNode) -> LayoutStorage {
        PangoLock.withLock {
            let context = fonts.makeContext(language: options.environment.language)
            // Only a document that may be cut is laid out twice, so only then are layouts kept by order.
            let mayTruncate = options.lineLimit != nil || options.height != nil
            let full = MarkdownLayoutPass(builder: self, context: context, budget: nil, cache: mayTruncate ? [:] : nil)
            full.layOut(document)
            guard budget(of: full) < full.visualBottoms.count else { return full.finish(isTruncated: false, untruncated: full) }
            var shown = full
            if options.fitsBySizing {
                let search = FitSearch(sizeUnits: Int(full.largestFontSize.pangoUnits), minimumScaleFactor: options.minimumScaleFactor,
                                       allowsTightening: options.allowsTightening)
                let smallest = search.smallest
                // The passes that fit, and the smallest fit's (cut when even it does not fit).
                var passes: [TextFit: MarkdownLayoutPass] = [:]
                let result = search.search { fit in
                    let pass = MarkdownLayoutPass(builder: fitted(fit), context: context, budget: nil, cache: [:])
                    pass.layOut(document)
                    let fits = budget(of: pass) >= pass.visualBottoms.count
                    if fits || fit == smallest { passes[fit] = pass }
                    return fits
                }
                if let pass = passes[result.fit] {
                    if result.fits { return pass.finish(isTruncated: false, untruncated: full) }
                    shown = pass
                }
            }
            let cut = MarkdownLayoutPass(builder: shown.builder, context: context, budget: budget(of: shown), cache: shown.cache)
            cut.layOut(document)
            return cut.finish(isTruncated: true, untruncated: full)
        }
    }

    /// This builder with its document laid out at `fit`.
    private func fitted(_ fit: TextFit) -> MarkdownLayoutBuilder {
        var copy = self
        copy.options.fit = fit
        return copy
    }

    /// The visual lines of a pass the line limit and height allow.
    private func budget(of pass: MarkdownLayoutPass) -> Int {
        let total = pass.visualBottoms.count
        var budget = options.lineLimit.map { Swift.min($0, total) } ?? total
        if let height = options.height {
            budget = Swift.min(budget, Swift.max(1, pass.visualBottoms.prefix { $0 <= height + 0.001 }.count))
        }
        return budget
    }
}

/// One placement of a document's elements from top to bottom, with the lock held.
final class MarkdownLayoutPass {
    /// Where a container's blocks go and what they inherit.
    struct Container {
        var x: Double
        var width: Double
        var textStyle: Style
        var parent: Int?
        var depth: Int
        var listDepth: Int
        /// The gap between this container's blocks when it overrides their spacing (a tight list item).
        var siblingGap: Double? = nil
        /// What starts each of its lines in the plain text: "> " in a quote, spaces under a list marker.
        var textPrefix = ""
        /// The alignment raw HTML gives its blocks (`<div align="center">`), else nil.
        var alignment: TextAlignment? = nil
        /// Whether paragraphs keep the container's text style instead of laying the `body` style
        /// over it again (the notes' smaller text).
        var keepsTextStyle = false
    }

    let builder: MarkdownLayoutBuilder
    let context: PangoContextObject
    let style: MarkdownStyle
    /// Visual lines still allowed, `nil` for no limit.
    private var budget: Int?
    /// Element layouts by the order they were asked for, shared by both passes; `nil` when
    /// there is no second pass to share them with.
    private(set) var cache: [Int: LayoutStorage]?
    /// Layouts by text and options, for texts a document repeats: list markers, table cells
    /// ("`auto`", "Default"). Link groups make every linked text its own.
    private var layouts: [LayoutKey: LayoutStorage] = [:]
    private var sequence = 0
    private var stopped = false
    private var y = 0.0
    /// Placed texts waiting for `finish`, in a first pass that may yet be cut; any other pass
    /// hands each piece to `assembler` at once, so its own layout can be released as soon as
    /// nothing else holds it.
    private var pieces: [DocumentPiece] = []
    private var assembler: DocumentAssembler?
    /// The right edge of the furthest line or marker placed so far.
    private var piecesRight = 0.0
    private var elements: [TextLayout.DocumentElement] = []
    private var decorations: [TextLayout.Decoration] = []
    /// The bottom of each visual line, in reading order: what a line limit or height counts.
    private(set) var visualBottoms: [Double] = []
    /// The largest font size of the texts placed, in points: what fitting steps the scale by.
    private(set) var largestFontSize = 0.0
    /// A list item's marker waiting for the item's first line, and the x its right edge goes to.
    private var pendingMarker: (storage: LayoutStorage, right: Double, textPrefix: String)?

    init(builder: MarkdownLayoutBuilder, context: PangoContextObject, budget: Int?, cache: [Int: LayoutStorage]?) {
        self.builder = builder
        self.context = context
        self.style = builder.markdown.style
        self.budget = budget
        self.cache = cache
        if budget != nil || cache == nil {
            var assembler = DocumentAssembler()
            // Glyphs rarely outnumber the source's bytes: one allocation, touched only as far as used.
            assembler.reserveCapacity(glyphs: builder.markdown.text.utf8.count)
            self.assembler = assembler
        }
    }

    private var options: LayoutOptions { builder.options }

    /// The document's fit scale: it multiplies the style's spacing, padding, indents, bars,
    /// borders and corner radii as the piece layouts multiply the text's sizes, so a fitted
    /// document is the same document set smaller. (At scale 1 every length is as written.)
    private var scale: Double { options.fit.scale }
    private func scaled(_ length: Double) -> Double { length * scale }
    private func scaled(_ size: CGSize) -> CGSize { CGSize(width: size.width * scale, height: size.height * scale) }

    func layOut(_ document: MarkdownNode) {
        let root = Container(x: 0, width: options.width ?? 10_000, textStyle: style[.body].text.overridden(by: builder.baseStyle),
                             parent: nil, depth: 0, listDepth: 0)
        let footnotes = MarkdownFootnotes(blocks: document.isBlockContainer ? document.children : [document])
        layOutBlocks(footnotes.body, in: root)
        if !footnotes.notes.isEmpty, !stopped { layOutFootnotes(footnotes.notes, in: root) }
    }

    // MARK: Blocks

    private func layOutBlocks(_ blocks: [MarkdownNode], in container: Container) {
        var previousAfter: Double?
        for block in blocks {
            guard !stopped else { return }
            let spacing = self.spacing(of: block)
            if let previousAfter { y += container.siblingGap ?? Swift.max(previousAfter, spacing.before) }
            layOutBlock(block, in: container)
            previousAfter = spacing.after
        }
    }

    private func spacing(of block: MarkdownNode) -> (before: Double, after: Double) {
        Self.spacing(of: block, style: style, images: builder.markdown.images, scale: scale)
    }

    /// The space a top-level block asks for above and below it, in a document of `style` whose
    /// `images` are known, at the fit `scale`: the larger of one block's space below and the
    /// next one's above separates them.
    static func spacing(of block: MarkdownNode, style: MarkdownStyle, images: [String: Image], scale: Double) -> (before: Double, after: Double) {
        func isSoleImage(_ inlines: [MarkdownNode]) -> Bool {
            let visible = inlines.filter { node in
                if case .text(let text) = node { return !text.allSatisfy(\.isWhitespace) }
                return node != .softBreak && node != .lineBreak
            }
            guard visible.count == 1 else { return false }
            switch visible[0] {
            case .image(let source, _): return images[source] != nil
            case .htmlImage(let html): return images[html.source] != nil
            default: return false
            }
        }
        let element: MarkdownElement
        switch block {
        case .heading(let level, _): element = .heading(level)
        case .blockQuote: element = .blockQuote
        case .codeBlock: element = .codeBlock
        case .list: element = .listItem
        case .table: element = .table
        case .alert: element = .alert
        case .thematicBreak: element = .thematicBreak
        case .paragraph(let inlines): element = isSoleImage(inlines) ? .image : .body
        case .alignedBlock(_, let children), .otherBlock(_, let children):
            // A wrapper spaces as the blocks it holds.
            guard let first = children.first, let last = children.last else { return (0, 0) }
            return (spacing(of: first, style: style, images: images, scale: scale).before,
                    spacing(of: last, style: style, images: images, scale: scale).after)
        default: element = .body
        }
        let elementStyle = style[element]
        return ((elementStyle.spacingBefore ?? 0) * scale, (elementStyle.spacingAfter ?? 0) * scale)
    }

    private func layOutBlock(_ block: MarkdownNode, in container: Container) {
        switch block {
        case .paragraph(let inlines) where soleDisplayFormula(in: inlines) != nil:
            layOutFormula(soleDisplayFormula(in: inlines)!, in: container)
        case .codeBlock where MathFormula(codeBlock: block) != nil:
            layOutFormula(MathFormula(codeBlock: block)!, in: container)
        case .paragraph(let inlines) where Self.displayMathParts(of: inlines) != nil:
            layOutDisplayMathParts(Self.displayMathParts(of: inlines)!, in: container)
        case .paragraph(let inlines):
            if let image = soleImage(in: inlines) { layOutImage(image, in: container) } else {
                layOutText(inlines, element: .body, in: container)
            }
        case .heading(let level, let inlines):
            layOutText(inlines, element: .heading(level), in: container)
            layOutHeadingRule(level, in: container)
        case .alert(let kind, let children):
            layOutAlert(kind, children, in: container)
        case .blockQuote(let children):
            layOutQuote(children, in: container)
        case .list(let start, let tight, let items):
            layOutList(start: start, tight: tight, items: items, in: container)
        case .codeBlock(let language, let code):
            layOutCode(code, language: language, in: container)
        case .table(let alignments, let header, let rows):
            layOutTable(alignments: alignments, rows: [header] + rows, in: container)
        case .thematicBreak:
            layOutRule(in: container)
        case .htmlBlock(let html):
            layOutText([.text(html.hasSuffix("\n") ? String(html.dropLast()) : html)], element: .body, in: container)
        case .listItem(let children), .taskItem(_, let children), .otherBlock(_, let children), .document(let children):
            layOutBlocks(children, in: container)
        case .alignedBlock(let alignment, let children):
            var aligned = container
            switch alignment {
            case .center: aligned.alignment = .center
            case .trailing: aligned.alignment = .trailing
            case .leading, .none: aligned.alignment = .leading
            }
            layOutBlocks(children, in: aligned)
        case .details(let summary, let open, let children):
            // A disclosure triangle before the summary, as a browser draws it; the content
            // below when shown open (the style's choice, else the element's `open` attribute).
            let shown = style.showsDetailsOpen ?? open
            layOutText([.text(shown ? "▼ " : "▶ ")] + summary, element: .body, in: container)
            if shown, !children.isEmpty {
                y += scaled(style[.body].spacingAfter ?? 0)
                layOutBlocks(children, in: container)
            }
        default:
            layOutText([block], element: .body, in: container)
        }
    }

    private func layOutText(_ inlines: [MarkdownNode], element kind: MarkdownElement, in container: Container) {
        let textStyle = kind == .body && container.keepsTextStyle ? container.textStyle : container.textStyle.overridden(by: style[kind].text)
        let spans = MarkdownInlineConverter.spans(for: inlines, textStyle: textStyle, markdownStyle: style,
                                                  images: builder.markdown.images)
        let element = openElement(kind, in: container)
        let top = y
        let alignment = container.alignment ?? (container.listDepth == 0 && container.depth == 0 ? options.alignment : .leading)
        if let placed = placeText(RichText(spans: spans, baseStyle: textStyle), width: container.width, alignment: alignment,
                                  at: CGPoint(x: container.x, y: y), element: element, textPrefix: container.textPrefix,
                                  lineHeight: style[kind].lineHeight) {
            y += placed.textSize.height
        }
        close(element, x: container.x, top: top, width: container.width)
    }

    /// A paragraph's display formula (`$$…$$`, `\[…\]`) when it holds nothing else.
    private func soleDisplayFormula(in inlines: [MarkdownNode]) -> MathFormula? {
        let visible = inlines.filter { node in
            if case .text(let text) = node { return !text.allSatisfy(\.isWhitespace) }
            return node != .softBreak && node != .lineBreak
        }
        guard visible.count == 1, let formula = MathFormula(node: visible[0]), formula.isDisplay else { return nil }
        return formula
    }

    /// A piece of a paragraph cut at its display formulas: text, or one formula.
    enum DisplayMathPart: Equatable {
        case text([MarkdownNode])
        case formula(MathFormula)
    }

    /// A paragraph's inlines cut at the display formulas (`$$…$$`, `\[…\]`) among its text, as
    /// GitHub shows them: each formula centred on a line of its own, the text before and after
    /// it a paragraph of its own, without the spaces and line breaks next to the formula. Nil
    /// when the paragraph has no display formula among its own inlines, or only one alone
    /// (`soleDisplayFormula`); a formula inside emphasis or a link stays in its line.
    static func displayMathParts(of inlines: [MarkdownNode]) -> [DisplayMathPart]? {
        guard inlines.contains(where: { MathFormula(node: $0)?.isDisplay == true }) else { return nil }
        var parts: [DisplayMathPart] = []
        var text: [MarkdownNode] = []
        func flush() {
            // Breaks and blank text at either end belong to the cut, not to the text.
            func isBlank(_ node: MarkdownNode) -> Bool {
                if case .text(let string) = node { return string.allSatisfy(\.isWhitespace) }
                return node == .softBreak || node == .lineBreak
            }
            while let first = text.first, isBlank(first) { text.removeFirst() }
            while let last = text.last, isBlank(last) { text.removeLast() }
            if case .text(let string)? = text.first { text[0] = .text(String(string.drop(while: \.isWhitespace))) }
            if case .text(let string)? = text.last {
                text[text.count - 1] = .text(String(string.reversed().drop(while: \.isWhitespace).reversed()))
            }
            if !text.isEmpty { parts.append(.text(text)) }
            text.removeAll()
        }
        for inline in inlines {
            if let formula = MathFormula(node: inline), formula.isDisplay {
                flush()
                parts.append(.formula(formula))
            } else {
                text.append(inline)
            }
        }
        flush()
        guard parts.count > 1 else { return nil }
        return parts
    }

    /// A paragraph with display formulas among its text: its parts one below the other, a
    /// paragraph's spacing apart (GitHub's display math has a 1 em margin, the github theme's 16 pt).
    private func layOutDisplayMathParts(_ parts: [DisplayMathPart], in container: Container) {
        let gap = scaled(Swift.max(style[.body].spacingAfter ?? 0, style[.body].spacingBefore ?? 0))
        for (index, part) in parts.enumerated() {
            guard !stopped else { return }
            if index > 0 { y += gap }
            switch part {
            case .text(let inlines): layOutText(inlines, element: .body, in: container)
            case .formula(let formula): layOutFormula(formula, in: container)
            }
        }
    }

    /// Display math: the formula centred on a line of its own, spaced as a paragraph; one that
    /// did not compile shows what the author wrote, in the `mathError` style, as a paragraph.
    private func layOutFormula(_ formula: MathFormula, in container: Container) {
        guard let box = MathTypesetter.shared.cachedResult(for: formula)?.box else {
            layOutText([.otherInline(kind: "math_source", literal: formula.written, [])], element: .mathError, in: container)
            return
        }
        let element = openElement(.body, in: container)
        let top = y
        let textStyle = container.textStyle.overridden(by: style[.body].text)
        if let placed = placeText(RichText(spans: [box.span(alt: formula.written, style: textStyle)], baseStyle: textStyle),
                                  width: container.width, alignment: .center, at: CGPoint(x: container.x, y: y),
                                  element: element, textPrefix: container.textPrefix) {
            y += placed.textSize.height
        }
        close(element, x: container.x, top: top, width: container.width)
    }

    /// A paragraph holding only an image (perhaps inside a link) that is at hand.
    private func soleImage(in inlines: [MarkdownNode]) -> SoleImage? {
        let visible = inlines.filter { node in
            if case .text(let text) = node { return !text.allSatisfy(\.isWhitespace) }
            return node != .softBreak && node != .lineBreak
        }
        guard visible.count == 1 else { return nil }
        switch visible[0] {
        case .image(let source, let children):
            return builder.markdown.images[source].map { SoleImage(image: $0, description: MarkdownInlineConverter.plainText(of: children)) }
        case .htmlImage(let html):
            return builder.markdown.images[html.source].map {
                SoleImage(image: $0, description: html.alt, width: html.width, height: html.height)
            }
        case .link(let destination, let children):
            guard var inner = soleImage(in: children) else { return nil }
            inner.link = destination
            return inner
        default:
            return nil
        }
    }

    /// A paragraph's only image: the image, its description, the link around it, and the
    /// size an `<img>`'s `width` and `height` ask for.
    struct SoleImage {
        var image: Image
        var description: String
        var link: String? = nil
        var width: Double? = nil
        var height: Double? = nil
    }

    /// An image on its own line, at its own size (or the size its `<img>` asks for, keeping its
    /// aspect ratio) but no wider than the container.
    private func layOutImage(_ image: SoleImage, in container: Container) {
        let element = openElement(.image, in: container)
        let top = y
        let aspect = Swift.max(image.image.aspectRatio, 0.001)
        let asked: Double = switch (image.width, image.height) {
        case (let width?, _): width
        case (nil, let height?): height * aspect
        case (nil, nil): image.image.size.width
        }
        let width = Swift.min(scaled(asked), container.width)
        // Both given: the width wins and the image keeps its own shape (it is never stretched).
        let height = width / aspect
        // The piece's layout scales a height in points by the fit: give it the unscaled one.
        var span = Span(image: image.image, height: .points(height / scale), alt: image.description, style: container.textStyle,
                        link: image.link)
        if image.link != nil { span.linkGroup = LinkGroups.next() }
        let alignment = container.alignment ?? (container.listDepth == 0 && container.depth == 0 ? options.alignment : .leading)
        if let placed = placeText(RichText(spans: [span], baseStyle: container.textStyle), width: container.width,
                                  alignment: alignment, at: CGPoint(x: container.x, y: y), element: element,
                                  textPrefix: container.textPrefix) {
            y += placed.textSize.height
        }
        close(element, x: container.x, top: top, width: container.width)
    }

    private func layOutQuote(_ children: [MarkdownNode], in container: Container) {
        let quote = style[.blockQuote]
        let bar = scaled(quote.thickness ?? 4), gap = scaled(quote.indent ?? 12), padding = scaled(quote.padding ?? .zero)
        let element = openElement(.blockQuote, in: container)
        let top = y, firstDecoration = decorations.count
        y += padding.height
        let inner = container.barred(indent: bar + gap, padding: padding.width, text: quote.text, element: element)
        layOutBlocks(children, in: inner)
        y += padding.height
        var shapes: [TextLayout.Decoration] = []
        if let background = quote.background {
            shapes.append(.init(kind: .fill(background), rect: CGRect(x: container.x, y: top, width: container.width, height: y - top),
                                cornerRadius: scaled(quote.cornerRadius ?? 0), element: element))
        }
        if let tint = quote.tint, bar > 0 {
            shapes.append(.init(kind: .fill(tint), rect: CGRect(x: container.x, y: top, width: bar, height: y - top),
                                cornerRadius: bar / 2, element: element))
        }
        decorations.insert(contentsOf: shapes, at: firstDecoration)
        close(element, x: container.x, top: top, width: container.width)
    }

    private func layOutList(start: Int?, tight: Bool, items: [MarkdownNode], in container: Container) {
        let item = style[.listItem]
        let markerStyle = container.textStyle.overridden(by: item.text)
        let tint = item.tint ?? Color(red8: 0x09, green8: 0x69, blue8: 0xDA)
        let markers: [LayoutStorage] = items.enumerated().map { index, node in
            let spans: [Span]
            if case .taskItem(let checked, _) = node {
                // A checkbox: a filled tick when done, a faint empty box when not.
                let box = InlineTag("✓", background: .color(checked ? tint : Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: 0.16)),
                                    cornerRadius: 4, padding: CGSize(width: 3, height: 0))
                var tickStyle = markerStyle.overridden(by: Style(color: .color(checked ? .white : .clear), bold: true))
                tickStyle.backgroundColor = nil
                spans = [Span(tag: box, alt: checked ? "[x]" : "[ ]", style: tickStyle)]
            } else if let start {
                spans = [Span("\(start + index).", style: markerStyle)]
            } else {
                spans = [Span(["•", "◦", "▪"][container.listDepth % 3], style: markerStyle)]
            }
            return layout(RichText(spans: spans, baseStyle: markerStyle), options: pieceOptions(width: nil, alignment: .leading))
        }
        let gap = scaled(Double(item.padding?.width ?? 8))
        let column = Swift.max(scaled(item.indent ?? 24), (markers.map(\.textSize.width).max() ?? 0) + gap)
        let itemGap = scaled(tight ? Double(item.padding?.height ?? 4) : (style[.body].spacingAfter ?? 12))
        for (index, node) in items.enumerated() {
            guard !stopped else { return }
            if index > 0 { y += itemGap }
            let element = openElement(.listItem, in: container, detail: markers[index].exportedText)
            let top = y
            pendingMarker = (markers[index], container.x + column - gap, container.textPrefix)
            var inner = container
            inner.x += column
            inner.width -= column
            inner.parent = element
            inner.depth += 1
            inner.listDepth += 1
            inner.siblingGap = tight ? itemGap : nil
            inner.textPrefix = container.textPrefix + "  "
            layOutBlocks(node.children, in: inner)
            if let marker = pendingMarker {
                // An empty item: its marker is a line of its own.
                pendingMarker = nil
                if let placed = place(marker.storage, at: CGPoint(x: marker.right - marker.storage.textSize.width, y: y),
                                      element: element, textPrefix: marker.textPrefix) {
                    y += placed.textSize.height
                }
            }
            close(element, x: container.x, top: top, width: container.width)
        }
    }

    private func layOutCode(_ code: String, language: String?, in container: Container) {
        let codeStyle = style[.codeBlock]
        let padding = scaled(codeStyle.padding ?? CGSize(width: 12, height: 10))
        let name = language?.split(separator: " ").first.map(String.init)
        let element = openElement(.codeBlock, in: container, detail: name)
        let top = y, firstDecoration = decorations.count
        y += padding.height
        var label: TextLayout.Decoration?
        if codeStyle.showsLanguage == true, let name, !name.isEmpty, !stopped {
            let labelColor = codeStyle.tint ?? Color(red8: 0x6E, green8: 0x76, blue8: 0x81)
            let labelStyle = container.textStyle.overridden(by: Style(font: .system(.caption), color: .color(labelColor)))
            let text = layout(RichText(name, style: labelStyle), options: pieceOptions(width: nil, alignment: .leading))
            label = .init(kind: .text(TextLayout(storage: text)), rect: CGRect(x: container.x + padding.width, y: y,
                                                                             width: text.textSize.width, height: text.textSize.height),
                          element: element)
            y += text.textSize.height + scaled(6)
        }
        let inner = container.width - 2 * padding.width
        let overflow = style.codeOverflow ?? codeStyle.wraps.map { $0 ? .wrap : .clip } ?? .wrap
        let wraps = overflow == .wrap
        let textStyle = container.textStyle.overridden(by: codeStyle.text)
        var text = CodeBlockText.richText(code, highlighted: name.map { builder.highlights[CodeSnippet(language: $0, code: code)] } ?? nil,
                                          theme: style.codeTheme, base: textStyle)
        if overflow == .fade, !stopped {
            let unwrapped = layout(text, options: pieceOptions(width: nil, alignment: .leading, breaksWords: false))
            text = CodeBlockText.faded(text, laidOut: unwrapped, edge: inner) ?? text
        }
        let origin = CGPoint(x: container.x + padding.width, y: y)
        var markers: [TextLayout.Decoration] = []
        if let placed = placeText(text, width: wraps ? inner : nil, alignment: .leading, at: origin, element: element,
                                  textPrefix: container.textPrefix, clipRight: wraps ? nil : inner, breaksWords: false) {
            if wraps {
                // A continuation marker in the left padding before each wrapped line's continuation.
                let continued = CodeBlockText.continuationLines(in: placed)
                if !continued.isEmpty {
                    let markerStyle = textStyle.overridden(by: Style(color: .color(codeStyle.tint ?? Color(red8: 0x6E, green8: 0x76, blue8: 0x81))))
                    let marker = layout(RichText(CodeOverflow.continuationMarker, style: markerStyle),
                                        options: pieceOptions(width: nil, alignment: .leading, breaksWords: false))
                    let x = container.x + Swift.max(0, (padding.width - marker.textSize.width) / 2)
                    for index in continued {
                        let baseline = origin.y + placed.lines[index].bounds.origin.y - (marker.lines.first?.bounds.origin.y ?? 0)
                        markers.append(.init(kind: .text(TextLayout(storage: marker)),
                                             rect: CGRect(x: x, y: baseline, width: marker.textSize.width, height: marker.textSize.height),
                                             element: element))
                    }
                }
            }
            y += placed.textSize.height
        }
        y += padding.height
        let box = CGRect(x: container.x, y: top, width: container.width, height: y - top)
        var shapes: [TextLayout.Decoration] = []
        if let background = codeStyle.background {
            shapes.append(.init(kind: .fill(background), rect: box, cornerRadius: scaled(codeStyle.cornerRadius ?? 0), element: element))
        }
        if let border = codeStyle.border, border.width > 0 {
            shapes.append(.init(kind: .stroke(border.color, lineWidth: scaled(border.width)), rect: box,
                                cornerRadius: scaled(codeStyle.cornerRadius ?? 0), element: element))
        }
        if let label { shapes.append(label) }
        decorations.insert(contentsOf: shapes + markers, at: firstDecoration)
        close(element, x: container.x, top: top, width: container.width)
    }

    private func layOutRule(in container: Container) {
        let rule = style[.thematicBreak]
        let element = openElement(.thematicBreak, in: container)
        let top = y, thickness = scaled(rule.thickness ?? 1)
        if let tint = rule.tint, thickness > 0 {
            decorations.append(.init(kind: .fill(tint), rect: CGRect(x: container.x, y: y, width: container.width, height: thickness),
                                     cornerRadius: thickness / 2, element: element))
        }
        y += thickness
        close(element, x: container.x, top: top, width: container.width)
    }

    // MARK: Alerts, footnotes, heading rules

    /// A GitHub alert: a bar in the kind's colour, a title line (its Octicon and name, in that
    /// colour), then the content in the surrounding text's colour.
    private func layOutAlert(_ kind: MarkdownAlertKind, _ children: [MarkdownNode], in container: Container) {
        let alert = style[.alert]
        let tint = style.alertTint(for: kind)
        let bar = scaled(alert.thickness ?? 4), gap = scaled(alert.indent ?? 14), padding = scaled(alert.padding ?? .zero)
        let element = openElement(.alert, in: container, detail: kind.rawValue)
        let top = y, firstDecoration = decorations.count
        y += padding.height
        let inner = container.barred(indent: bar + gap, padding: padding.width, text: alert.text, element: element)
        // The title: the icon at the text's height, drawn in the title's colour (a template image).
        let titleStyle = inner.textStyle.overridden(by: Style(font: FontDescriptor(weight: .semibold), color: .color(tint)))
        var spans: [Span] = []
        if let icon = kind.icon { spans += [Span(image: icon, height: .font, alt: "", style: titleStyle), Span("  ", style: titleStyle)] }
        spans.append(Span(kind.title, style: titleStyle))
        let title = openElement(.body, in: inner)
        let titleTop = y
        if let placed = placeText(RichText(spans: spans, baseStyle: titleStyle), width: inner.width, alignment: .leading,
                                  at: CGPoint(x: inner.x, y: y), element: title, textPrefix: inner.textPrefix) {
            y += placed.textSize.height
        }
        close(title, x: inner.x, top: titleTop, width: inner.width)
        if !stopped, !children.isEmpty {
            y += scaled(Swift.min(style[.body].spacingAfter ?? 8, 8))
            layOutBlocks(children, in: inner)
        }
        y += padding.height
        var shapes: [TextLayout.Decoration] = []
        if let background = alert.background {
            shapes.append(.init(kind: .fill(background), rect: CGRect(x: container.x, y: top, width: container.width, height: y - top),
                                cornerRadius: scaled(alert.cornerRadius ?? 0), element: element))
        }
        if bar > 0 {
            shapes.append(.init(kind: .fill(tint), rect: CGRect(x: container.x, y: top, width: bar, height: y - top), element: element))
        }
        decorations.insert(contentsOf: shapes, at: firstDecoration)
        close(element, x: container.x, top: top, width: container.width)
    }

    /// The notes at the end: a rule across the frame, then each note numbered as an ordered
    /// list, in the `footnotes` style, its back references (`↩`) ending its last paragraph.
    private func layOutFootnotes(_ notes: [[MarkdownNode]], in container: Container) {
        let footnotes = style[.footnotes]
        y += scaled(Swift.max(footnotes.spacingBefore ?? 0, style[.body].spacingAfter ?? 0))
        let element = openElement(.footnotes, in: container)
        let top = y, thickness = scaled(footnotes.thickness ?? 1)
        if let tint = footnotes.tint, thickness > 0 {
            decorations.append(.init(kind: .fill(tint), rect: CGRect(x: container.x, y: y, width: container.width, height: thickness),
                                     element: element))
        }
        y += thickness + scaled(footnotes.indent.map { $0 / 2 } ?? 8)
        var inner = container
        inner.textStyle = container.textStyle.overridden(by: footnotes.text)
        inner.keepsTextStyle = true
        inner.parent = element
        inner.depth += 1
        layOutList(start: 1, tight: true, items: notes.map { MarkdownNode.listItem($0) }, in: inner)
        close(element, x: container.x, top: top, width: container.width)
    }

    /// The rule GitHub draws under h1 and h2: the heading's `border` below its `padding`.
    private func layOutHeadingRule(_ level: Int, in container: Container) {
        let heading = style[.heading(level)]
        guard let border = heading.border, border.width > 0, !stopped else { return }
        y += scaled(Double(heading.padding?.height ?? 0))
        decorations.append(.init(kind: .fill(border.color), rect: CGRect(x: container.x, y: y, width: container.width,
                                                                          height: scaled(border.width)),
                                 element: elements.count - 1))
        y += scaled(border.width)
    }

    // MARK: Tables

    private func layOutTable(alignments: [MarkdownTableAlignment], rows: [[[MarkdownNode]]], in container: Container) {
        let table = style[.table]
        let padding = scaled(table.padding ?? CGSize(width: 10, height: 6))
        let line = scaled(table.border.map { Swift.max(0, $0.width) } ?? 0)
        let columns = Swift.max(alignments.count, rows.map(\.count).max() ?? 0)
        guard columns > 0 else { return }
        let tableText = container.textStyle.overridden(by: table.text)
        let texts: [[RichText]] = rows.enumerated().map { index, row in
            let cellStyle = tableText.overridden(by: style[index == 0 ? .tableHeader : .tableBody].text)
            return (0..<columns).map { column in
                let inlines = column < row.count ? row[column] : []
                return RichText(spans: MarkdownInlineConverter.spans(for: inlines, textStyle: cellStyle, markdownStyle: style,
                                                                     images: builder.markdown.images), baseStyle: cellStyle)
            }
        }
        // Each column's widest cell unwrapped, and its longest word: what it would like, and what it needs.
        var natural = [Double](repeating: 0, count: columns), minimum = [Double](repeating: 0, count: columns)
        var unwrappedCells: [[LayoutStorage]] = []
        for row in texts {
            unwrappedCells.append([])
            for (column, text) in row.enumerated() {
                let unwrapped = layout(text, options: pieceOptions(width: nil, alignment: .leading))
                unwrappedCells[unwrappedCells.count - 1].append(unwrapped)
                natural[column] = Swift.max(natural[column], unwrapped.textSize.width)
                minimum[column] = Swift.max(minimum[column], Self.longestWord(in: unwrapped, language: options.environment.language))
            }
        }
        let frameWidth = container.width - line * Double(columns + 1) - 2 * padding.width * Double(columns)
        let widths = Self.columnWidths(minimum: minimum, natural: natural, available: frameWidth)
        let tableWidth = widths.reduce(0, +) + 2 * padding.width * Double(columns) + line * Double(columns + 1)
        var columnX: [Double] = []
        var x = container.x + line
        for width in widths {
            columnX.append(x)
            x += width + 2 * padding.width + line
        }

        func alignmentsOf(_ column: Int) -> TextAlignment {
            switch column < alignments.count ? alignments[column] : .none {
            case .center: .center
            case .trailing: .trailing
            case .leading, .none: .leading
            }
        }
        let element = openElement(.table, in: container)
        let top = y, firstDecoration = decorations.count
        y += line
        var rowRects: [CGRect] = []
        for (rowIndex, row) in texts.enumerated() {
            guard !stopped else { break }
            let rowTop = y
            var cells = row.enumerated().map { column, text in
                // A leading-aligned cell that fits its column unwrapped is already laid out.
                let unwrapped = unwrappedCells[rowIndex][column]
                if alignmentsOf(column) == .leading, unwrapped.textSize.width <= widths[column] + 0.01 { return unwrapped }
                return layout(text, options: pieceOptions(width: widths[column] + 0.01, alignment: alignmentsOf(column)))
            }
            let counts = cells.map(\.lines.count)
            let rowLines = counts.max() ?? 0
            if let remaining = budget {
                if rowLines >= remaining {
                    // The last visible row: cells cut to the lines left, the token on the last cell reaching the last one.
                    let tokenCell = cells.indices.last { counts[$0] >= remaining }
                    for column in cells.indices where counts[column] > remaining || column == tokenCell {
                        var cellOptions = pieceOptions(width: widths[column] + 0.01, alignment: alignmentsOf(column))
                        cellOptions.lineLimit = remaining
                        cellOptions.truncation = column == tokenCell ? options.truncation : Truncation(token: .text(""))
                        cells[column] = PangoLayoutBuilder(text: row[column], options: cellOptions, fonts: builder.fonts)
                            .build(in: context, forcingTruncation: column == tokenCell).withEvenLines(lineHeight: style.lineHeight)
                    }
                    budget = 0
                    stopped = true
                } else {
                    budget = remaining - rowLines
                }
            }
            let textTop = rowTop + padding.height
            for visual in 0..<(cells.map(\.lines.count).max() ?? 0) {
                visualBottoms.append(cells.compactMap { $0.lines.count > visual ? textTop + $0.lines[visual].logicalRect.maxY : nil }.max() ?? textTop)
            }
            let kind: MarkdownElement = rowIndex == 0 ? .tableHeader : .tableBody
            let height = (cells.map(\.textSize.height).max() ?? 0) + 2 * padding.height
            for (column, cell) in cells.enumerated() {
                let cellElement = openElement(kind, parent: element, depth: container.depth + 1, detail: "\(rowIndex),\(column)",
                                              frame: CGRect(x: columnX[column], y: rowTop, width: widths[column] + 2 * padding.width,
                                                            height: height))
                let origin = CGPoint(x: columnX[column] + padding.width, y: textTop)
                appendPiece(DocumentPiece(storage: cell, origin: origin, element: cellElement,
                                          separator: column == 0 ? "\n" + container.textPrefix : "\t"))
                addInlineCodeBoxes(of: cell, at: origin, element: cellElement)
            }
            rowRects.append(CGRect(x: container.x + line, y: rowTop, width: tableWidth - 2 * line, height: height))
            y = rowTop + height + line
        }
        decorations.insert(contentsOf: tableDecorations(rowRects: rowRects, columnX: columnX, top: top, width: tableWidth,
                                                        x: container.x, line: line, element: element), at: firstDecoration)
        close(element, x: container.x, top: top, width: tableWidth)
    }

    /// The header fill, stripes, inner grid and outer border of a table's visible rows.
    private func tableDecorations(rowRects: [CGRect], columnX: [Double], top: Double, width: Double, x: Double, line: Double,
                                  element: Int) -> [TextLayout.Decoration] {
        let table = style[.table]
        let radius = scaled(table.cornerRadius ?? 0)
        let bottom = y
        var shapes: [TextLayout.Decoration] = []
        /// A row fill whose outer corners follow the table's rounding where it touches the top or bottom.
        func fill(_ rect: CGRect, _ color: Color, first: Bool, last: Bool) {
            guard radius > 0, first || last else {
                shapes.append(.init(kind: .fill(color), rect: rect, element: element))
                return
            }
            let inner = Swift.max(0, radius - line)
            shapes.append(.init(kind: .fill(color), rect: rect, cornerRadius: inner, element: element))
            // Square off the corners that meet other rows.
            if !first { shapes.append(.init(kind: .fill(color), rect: CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: Swift.min(inner, rect.height)), element: element)) }
            if !last { shapes.append(.init(kind: .fill(color), rect: CGRect(x: rect.minX, y: rect.maxY - Swift.min(inner, rect.height), width: rect.width, height: Swift.min(inner, rect.height)), element: element)) }
        }
        for (index, rect) in rowRects.enumerated() {
            let last = index == rowRects.count - 1
            if index == 0, let header = style[.tableHeader].background {
                fill(rect, header, first: true, last: last)
            } else if index > 0, index % 2 == 0, let stripe = table.stripe {
                fill(rect, stripe, first: false, last: last)
            }
        }
        if let border = table.border, line > 0 {
            for rect in rowRects.dropLast() {
                shapes.append(.init(kind: .fill(border.color), rect: CGRect(x: x, y: rect.maxY, width: width, height: line), element: element))
            }
            for column in columnX.dropFirst() {
                shapes.append(.init(kind: .fill(border.color), rect: CGRect(x: column - line, y: top, width: line, height: bottom - top),
                                    element: element))
            }
            shapes.append(.init(kind: .stroke(border.color, lineWidth: line), rect: CGRect(x: x, y: top, width: width, height: bottom - top),
                                cornerRadius: radius, element: element))
        }
        return shapes
    }

    /// Column widths as a browser's automatic table layout gives them: every column its widest
    /// cell when all fit; else each gets its longest word plus a share of the room left in
    /// proportion to how much more it would like; when even the longest words do not fit, the
    /// minimums shrink alike to the room there is (at least a point a column).
    static func columnWidths(minimum: [Double], natural: [Double], available: Double) -> [Double] {
        let natural = zip(natural, minimum).map { Swift.max($0, $1) }
        if natural.reduce(0, +) <= available { return natural }
        let least = minimum.reduce(0, +)
        guard least < available else {
            // Even the longest words do not fit: every column gives up the same share of its
            // minimum, and its cells break words between graphemes (Pango's word-char
            // wrapping), so the table stays inside the frame and nothing is clipped.
            let room = Swift.max(available, Double(minimum.count))
            return minimum.map { $0 * room / Swift.max(least, 0.001) }
        }
        let wishes = zip(natural, minimum).map { $0 - $1 }
        let wished = wishes.reduce(0, +)
        return zip(minimum, wishes).map { $0 + $1 * (available - least) / Swift.max(wished, 0.001) }
    }

    /// The widest stretch of an unwrapped layout that the line breaker cannot break (Pango's
    /// own rules: spaces, after hyphens and slashes, CJK between characters; not hyphenation points):
    /// the narrowest its text can wrap to without breaking between letters. Spaces at a
    /// break do not count, as they hang at a line's end.
    static func longestWord(in storage: LayoutStorage, language: String) -> Double {
        let bytes = Array(storage.text.utf8)
        let breaks = LineBreakOpportunities.breaks(in: storage.text, language: language)
        var widest = 0.0, current = 0.0
        for glyph in storage.glyphs {
            let first = glyph.utf8Range.lowerBound
            guard first < bytes.count else { continue }
            // Hyphenation points do not narrow a column: a word is split only when its column cannot hold it.
            if breaks[first], !(first >= 2 && bytes[first - 2] == 0xC2 && bytes[first - 1] == 0xAD) { current = 0 }
            guard bytes[first] != UInt8(ascii: " "), bytes[first] != UInt8(ascii: "\t") else { continue }
            current += glyph.advance
            widest = Swift.max(widest, current)
        }
        return widest
    }

    // MARK: Pieces and elements

    /// A piece's options: the document's line settings at the piece's width. Code keeps its
    /// words as written (`breaksWords` false): no hyphens, no keep-all.
    private func pieceOptions(width: Double?, alignment: TextAlignment, breaksWords: Bool = true) -> LayoutOptions {
        var pieceOptions = LayoutOptions(width: width, alignment: alignment, lineSpacing: options.lineSpacing,
                                         lineHeightMultiple: style.lineHeight != nil ? nil : options.lineHeightMultiple, environment: options.environment,
                                         wordBreak: breaksWords ? options.wordBreak : .normal, hyphenate: breaksWords && options.hyphenate)
        // Pieces are laid out at the document's fit; they never fit themselves.
        pieceOptions.fit = options.fit
        return pieceOptions
    }

    struct LayoutKey: Hashable {
        var text: RichText
        var options: LayoutOptions
        var lineHeight: Double?

        static func == (a: LayoutKey, b: LayoutKey) -> Bool {
            a.text == b.text && a.options == b.options && a.lineHeight == b.lineHeight
        }

        /// The characters and the width only: hashing every span's style and the options cost
        /// more than copying most layouts out; equal keys still compare them in full.
        func hash(into hasher: inout Hasher) {
            hasher.combine(options.width)
            for span in text.spans {
                if case .text(let characters) = span.content { hasher.combine(characters) } else { hasher.combine(0) }
            }
        }
    }

    /// The layout of the next text asked for: from the first pass when there was one, or the
    /// one already made of the same text.
    private func layout(_ text: RichText, options: LayoutOptions, lineHeight: Double? = nil) -> LayoutStorage {
        defer { sequence += 1 }
        if let cached = cache?[sequence] { return cached }
        // Only short texts repeat (a cell, a marker); hashing every long paragraph would cost more than it saves.
        let key = text.spans.count <= 4 && text.spans.allSatisfy(\.isShort)
            ? LayoutKey(text: text, options: options, lineHeight: lineHeight) : nil
        if let key, let known = layouts[key] {
            cache?[sequence] = known
            return known
        }
        // Even lines: a character from a fallback font (CJK, emoji) does not make its line taller.
        let storage = PangoLayoutBuilder(text: text, options: options, fonts: builder.fonts).build(in: context)
            .withEvenLines(lineHeight: lineHeight ?? style.lineHeight)
        if let key { layouts[key] = storage }
        cache?[sequence] = storage
        return storage
    }

    /// Lays out a block's text and places it, within the line budget: the text that reaches
    /// the last allowed line is cut there and ends with the truncation token.
    private func placeText(_ text: RichText, width: Double?, alignment: TextAlignment, at origin: CGPoint, element: Int,
                           textPrefix: String, clipRight: Double? = nil, breaksWords: Bool = true,
                           lineHeight: Double? = nil) -> LayoutStorage? {
        guard !stopped else { return nil }
        var storage = layout(text, options: pieceOptions(width: width, alignment: alignment, breaksWords: breaksWords),
                             lineHeight: lineHeight)
        if let remaining = budget {
            if storage.lines.count >= remaining {
                var cutOptions = pieceOptions(width: width, alignment: alignment, breaksWords: breaksWords)
                cutOptions.lineLimit = remaining
                cutOptions.truncation = options.truncation
                storage = PangoLayoutBuilder(text: text, options: cutOptions, fonts: builder.fonts)
                    .build(in: context, forcingTruncation: true).withEvenLines(lineHeight: lineHeight ?? style.lineHeight)
                budget = 0
                stopped = true
            } else {
                budget = remaining - storage.lines.count
            }
        }
        return place(storage, at: origin, element: element, textPrefix: textPrefix, clipRight: clipRight)
    }

    /// Places an already laid-out text, hanging a waiting list marker on its first line.
    @discardableResult
    private func place(_ storage: LayoutStorage, at origin: CGPoint, element: Int, textPrefix: String,
                       clipRight: Double? = nil) -> LayoutStorage? {
        for line in storage.lines { visualBottoms.append(origin.y + line.logicalRect.maxY) }
        appendPiece(DocumentPiece(storage: storage, origin: origin, element: element, separator: "\n" + textPrefix, clipRight: clipRight))
        addInlineCodeBoxes(of: storage, at: origin, element: element)
        return storage
    }

    /// The boxes behind inline code (`InlineCodeBox`): per line, one around each span's runs
    /// there (its spacers give the sides' room), as tall as the code's font plus the vertical
    /// padding. A span broken across lines gets a box on each, open at the break (CSS's `slice`).
    private func addInlineCodeBoxes(of storage: LayoutStorage, at origin: CGPoint, element: Int) {
        guard storage.styles.contains(where: { $0.attributes[InlineCodeBox.self] != nil }) else { return }
        for line in storage.lines {
            var current: (box: InlineCodeBox, rect: CGRect, text: CGRect)?
            func flush() {
                guard let (box, rect, text) = current, !text.isNull else { return }
                let padding = scaled(box.verticalPadding)
                let frame = CGRect(x: rect.minX, y: text.minY - padding, width: rect.width, height: text.height + 2 * padding)
                    .offsetBy(dx: origin.x, dy: origin.y)
                decorations.append(.init(kind: .fill(box.color), rect: frame,
                                         cornerRadius: Swift.min(scaled(box.cornerRadius), frame.height / 2), element: element))
            }
            for run in storage.runs[line.runs] {
                let runStyle = storage.styles[run.style]
                guard let box = runStyle.attributes[InlineCodeBox.self] else {
                    flush()
                    current = nil
                    continue
                }
                let b = run.bounds
                let rect = CGRect(x: b.origin.x, y: b.origin.y - b.ascent, width: b.width, height: b.ascent + b.descent)
                let text = runStyle.inlineBox == nil ? rect : .null
                if let open = current, open.box == box {
                    current = (box, open.rect.union(rect), open.text.union(text))
                } else {
                    flush()
                    current = (box, rect, text)
                }
            }
            flush()
        }
    }

    private func appendPiece(_ piece: DocumentPiece) {
        var piece = piece
        for runStyle in piece.storage.styles { largestFontSize = Swift.max(largestFontSize, runStyle.style.size) }
        if let marker = pendingMarker, let first = piece.storage.lines.first, let markerLine = marker.storage.lines.first {
            pendingMarker = nil
            if piece.separator.hasPrefix("\n") { piece.separator = "\n" + marker.textPrefix }
            let baseline = piece.origin.y + first.bounds.origin.y
            piece.marker = (marker.storage, CGPoint(x: marker.right - marker.storage.textSize.width,
                                                    y: baseline - markerLine.bounds.origin.y))
        }
        for line in piece.storage.lines {
            let end = line.bounds.origin.x + line.bounds.width
            piecesRight = Swift.max(piecesRight, piece.origin.x + Swift.min(end, piece.clipRight ?? end))
        }
        if let marker = piece.marker { piecesRight = Swift.max(piecesRight, marker.origin.x + marker.storage.textSize.width) }
        if assembler != nil { assembler?.append(piece) } else { pieces.append(piece) }
    }

    /// Starts an element at the top of `container`; `close` sets its height once its content is placed.
    private func openElement(_ kind: MarkdownElement, in container: Container, detail: String? = nil) -> Int {
        openElement(kind, parent: container.parent, depth: container.depth, detail: detail,
                    frame: CGRect(x: container.x, y: y, width: container.width, height: 0))
    }

    private func openElement(_ kind: MarkdownElement, parent: Int?, depth: Int, detail: String?, frame: CGRect) -> Int {
        elements.append(TextLayout.DocumentElement(kind: kind, parent: parent, depth: depth, frame: frame, lines: 0..<0, detail: detail))
        return elements.count - 1
    }

    private func close(_ element: Int, x: Double, top: Double, width: Double) {
        elements[element].frame = CGRect(x: x, y: top, width: width, height: Swift.max(0, y - top))
    }

    // MARK: Result

    func finish(isTruncated: Bool, untruncated: MarkdownLayoutPass) -> LayoutStorage {
        var assembler = self.assembler ?? DocumentAssembler()
        if self.assembler == nil {
            assembler.reserveCapacity(for: pieces)
            for piece in pieces { assembler.append(piece) }
        }
        let textSize = CGSize(width: extentWidth, height: y)
        let base = options.fit.applied(to: style[.body].text.overridden(by: builder.baseStyle).resolved(in: options.environment))
        return assembler.finish(
            elements: elements, decorations: decorations,
            size: CGSize(width: options.width ?? textSize.width, height: options.height ?? textSize.height),
            textSize: textSize, isTruncated: isTruncated,
            untruncatedSize: CGSize(width: untruncated.extentWidth, height: untruncated.y),
            untruncatedLineCount: untruncated.visualBottoms.count, visualLineCount: visualBottoms.count,
            fallbackStyle: RunStyle(style: base, link: nil, attributes: AttributeSet()),
            fit: options.fitsBySizing ? options.fit : nil)
    }

    /// The right edge of the furthest line, box or rule.
    private var extentWidth: Double {
        var right = piecesRight
        for decoration in decorations { right = Swift.max(right, decoration.rect.maxX) }
        return right
    }
}

private extension Span {
    /// Whether the span is at most a few words: text that may well repeat in a document.
    var isShort: Bool {
        if case .text(let characters) = content { return characters.utf8.count <= 64 }
        return true
    }
}

private extension MarkdownNode {
    /// Whether the node holds blocks (a document or a container) rather than being one.
    var isBlockContainer: Bool {
        if case .document = self { return true }
        return false
    }
}

extension MarkdownLayoutPass.Container {
    /// The container inside a block drawn with a bar at its left (a quote, an alert): `indent`
    /// in from this one's left edge, narrower by `padding` on the right, its text styled by
    /// `text`, its lines starting with "> " in the plain text, one level deeper under `element`.
    func barred(indent: Double, padding: Double, text: Style, element: Int) -> Self {
        var inner = self
        inner.x += indent
        inner.width -= indent + padding
        inner.textStyle = textStyle.overridden(by: text)
        inner.textPrefix = textPrefix + "> "
        inner.parent = element
        inner.depth += 1
        inner.siblingGap = nil
        return inner
    }
}
