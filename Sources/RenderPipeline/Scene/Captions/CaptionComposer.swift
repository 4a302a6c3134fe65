import Foundation

/// Turns a caption track into caption pages: text styled from its cue spans, broken into
/// balanced lines by Pango, placed in the safe area or where WebVTT settings say.
///
/// Balanced breaks: the text is laid out at the widest width allowed (the safe area, narrowed
/// by a cue's `size` and until no line has more than `maxCharactersPerLine` characters); then
/// the narrowest width that keeps the same number of lines is found by bisection, every
/// candidate measured by a Pango layout. At that width Pango's own breaks give lines of similar
/// width, and the last line is as full as the others instead of an orphan word. A cue that needs
/// more than `maxLines` lines is split at word boundaries into parts shown one after another.
struct CaptionComposer {
    var track: CaptionTrack
    var style: CaptionStyle
    /// The frame's size in points.
    var canvas: CGSize
    var rate: FrameRate
    var environment: TextEnvironment
    var fonts: FontLibrary

    /// A stretch of displayed text with one style; `cueOffset` is where it starts in the cue's
    /// text (nil for an inserted voice name).
    struct Piece {
        var text: String
        var style: Style
        var cueOffset: Int?
        /// The word's ``WordTime`` when the piece is a timed word.
        var attributes = AttributeSet()
    }

    /// The safe area: the frame inset by the style's fractions.
    var safeArea: CGRect {
        CGRect(x: canvas.width * style.safeArea.width, y: canvas.height * style.safeArea.height,
               width: canvas.width * (1 - 2 * style.safeArea.width), height: canvas.height * (1 - 2 * style.safeArea.height))
    }

    func pages() -> [CaptionPage] {
        var placed: [Placed] = []
        for (index, cue) in track.cues.enumerated() {
            placed += self.placedPages(for: cue, index: index)
        }
        return stacked(placed)
    }

    /// A page with the box it covers on the frame (its plate included), and whether it was
    /// placed by the style (WebVTT `line:auto`) and so moves aside for captions already shown.
    struct Placed {
        var page: CaptionPage
        var box: CGRect
        var lineHeight: Double
        var stacks: Bool
    }

    /// Pages on screen together never cover one another: as a player stacks simultaneous cues
    /// (WebVTT's rendering rules, libass's collision handling), a style-placed page that would
    /// overlap a page already shown moves above it (below it for top placement), by a gap of a
    /// fraction of a line. Earlier pages keep their places; pages with an explicit WebVTT
    /// `line` stay where they were put. A page pushed off the frame stays where it was.
    func stacked(_ pages: [Placed]) -> [CaptionPage] {
        let order = pages.indices.sorted { (pages[$0].page.frames.lowerBound, $0) < (pages[$1].page.frames.lowerBound, $1) }
        var shown: [Placed] = []
        var result = pages
        for index in order {
            var page = pages[index]
            if page.stacks {
                let original = page.box
                let gap = max(style.plate?.padding.height ?? 0, 0.15 * page.lineHeight)
                var moves = 0
                while moves < shown.count, let other = shown.first(where: {
                    $0.page.frames.overlaps(page.page.frames) && $0.box.insetBy(dx: 0, dy: 0.5).intersects(page.box)
                }) {
                    page.box.origin.y = style.placement == .top ? other.box.maxY + gap : other.box.minY - gap - page.box.height
                    moves += 1
                }
                if page.box.minY < 0 || page.box.maxY > canvas.height { page.box = original }
                page.page.block.frame.y += page.box.minY - original.minY
            }
            shown.append(page)
            result[index] = page
        }
        return result.map(\.page)
    }

    func placedPages(for cue: CaptionCue, index: Int) -> [Placed] {
        let pieces = self.pieces(of: cue)
        let characters = Array(pieces.map(\.text).joined())
        guard characters.contains(where: { !$0.isWhitespace }) else { return [] }
        let alignment = self.alignment(of: cue)
        let maxWidth = self.maxWidth(of: cue)
        // Split into parts of at most maxLines lines, more parts until every one fits.
        let wordStarts = characters.indices.filter { $0 > 0 && characters[$0 - 1].isWhitespace && !characters[$0].isWhitespace }
        var ranges = [0..<characters.count]
        var fitted = ranges.map { fit(richText(pieces, range: $0), maxWidth: maxWidth, alignment: alignment) }
        if let lines = fitted.first?.layout.lineCount, lines > style.maxLines, !wordStarts.isEmpty {
            var count = (lines + style.maxLines - 1) / style.maxLines
            while count <= wordStarts.count + 1 {
                ranges = Self.split(characters, wordStarts: wordStarts, into: count)
                fitted = ranges.map { fit(richText(pieces, range: $0), maxWidth: maxWidth, alignment: alignment) }
                if fitted.allSatisfy({ $0.layout.lineCount <= style.maxLines }) { break }
                count += 1
            }
        }
        let times = self.times(of: ranges, in: cue, pieces: pieces, total: characters.count)
        var pages: [Placed] = []
        for (part, fit) in fitted.enumerated() {
            let (start, end) = times[part]
            let frames = rate.frames(from: start, to: end)
            guard !frames.isEmpty else { continue }
            var block = Block(id: "caption-\(index + 1)" + (ranges.count > 1 ? "-\(part + 1)" : ""),
                              frame: Block.Frame(x: 0, y: 0, width: fit.width), text: fit.text)
            block.alignment = alignment
            block.lineSpacing = style.lineSpacing
            block.effects = [CaptionRenderer(style: style, frameHeight: canvas.height)]
            if let words = style.words, !cue.words.isEmpty { block.effects.append(words.renderer(frameHeight: canvas.height)) }
            let origin = place(size: CGSize(width: fit.width, height: fit.layout.textSize.height),
                               lines: fit.layout.lineCount, cue: cue, alignment: alignment)
            block.frame.x = origin.x
            block.frame.y = origin.y
            let pad = style.plate?.padding ?? .zero
            let box = CGRect(x: origin.x, y: origin.y, width: fit.width, height: fit.layout.textSize.height).insetBy(dx: -pad.width, dy: -pad.height)
            var stacks = false
            if case .auto = cue.settings.line { stacks = true }
            pages.append(Placed(page: CaptionPage(cueIndex: index, start: start, end: end, frames: frames, block: block), box: box,
                                lineHeight: fit.layout.textSize.height / Double(max(1, fit.layout.lineCount)), stacks: stacks))
        }
        return pages
    }

    // MARK: Text

    /// The cue's runs as styled pieces: `<b>` `<i>` `<u>`, SubRip colours, class styles, and the
    /// voice's name before its words when the style shows voices. Ruby text is left out.
    func pieces(of cue: CaptionCue) -> [Piece] {
        var pieces: [Piece] = []
        var lastVoice: String?
        for run in cue.runs where !run.isRubyText {
            var runStyle = Style()
            if run.isBold { runStyle.bold = true }
            if run.isItalic { runStyle.italic = true }
            if run.isUnderlined { runStyle.underline = TextDecoration() }
            if let color = run.color { runStyle.color = .color(color) }
            for name in run.classes { if let classStyle = style.classes[name] { runStyle = runStyle.overridden(by: classStyle) } }
            if style.showsVoice, let voice = run.voice, !voice.isEmpty, voice != lastVoice {
                pieces.append(Piece(text: "\(voice): ", style: runStyle.overridden(by: style.voiceStyle), cueOffset: nil))
            }
            lastVoice = run.voice
            // Balanced lines re-break the text: the author's breaks become spaces (same length,
            // so offsets still match the cue's text).
            let text = style.lineBreaks == .balanced ? String(run.text.map { $0.isNewline ? " " : $0 }) : run.text
            pieces += timedPieces(Piece(text: text, style: runStyle, cueOffset: run.range.lowerBound), words: cue.words)
        }
        return pieces
    }

    /// `piece` cut where its cue's timed words start and end, each word's part carrying its
    /// ``WordTime`` for the word effects; the piece whole when the cue has no word timings.
    func timedPieces(_ piece: Piece, words: [WordTiming]) -> [Piece] {
        guard let offset = piece.cueOffset, !words.isEmpty else { return [piece] }
        let characters = Array(piece.text)
        let range = offset..<offset + characters.count
        var result: [Piece] = []
        var position = offset
        func append(_ upper: Int, _ word: WordTiming?) {
            guard upper > position else { return }
            var part = Piece(text: String(characters[(position - offset)..<(upper - offset)]), style: piece.style, cueOffset: position)
            if let word { part.attributes.set(WordTime(start: word.start, end: word.end)) }
            result.append(part)
            position = upper
        }
        for word in words where word.range.overlaps(range) {
            append(max(word.range.lowerBound, position), nil)
            append(min(word.range.upperBound, range.upperBound), word)
        }
        append(range.upperBound, nil)
        return result
    }

    /// The pieces' characters in `range` (offsets in the joined text), without white space at
    /// either end, as rich text on the style's base.
    func richText(_ pieces: [Piece], range: Range<Int>) -> RichText {
        let all = Array(pieces.map(\.text).joined())
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, all[lower].isWhitespace { lower += 1 }
        while upper > lower, all[upper - 1].isWhitespace { upper -= 1 }
        var spans: [Span] = []
        var offset = 0
        for piece in pieces {
            let count = piece.text.count
            let from = max(lower, offset), to = min(upper, offset + count)
            if from < to {
                let characters = Array(piece.text)[(from - offset)..<(to - offset)]
                spans.append(Span(String(characters), style: piece.style, attributes: piece.attributes))
            }
            offset += count
        }
        return RichText(spans: spans, baseStyle: style.baseStyle(frameHeight: canvas.height))
    }

    /// Cuts the text into `count` parts at word starts, each cut at the word start nearest its
    /// share of the characters (one after a comma or full stop preferred when about as near).
    static func split(_ characters: [Character], wordStarts: [Int], into count: Int) -> [Range<Int>] {
        guard count > 1 else { return [0..<characters.count] }
        var cuts: [Int] = []
        let total = Double(characters.count)
        for k in 1..<count {
            let target = total * Double(k) / Double(count)
            let candidates = wordStarts.filter { $0 > (cuts.last ?? 0) }
            guard let best = candidates.min(by: { score($0, target, characters, total / Double(count)) < score($1, target, characters, total / Double(count)) }) else { break }
            cuts.append(best)
        }
        let bounds = [0] + cuts + [characters.count]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    private static func score(_ cut: Int, _ target: Double, _ characters: [Character], _ share: Double) -> Double {
        var previous = cut - 1
        while previous > 0, characters[previous].isWhitespace { previous -= 1 }
        // A cut after a sentence ends, or after a clause, reads better than one nearer the middle.
        let bonus = ".!?…".contains(characters[previous]) ? 0.8 : ",;:–—".contains(characters[previous]) ? 0.5 : 0
        return abs(Double(cut) - target) - bonus * share
    }

    /// When each part shows: the first from the cue's start, later ones from their first
    /// word's time when the cue has word timings, else from their share of the characters.
    func times(of ranges: [Range<Int>], in cue: CaptionCue, pieces: [Piece], total: Int) -> [(CaptionTime, CaptionTime)] {
        guard ranges.count > 1 else { return [(cue.start, cue.end)] }
        let duration = cue.end.milliseconds - cue.start.milliseconds
        var starts = ranges.map { range in
            CaptionTime(milliseconds: cue.start.milliseconds + duration * range.lowerBound / max(1, total))
        }
        if !cue.words.isEmpty {
            // Where each word starts in the displayed text.
            var displayed: [(cue: Int, shown: Int, count: Int)] = []
            var offset = 0
            for piece in pieces {
                if let cueOffset = piece.cueOffset { displayed.append((cueOffset, offset, piece.text.count)) }
                offset += piece.text.count
            }
            for (i, range) in ranges.enumerated().dropFirst() {
                let word = cue.words.first { word in
                    guard let piece = displayed.last(where: { $0.cue <= word.range.lowerBound }) else { return false }
                    return piece.shown + (word.range.lowerBound - piece.cue) >= range.lowerBound
                }
                if let word, word.start > starts[i - 1], word.start < cue.end { starts[i] = word.start }
            }
        }
        starts[0] = cue.start
        return starts.indices.map { i in (starts[i], i + 1 < starts.count ? max(starts[i], starts[i + 1]) : cue.end) }
    }

    // MARK: Layout

    /// A part's text laid out at its balanced width.
    struct Fit {
        var text: RichText
        var width: Double
        var layout: TextLayout
    }

    func options(width: Double, alignment: TextAlignment) -> LayoutOptions {
        LayoutOptions(width: width, alignment: alignment, lineSpacing: style.lineSpacing, environment: environment)
    }

    /// The most characters in one line of `layout` (white space at the ends not counted).
    static func longestLine(_ layout: TextLayout) -> Int {
        layout.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines).count }.max() ?? 0
    }

    /// Lays `text` out at the narrowest width with as few lines as the widest allowed width
    /// gives (see the type's summary).
    func fit(_ text: RichText, maxWidth: Double, alignment: TextAlignment) -> Fit {
        func layout(_ width: Double) -> TextLayout { TextLayout(text, options: options(width: width, alignment: alignment), fonts: fonts) }
        var widest = maxWidth
        var wide = layout(widest)
        if Self.longestLine(wide) > style.maxCharactersPerLine {
            // The widest width whose lines keep to the character limit.
            var low = 1.0, high = widest
            for _ in 0..<14 {
                let middle = (low + high) / 2
                if Self.longestLine(layout(middle)) > style.maxCharactersPerLine { high = middle } else { low = middle }
            }
            widest = low
            wide = layout(widest)
        }
        let lines = wide.lineCount
        guard lines > 1 || style.lineBreaks == .asWritten else {
            // One line: as wide as the text.
            let width = min(widest, ceil(wide.map { $0.typographicBounds.width }.max() ?? widest) + 1)
            return Fit(text: text, width: width, layout: layout(width))
        }
        var low = 1.0, high = widest
        var best = wide
        for _ in 0..<16 where high - low > 0.5 {
            let middle = (low + high) / 2
            let candidate = layout(middle)
            if candidate.lineCount <= lines { high = middle; best = candidate } else { low = middle }
        }
        return Fit(text: text, width: high, layout: best)
    }

    // MARK: Placement

    /// How the cue's lines align: its WebVTT `align`, or the style's.
    func alignment(of cue: CaptionCue) -> TextAlignment {
        switch cue.settings.textAlignment {
        case .center: style.alignment
        case .start, .left: .leading
        case .end, .right: .trailing
        }
    }

    /// The widest a cue's lines may be: the safe area, narrowed by its `size`.
    func maxWidth(of cue: CaptionCue) -> Double {
        var width = safeArea.width
        if cue.settings.size < 100 { width = min(width, canvas.width * cue.settings.size / 100) }
        if let id = cue.settings.region, let region = track.region(named: id) { width = min(width, canvas.width * region.width / 100) }
        return max(1, width)
    }

    /// Where the text box of `size` goes: horizontally by `position` (else by its alignment in
    /// the safe area), vertically by `line` (else the style's placement), kept in the safe area.
    func place(size: CGSize, lines: Int, cue: CaptionCue, alignment: TextAlignment) -> CGPoint {
        let safe = safeArea
        let settings = cue.settings
        let pad = style.plate?.padding ?? .zero
        var x: Double
        if let position = settings.position {
            let anchor = canvas.width * position / 100
            var positionAlignment = settings.positionAlignment
            if positionAlignment == .auto {
                positionAlignment = switch alignment {
                case .leading: .lineLeft
                case .trailing: .lineRight
                default: .center
                }
            }
            x = switch positionAlignment {
            case .lineLeft: anchor
            case .lineRight: anchor - size.width
            default: anchor - size.width / 2
            }
        } else {
            x = switch alignment {
            case .leading: safe.minX
            case .trailing: safe.maxX - size.width
            default: safe.midX - size.width / 2
            }
        }
        x = min(max(x, safe.minX), max(safe.minX, safe.maxX - size.width))
        let lineHeight = size.height / Double(max(1, lines))
        var y: Double
        switch settings.line {
        case .auto:
            y = switch style.placement {
            case .bottom: safe.maxY - size.height - pad.height
            case .top: safe.minY + pad.height
            case .center: safe.midY - size.height / 2
            }
        case .lineNumber(let n):
            // Lines counted in the safe area: 0 the top line, -1 the bottom line.
            y = n >= 0 ? safe.minY + pad.height + n * (lineHeight + 2 * pad.height)
                       : safe.maxY - pad.height - size.height + (n + 1) * (lineHeight + 2 * pad.height)
        case .percentage(let p):
            let anchor = canvas.height * p / 100
            y = switch settings.lineAlignment {
            case .start: anchor
            case .center: anchor - size.height / 2
            case .end: anchor - size.height
            }
        }
        y = min(max(y, safe.minY + pad.height), max(safe.minY + pad.height, safe.maxY - pad.height - size.height))
        return CGPoint(x: x, y: y)
    }
}
