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
    ///
    /// Each page is compared with the pages still on screen when it starts, not with every
    /// earlier one, and stops moving once off the frame (each move takes it further, past a
    /// page it is then clear of): the work is the pages times the pages on screen at once,
    /// which ``CaptionLimits/maximumCuesOnScreen`` bounds.
    func stacked(_ pages: [Placed]) -> [CaptionPage] {
        let order = pages.indices.sorted { (pages[$0].page.frames.lowerBound, $0) < (pages[$1].page.frames.lowerBound, $1) }
        // The pages shown so far that are still on screen, in the order they were shown.
        var shown: [Placed] = []
        var result = pages
        for index in order {
            var page = pages[index]
            shown.removeAll { $0.page.frames.upperBound <= page.page.frames.lowerBound }
            if page.stacks {
                let original = page.box
                let gap = max(style.plate?.padding.height ?? 0, 0.15 * page.lineHeight)
                var moves = 0
                while moves < shown.count, !isPastEdge(page.box), let other = shown.first(where: {
                    $0.page.frames.overlaps(page.page.frames) && $0.box.insetBy(dx: 0, dy: 0.5).intersects(page.box)
                }) {
                    page.box.origin.y = style.placement == .top ? other.box.maxY + gap : other.box.minY - gap - page.box.height
                    moves += 1
                }
                if isOffFrame(page.box) { page.box = original }
                page.page.block.frame.y += page.box.minY - original.minY
            }
            shown.append(page)
            result[index] = page
        }
        return result.map(\.page)
    }

    /// Whether a page's box goes past the top or the bottom of the frame.
    func isOffFrame(_ box: CGRect) -> Bool {
        box.minY < 0 || box.maxY > canvas.height
    }

    /// Whether a page moving aside has gone past the frame's edge it moves towards (the
    /// bottom for top placement, else the top): moving on takes it further.
    func isPastEdge(_ box: CGRect) -> Bool {
        style.placement == .top ? box.maxY > canvas.height : box.minY < 0
    }

    func placedPages(for cue: CaptionCue, index: Int) -> [Placed] {
        let pieces = self.pieces(of: cue)
        let joined = Joined(pieces)
        let characters = joined.characters
        guard characters.contains(where: { !$0.isWhitespace }) else { return [] }
        let alignment = self.alignment(of: cue)
        let maxWidth = self.maxWidth(of: cue)
        // Split into parts of at most maxLines lines, more parts until every one fits (the
        // fewest such parts, found in a few tries; see partCount).
        let wordStarts = characters.indices.filter { $0 > 0 && characters[$0 - 1].isWhitespace && !characters[$0].isWhitespace }
        var ranges = [0..<characters.count]
        var fitted: [Fit] = []
        // Balancing keeps the widest width's line count, so the count alone decides whether
        // the cue is cut; the whole cue is balanced only when it is shown whole.
        let whole = richText(joined, range: ranges[0])
        let wholeBreaks = lineBreaks(whole, maxWidth: maxWidth, alignment: alignment)
        let wide = widest(wholeBreaks, maxWidth: maxWidth)
        let lines = wide.lineCount
        if lines > style.maxLines, !wordStarts.isEmpty {
            let first = (lines + style.maxLines - 1) / style.maxLines, last = wordStarts.count + 1
            if first <= last {
                let count = Self.partCount(from: first, to: last) { count in
                    Self.split(characters, wordStarts: wordStarts, into: count).allSatisfy { range in
                        fits(richText(joined, range: range), maxWidth: maxWidth, alignment: alignment)
                    }
                }
                ranges = Self.split(characters, wordStarts: wordStarts, into: count)
                fitted = ranges.map { fit(richText(joined, range: $0), maxWidth: maxWidth, alignment: alignment) }
            }
        }
        if fitted.isEmpty { fitted = [fit(whole, breaks: wholeBreaks, widest: wide, alignment: alignment)] }
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
        let wordsInOrder = Self.inOrder(cue.words)
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
            pieces += timedPieces(Piece(text: text, style: runStyle, cueOffset: run.range.lowerBound), words: cue.words,
                                  inOrder: wordsInOrder)
        }
        return pieces
    }

    /// Whether each word's range ends at or before the next one's starts, as parsers make them:
    /// the words a piece overlaps are then found by bisection, not by looking at every word.
    static func inOrder(_ words: [WordTiming]) -> Bool {
        zip(words, words.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound }
    }

    /// `piece` cut where its cue's timed words start and end, each word's part carrying its
    /// ``WordTime`` for the word effects; the piece whole when the cue has no word timings.
    /// `inOrder`: ``inOrder(_:)`` of `words`.
    func timedPieces(_ piece: Piece, words: [WordTiming], inOrder: Bool) -> [Piece] {
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
        // The words that may overlap the piece: all of them, or in order from the first that
        // ends after the piece starts up to the last that starts before it ends.
        var first = 0, end = words.count
        if inOrder {
            var high = words.count
            while first < high {
                let middle = (first + high) / 2
                if words[middle].range.upperBound <= range.lowerBound { first = middle + 1 } else { high = middle }
            }
            end = first
            while end < words.count, words[end].range.lowerBound < range.upperBound { end += 1 }
        }
        for word in words[first..<end] where word.range.overlaps(range) {
            append(max(word.range.lowerBound, position), nil)
            append(min(word.range.upperBound, range.upperBound), word)
        }
        append(range.upperBound, nil)
        return result
    }

    /// The pieces' text joined, as characters, with where each piece starts in it: so that a
    /// part's rich text is made in time proportional to the part, not to the whole cue.
    struct Joined {
        var pieces: [Piece]
        var characters: [Character]
        /// `starts[i]`: where piece `i` starts in `characters`; `starts.last` is their count.
        var starts: [Int]

        init(_ pieces: [Piece]) {
            self.pieces = pieces
            characters = []
            starts = [0]
            starts.reserveCapacity(pieces.count + 1)
            for piece in pieces {
                characters.append(contentsOf: piece.text)
                starts.append(characters.count)
            }
        }
    }

    /// The pieces' characters in `range` (offsets in the joined text), without white space at
    /// either end, as rich text on the style's base.
    func richText(_ joined: Joined, range: Range<Int>) -> RichText {
        let all = joined.characters
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, all[lower].isWhitespace { lower += 1 }
        while upper > lower, all[upper - 1].isWhitespace { upper -= 1 }
        var spans: [Span] = []
        // The first piece ending after `lower`, by bisection.
        var low = 0, high = joined.pieces.count
        while low < high {
            let middle = (low + high) / 2
            if joined.starts[middle + 1] <= lower { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < joined.pieces.count, joined.starts[index] < upper {
            let offset = joined.starts[index]
            let from = max(lower, offset), to = min(upper, joined.starts[index + 1])
            if from < to {
                let piece = joined.pieces[index]
                spans.append(Span(String(all[from..<to]), style: piece.style, attributes: piece.attributes))
            }
            index += 1
        }
        return RichText(spans: spans, baseStyle: style.baseStyle(frameHeight: canvas.height))
    }

    /// Cuts the text into `count` parts at word starts, each cut at the word start nearest its
    /// share of the characters (one after a comma or full stop preferred when about as near).
    ///
    /// A cut's score is its distance from its target less a bonus of at most 0.8 share, so only
    /// word starts within that of the nearest one can win: each cut looks at those alone, and
    /// the whole split takes time in proportion to the text.
    static func split(_ characters: [Character], wordStarts: [Int], into count: Int) -> [Range<Int>] {
        guard count > 1 else { return [0..<characters.count] }
        var cuts: [Int] = []
        let total = Double(characters.count)
        let share = total / Double(count)
        // The first candidate: word starts after the last cut.
        var from = 0
        for k in 1..<count {
            let target = total * Double(k) / Double(count)
            if let last = cuts.last { while from < wordStarts.count, wordStarts[from] <= last { from += 1 } }
            guard from < wordStarts.count else { break }
            // The nearest candidate to the target, by bisection.
            var low = from, high = wordStarts.count
            while low < high {
                let middle = (low + high) / 2
                if Double(wordStarts[middle]) < target { low = middle + 1 } else { high = middle }
            }
            var nearest = abs(Double(wordStarts[min(low, wordStarts.count - 1)]) - target)
            if low > from { nearest = min(nearest, abs(Double(wordStarts[low - 1]) - target)) }
            // Candidates further than this from the target score worse than the nearest one.
            let reach = nearest + share + 1
            var lower = low, upper = low
            while lower > from, Double(wordStarts[lower - 1]) >= target - reach { lower -= 1 }
            while upper < wordStarts.count, Double(wordStarts[upper]) <= target + reach { upper += 1 }
            // The first best, as `min(by:)` over every candidate would give.
            var best = wordStarts[lower]
            var bestScore = score(best, target, characters, share)
            for cut in wordStarts[(lower + 1)..<upper] {
                let candidate = score(cut, target, characters, share)
                if candidate < bestScore { best = cut; bestScore = candidate }
            }
            cuts.append(best)
        }
        let bounds = [0] + cuts + [characters.count]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The fewest parts, from `first` up to `last`, for which `fits` holds (`last` when none
    /// does): `first`, `first + 1` and `first + 2` are tried in turn, then counts in doubling
    /// steps, and between the last that failed and the first that fits by bisection. A cue
    /// needs one or two more parts than its line count says, so this is the count tried one by
    /// one; a long one (a whole talk in one segment) needs many more, found in a few tries
    /// rather than one try per part, each laying out every part.
    ///
    /// Past 64 parts the steps start at a 64th of `first` and the bisection stops within a
    /// 128th of the count (never more than 1 % above the fewest), because a long cue's parts
    /// overflow by a share of their number: counted in parts, the search would take one more
    /// try, each laying out the whole cue, every time the cue grows twice as long.
    static func partCount(from first: Int, to last: Int, fits: (Int) -> Bool) -> Int {
        var failed = first - 1
        var step = 0
        var probe = first
        let firstStep = max(1, first / 64)
        while !fits(probe) {
            failed = probe
            guard probe < last else { return last }
            step = step == 0 ? firstStep : step * 2
            probe = min(last, first + step)
        }
        var low = failed + 1, high = probe
        while high - low > high / 128 {
            let middle = (low + high) / 2
            if fits(middle) { high = middle } else { low = middle + 1 }
        }
        // Within the tolerance the answer is `high`, which fits; `low` may not.
        return high
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
            // Where each word starts in the displayed text: from the last piece of the cue's text
            // starting at or before it (found by bisection, pieces being in the cue's order).
            var displayed: [(cue: Int, shown: Int)] = []
            var offset = 0
            for piece in pieces {
                if let cueOffset = piece.cueOffset { displayed.append((cueOffset, offset)) }
                offset += piece.text.count
            }
            let sorted = zip(displayed, displayed.dropFirst()).allSatisfy { $0.cue <= $1.cue }
            func shown(_ word: WordTiming) -> Int? {
                let at = word.range.lowerBound
                var piece: (cue: Int, shown: Int)?
                if sorted {
                    var low = 0, high = displayed.count
                    while low < high {
                        let middle = (low + high) / 2
                        if displayed[middle].cue <= at { low = middle + 1 } else { high = middle }
                    }
                    piece = low > 0 ? displayed[low - 1] : nil
                } else {
                    piece = displayed.last { $0.cue <= at }
                }
                return piece.map { $0.shown + (at - $0.cue) }
            }
            // reach[j]: the furthest along any of words 0...j is shown. A later part starts with
            // the first word shown at or after the part's start: the first j whose reach gets
            // there, by bisection.
            var reach: [Int] = []
            reach.reserveCapacity(cue.words.count)
            for word in cue.words { reach.append(max(reach.last ?? Int.min, shown(word) ?? Int.min)) }
            for (i, range) in ranges.enumerated().dropFirst() {
                var low = 0, high = reach.count
                while low < high {
                    let middle = (low + high) / 2
                    if reach[middle] >= range.lowerBound { high = middle } else { low = middle + 1 }
                }
                guard low < reach.count else { continue }
                let word = cue.words[low]
                if word.start > starts[i - 1], word.start < cue.end { starts[i] = word.start }
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
        longestLine(layout.map(\.text))
    }

    /// The most characters in one of `lines` (white space at the ends not counted).
    static func longestLine(_ lines: [Substring]) -> Int {
        lines.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).count }.max() ?? 0
    }

    /// `text` ready to be broken into lines at the widths the searches below try.
    func lineBreaks(_ text: RichText, maxWidth: Double, alignment: TextAlignment) -> LineBreaks {
        LineBreaks(text, options: options(width: maxWidth, alignment: alignment), fonts: fonts)
    }

    /// Lays `text` out at the narrowest width with as few lines as the widest allowed width
    /// gives (see the type's summary).
    func fit(_ text: RichText, maxWidth: Double, alignment: TextAlignment) -> Fit {
        let breaks = lineBreaks(text, maxWidth: maxWidth, alignment: alignment)
        return fit(text, breaks: breaks, widest: widest(breaks, maxWidth: maxWidth), alignment: alignment)
    }

    /// The widest width a text may take and its number of lines there.
    struct Widest {
        var width: Double
        var lineCount: Int
    }

    /// The widest width the text of `breaks` may take, `maxWidth` narrowed until no line has
    /// more than `maxCharactersPerLine` characters.
    ///
    /// Every width tried is a line breaking of the text, not a layout of it (``LineBreaks``):
    /// a long cue's text is broken at some sixteen widths here.
    func widest(_ breaks: LineBreaks, maxWidth: Double) -> Widest {
        var widest = maxWidth
        var lines = breaks.lines(width: widest)
        if Self.longestLine(lines) > style.maxCharactersPerLine {
            // The widest width whose lines keep to the character limit.
            var low = 1.0, high = widest
            for _ in 0..<14 {
                let middle = (low + high) / 2
                if Self.longestLine(breaks.lines(width: middle)) > style.maxCharactersPerLine { high = middle } else { low = middle }
            }
            widest = low
            lines = breaks.lines(width: widest)
        }
        return Widest(width: widest, lineCount: lines.count)
    }

    /// `text` (whose line breaks `breaks` gives) laid out at the narrowest width with as many
    /// lines as at `widest`.
    func fit(_ text: RichText, breaks: LineBreaks, widest: Widest, alignment: TextAlignment) -> Fit {
        func layout(_ width: Double) -> TextLayout { TextLayout(text, options: options(width: width, alignment: alignment), fonts: fonts) }
        guard widest.lineCount > 1 || style.lineBreaks == .asWritten else {
            // One line: as wide as the text.
            let width = min(widest.width, ceil(breaks.lineWidths(width: widest.width).max() ?? widest.width) + 1)
            return Fit(text: text, width: width, layout: layout(width))
        }
        let width = balancedWidth(breaks, widest: widest)
        return Fit(text: text, width: width, layout: layout(width))
    }

    /// The narrowest width (found to half a point) at which the text of `breaks` has as many
    /// lines as at `widest`; `widest`'s own width when no narrower one was found.
    func balancedWidth(_ breaks: LineBreaks, widest: Widest) -> Double {
        var low = 1.0, high = widest.width
        for _ in 0..<16 where high - low > 0.5 {
            let middle = (low + high) / 2
            if breaks.lines(width: middle).count <= widest.lineCount { high = middle } else { low = middle }
        }
        return high
    }

    /// Whether `fit(text, …)` has at most `maxLines` lines, found without its balancing when it
    /// can be: balancing keeps a layout of several lines to as many lines or fewer.
    func fits(_ text: RichText, maxWidth: Double, alignment: TextAlignment) -> Bool {
        let breaks = lineBreaks(text, maxWidth: maxWidth, alignment: alignment)
        let wide = widest(breaks, maxWidth: maxWidth)
        if wide.lineCount <= style.maxLines, wide.lineCount > 1 || style.lineBreaks == .asWritten { return true }
        guard wide.lineCount > 1 || style.lineBreaks == .asWritten else {
            return fit(text, breaks: breaks, widest: wide, alignment: alignment).layout.lineCount <= style.maxLines
        }
        return breaks.lines(width: balancedWidth(breaks, widest: wide)).count <= style.maxLines
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
