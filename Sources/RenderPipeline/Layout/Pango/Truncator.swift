import Foundation

/// Finds the exact cut for a text that does not fit: the most text (grapheme or word units)
/// that, with the token, fits the line limit, the frame height and the reserve.
///
/// Every candidate is checked by laying it out, so the result is exact by construction:
/// the kept text plus token fits, and keeping one more unit would not. For tail truncation of
/// left-to-right text a first guess comes from the full layout's glyph positions, so usually
/// only two candidates are laid out. A token that breaks the limits on its own is shown alone
/// after one more layout, rather than after a search whose every candidate holds the whole token.
struct Truncator {
    let builder: PangoLayoutBuilder
    let context: PangoContextObject
    let full: PangoTextLayout

    init(builder: PangoLayoutBuilder, context: PangoContextObject, full: PangoTextLayout) {
        self.builder = builder
        self.context = context
        self.full = full
    }

    private var truncation: Truncation { builder.options.truncation }
    private var text: RichText { builder.text }

    /// The kept text plus token, and its Pango layout (already made while checking it fits).
    func truncated() -> (text: RichText, layout: PangoTextLayout) {
        let text = truncatedText()
        if let cached = fitted.layout(for: text) { return (text, cached) }
        return (text, builder.makeLayout(text, context: context))
    }

    /// Remembers the candidate layouts that fit (and the token alone when it takes too many
    /// lines), so the answer is not laid out twice.
    final class FittedLayouts {
        private var layouts: [(text: RichText, layout: PangoTextLayout)] = []
        func add(_ text: RichText, _ layout: PangoTextLayout) { layouts.append((text, layout)) }
        func layout(for text: RichText) -> PangoTextLayout? { layouts.last { $0.text == text }?.layout }
    }

    private let fitted = FittedLayouts()

    func truncatedText() -> RichText {
        let attributes = full.characterBreaks
        let length = full.text.utf8.count
        // Byte offsets where a cut may fall, and which characters are white space.
        var boundaries: [Int] = []
        var white = Set<Int>()
        for (offset, breaks) in attributes {
            if breaks.contains(.white) { white.insert(offset) }
            let isBoundary = breaks.contains(truncation.breakOn == .grapheme ? .cursorPosition : .wordBoundary)
            if isBoundary || offset == 0 || offset == length { boundaries.append(offset) }
        }
        let starts = attributes.map(\.offset)
        func characterStart(before offset: Int) -> Int {
            var low = 0, high = starts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if starts[mid] < offset { low = mid } else { high = mid - 1 }
            }
            return starts[low]
        }
        func whiteBefore(_ offset: Int) -> Bool { offset > 0 && white.contains(characterStart(before: offset)) }
        func trimmedEnd(_ offset: Int) -> Int {
            var end = offset
            while end > 0, whiteBefore(end) { end = characterStart(before: end) }
            return end
        }
        func trimmedStart(_ offset: Int) -> Int {
            var start = offset
            while start < length, white.contains(start), let next = starts.first(where: { $0 > start }) { start = next }
            return start
        }

        switch truncation.mode {
        case .tail:
            let candidates = boundaries.filter { $0 == 0 || !whiteBefore($0) }
            func shown(_ index: Int) -> RichText {
                let end = candidates[index]
                return text.prefix(utf8: end).appending(token(styledLike: max(end - 1, 0)))
            }
            let (guess, tokenLayout) = tailGuess(candidates)
            if let alone = tokenAloneOverflowing(shown(0), tokenLayout: tokenLayout) { return alone }
            let best = Self.lastFitting(count: candidates.count, guess: guess) { fits(shown($0)) }
            return shown(best ?? 0)
        case .head:
            let candidates = boundaries.filter { $0 == length || !white.contains($0) }
            func shown(_ index: Int) -> RichText {
                let start = candidates[candidates.count - 1 - index]
                return RichText(spans: token(styledLike: min(start, max(length - 1, 0))), baseStyle: text.baseStyle)
                    .appending(text.suffix(fromUTF8: start).spans)
            }
            // Index 0 keeps nothing; larger indices keep more of the end.
            if let alone = tokenAloneOverflowing(shown(0), tokenLayout: nil) { return alone }
            let best = Self.lastFitting(count: candidates.count, guess: nil) { fits(shown($0)) }
            return shown(best ?? 0)
        case .middle:
            let units = boundaries.count - 1
            func shown(_ kept: Int) -> RichText {
                let prefixEnd = trimmedEnd(boundaries[(kept + 1) / 2])
                let suffixStart = trimmedStart(boundaries[units - kept / 2])
                return text.prefix(utf8: prefixEnd)
                    .appending(token(styledLike: max(prefixEnd - 1, 0)))
                    .appending(suffixStart < length ? text.suffix(fromUTF8: suffixStart).spans : [])
            }
            if let alone = tokenAloneOverflowing(shown(0), tokenLayout: nil) { return alone }
            let best = Self.lastFitting(count: units, guess: nil) { fits(shown($0)) }
            return shown(best ?? 0)
        }
    }

    /// `tokenAlone` (candidate 0, which keeps no text) when it alone takes more lines or height
    /// than allowed: keeping text before or after it only adds lines, so then no candidate fits.
    /// (Not the reserve: more text can move the token off a too-full last line.) Checked only
    /// when `tokenLayout`, the token laid out for the tail guess, breaks them too, or when there
    /// is none.
    private func tokenAloneOverflowing(_ tokenAlone: RichText, tokenLayout: PangoTextLayout?) -> RichText? {
        if let tokenLayout, builder.fitsUntruncated(tokenLayout) { return nil }
        let layout = builder.makeLayout(tokenAlone, context: context)
        guard !builder.fitsUntruncated(layout) else {
            if builder.fitsTruncated(layout) { fitted.add(tokenAlone, layout) }
            return nil
        }
        fitted.add(tokenAlone, layout)
        return tokenAlone
    }

    private func fits(_ candidate: RichText) -> Bool {
        let layout = builder.makeLayout(candidate, context: context)
        guard builder.fitsTruncated(layout) else { return false }
        fitted.add(candidate, layout)
        return true
    }

    /// The token's spans: styled spans as given, or plain text in the style of the span holding byte `offset`.
    private func token(styledLike offset: Int) -> [Span] {
        switch truncation.token {
        case .spans(let spans): return spans
        case .text(let string):
            guard !string.isEmpty else { return [] }
            return [Span(string, style: text.span(atUTF8: offset)?.style ?? Style())]
        }
    }

    /// A first guess for tail truncation: on the last line allowed, the last candidate whose
    /// pen position leaves room for the token and the reserve. Left-to-right lines only. Also
    /// the token's own layout, when the guess made one.
    private func tailGuess(_ candidates: [Int]) -> (guess: Int?, token: PangoTextLayout?) {
        let lines = full.lines
        var allowed = lines.count
        if let limit = builder.options.lineLimit { allowed = min(allowed, limit) }
        if let height = builder.options.height {
            let limit = height.pangoUnits
            allowed = min(allowed, lines.filter { $0.bottom <= limit }.count)
        }
        guard allowed > 0, let width = builder.options.width else { return (nil, nil) }
        let line = lines[allowed - 1]
        guard !line.isRightToLeft else { return (nil, nil) }
        let tokenLayout = builder.makeLayout(RichText(spans: token(styledLike: max(line.start + line.length - 1, 0)),
                                                      baseStyle: text.baseStyle), context: context)
        let room = (width - truncation.reserve).pangoUnits - tokenLayout.textSizeUnits.width
        let lineEnd = line.start + line.length
        var guess: Int?
        for (index, candidate) in candidates.enumerated() where candidate >= line.start && candidate <= lineEnd {
            if full.x(ofIndex: candidate) - line.x <= room { guess = index } else { break }
        }
        return (guess ?? candidates.lastIndex { $0 <= line.start }, tokenLayout)
    }

    /// The largest index in `0..<count` whose candidate fits, for a predicate that holds up to
    /// some index and fails after it. Starts at `guess` and gallops outward, then bisects.
    static func lastFitting(count: Int, guess: Int?, fits: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        var low = -1          // largest index known to fit (-1: none known)
        var high = count      // smallest index known not to fit (count: none known)
        if let guess = guess.map({ min(max($0, 0), count - 1) }) {
            if fits(guess) {
                low = guess
                var step = 1
                while low + step < high {
                    if fits(low + step) { low += step; step *= 2 } else { high = low + step; break }
                }
            } else {
                high = guess
                var step = 1
                while high - step > low {
                    if fits(high - step) { low = high - step; break } else { high -= step; step *= 2 }
                }
            }
        }
        while high - low > 1 {
            let mid = (low + high) / 2
            if fits(mid) { low = mid } else { high = mid }
        }
        return low >= 0 ? low : nil
    }
}
