import Foundation

/// How each frame of a caption page is cut from a few images of the page drawn once, instead of
/// drawing the page again: the way libass fills `\kf` karaoke, by splitting glyph bitmaps made
/// once at the sweep's edge.
///
/// An image holds the whole page (plate, shadow, outline, text) with the lines before one line
/// spoken, that line in one state, and the lines after it unspoken (``Key``). A frame of karaoke
/// is then columns of at most three images that differ only on the line being spoken: its spoken
/// words from the spoken image, the active word up to the sweep's edge from the active one, the
/// rest from the unspoken one. Column bounds between words lie halfway across the space between
/// them, so only the sweep cuts a glyph, at the pixel the drawn sweep cuts it. A page without
/// timed words is one image.
///
/// Pages whose words move, grow, fade or get a plate (`pop`, `reveal`, an active plate), that
/// are animated, or whose words overlap on a line are not cut (``init(item:scale:)`` is nil), and
/// frames whose words are not spoken in line order are drawn as usual (``columns(at:)`` is nil).
struct CaptionPageCut: Sendable {
    /// A word's state in an image.
    enum State: Hashable, Sendable {
        case unspoken, active, spoken
    }

    /// One image of the page: the lines before `line` spoken, `line` in `state`, the lines after unspoken.
    struct Key: Hashable, Sendable {
        var line: Int
        var state: State
    }

    /// A timed word on one line, its box in image pixels.
    struct Piece: Sendable {
        var word: WordTime
        var minX: Double
        var maxX: Double
        var isRightToLeft: Bool
    }

    /// Where the images lie on the canvas and their size, in pixels: the page's drawing
    /// rectangle, rounded out to whole pixels and kept within the canvas.
    let area: PixelRect
    /// Each line's timed words, left to right.
    let lines: [[Piece]]
    /// The renderer of the words' states; nil for a page without timed words (one image).
    let words: WordTimingRenderer?

    init?(item: CaptionPlan.Item, scale: Double, canvas: PixelRect) {
        let block = item.block
        guard case .constant(let offset) = block.offset.storage, case .constant(let opacity) = block.opacity.storage, opacity == 1,
              let first = block.effects.first, first is CaptionRenderer else { return nil }
        switch block.effects.count {
        case 1: words = nil
        case 2:
            guard let renderer = block.effects[1] as? WordTimingRenderer, renderer.activeScale == 1,
                  renderer.activePlate == nil, !renderer.hidesUnspoken else { return nil }
            words = renderer
        default: return nil
        }
        let origin = CGPoint(x: block.frame.x + offset.x, y: block.frame.y + offset.y)
        let rect = item.geometry.drawingRect.offsetBy(dx: origin.x, dy: origin.y)
        let x0 = Int((rect.minX * scale).rounded(.down)), y0 = Int((rect.minY * scale).rounded(.down))
        let x1 = Int((rect.maxX * scale).rounded(.up)), y1 = Int((rect.maxY * scale).rounded(.up))
        area = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(canvas)
        guard !area.isEmpty else { return nil }

        var lines = [[Piece]](repeating: [], count: item.layout.lineCount)
        if words != nil {
            for run in item.layout.runs {
                guard let word = run[WordTime.self] else { continue }
                let box = run.typographicBounds.rect
                let minX = (origin.x + box.minX) * scale - Double(area.x), maxX = (origin.x + box.maxX) * scale - Double(area.x)
                // Runs of one word on a line (a word half bold) are one piece, as the word renderer sweeps them.
                if let last = lines[run.lineIndex].indices.last, lines[run.lineIndex][last].word == word {
                    lines[run.lineIndex][last].minX = min(lines[run.lineIndex][last].minX, minX)
                    lines[run.lineIndex][last].maxX = max(lines[run.lineIndex][last].maxX, maxX)
                } else {
                    lines[run.lineIndex].append(Piece(word: word, minX: minX, maxX: maxX, isRightToLeft: run.isRightToLeft))
                }
            }
            for index in lines.indices {
                lines[index].sort { $0.minX < $1.minX }
                // Words that overlap (runs of one word around another's in mixed directions)
                // cannot be told apart by columns.
                for (left, right) in zip(lines[index], lines[index].dropFirst()) where left.maxX > right.minX + 0.5 { return nil }
            }
        }
        self.lines = lines
    }

    /// The columns (in image pixels) of each image that make the frame at `time`, left to
    /// right; nil when the words are not spoken in line order then (two active at once, a
    /// word of an earlier line still unspoken), so the frame is drawn as usual.
    func columns(at time: Double) -> [(key: Key, columns: Range<Int>)]? {
        let whole = 0..<area.width
        guard let words else { return [(Key(line: 0, state: .unspoken), whole)] }
        let phases = lines.map { $0.map { $0.word.phase(at: time) } }
        // The line being spoken: the one with the active word, else the first with a word to come.
        let active = phases.indices.filter { phases[$0].contains { if case .active = $0 { true } else { false } } }
        guard active.count <= 1 else { return nil }
        let last = phases.lastIndex { !$0.isEmpty } ?? 0
        let focus = active.first ?? phases.firstIndex { $0.contains(.unspoken) } ?? last
        for (line, states) in phases.enumerated() where line != focus {
            let expected: WordTime.Phase = line < focus ? .spoken : .unspoken
            guard states.allSatisfy({ $0 == expected }) else { return nil }
        }
        var result: [(key: Key, columns: Range<Int>)] = []
        func add(_ state: State, _ columns: Range<Int>) {
            guard !columns.isEmpty else { return }
            let key = self.key(line: focus, state: state)
            if let end = result.indices.last, result[end].key == key, result[end].columns.upperBound == columns.lowerBound {
                result[end].columns = result[end].columns.lowerBound..<columns.upperBound
            } else {
                result.append((key, columns))
            }
        }
        let pieces = lines[focus]
        var start = 0
        for (index, piece) in pieces.enumerated() {
            let end = index + 1 < pieces.count
                ? min(max(Int(((piece.maxX + pieces[index + 1].minX) / 2).rounded()), start), area.width)
                : area.width
            switch phases[focus][index] {
            case .unspoken: add(.unspoken, start..<end)
            case .spoken: add(.spoken, start..<end)
            case .active(let progress, _):
                guard words.sweeps else {
                    add(.active, start..<end)
                    break
                }
                let width = piece.maxX - piece.minX
                let x = piece.isRightToLeft ? piece.maxX - progress * width : piece.minX + progress * width
                let edge = min(max(Int(x.rounded()), start), end)
                if piece.isRightToLeft {
                    add(.unspoken, start..<edge)
                    add(.active, edge..<end)
                } else {
                    add(.active, start..<edge)
                    add(.unspoken, edge..<end)
                }
            }
            start = end
        }
        if pieces.isEmpty { add(.unspoken, whole) }
        return result
    }

    /// The image that shows `line` in `state`, as one key per distinct image: an active word
    /// painted as a spoken one is the spoken image, and a line unspoken after a spoken line is
    /// that line's spoken image.
    func key(line: Int, state: State) -> Key {
        var state = state
        if state == .active, let words, words.active == nil || words.active == words.spoken { state = .spoken }
        if state == .unspoken, line > 0 { return Key(line: line - 1, state: .spoken) }
        return Key(line: line, state: state)
    }

    /// The paint of words in `state` (nil: the text's own).
    func paint(of state: State) -> Paint? {
        switch state {
        case .unspoken: words?.unspoken
        case .spoken: words?.spoken
        case .active: words?.active ?? words?.spoken
        }
    }
}
