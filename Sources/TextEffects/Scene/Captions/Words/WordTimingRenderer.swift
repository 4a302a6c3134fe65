import Foundation

/// Draws text whose runs carry ``WordTime`` by when each word is spoken: unspoken, active and
/// spoken words in their own paints, the active word swept (karaoke), popped or on a plate, and
/// words hidden until spoken. Runs without a `WordTime` are drawn as they are.
///
/// The engine behind the `karaoke`, `activeWord` and `wordReveal` effects and a caption style's
/// `words`. It never splits a glyph run: a sweep draws the word's whole glyphs twice, each
/// clipped to one side of the sweep's edge, so ligatures, Arabic joining, CJK and emoji clusters
/// are shaped exactly as in the still text, and right-to-left words fill from the right.
public struct WordTimingRenderer: TextRenderer, Hashable, Sendable {
    /// Paint of words not yet started; nil keeps the text's own.
    public var unspoken: Paint?
    /// Paint of the word being spoken; nil uses `spoken` (and the text's own without either).
    public var active: Paint?
    /// Paint of words already spoken; nil keeps the text's own.
    public var spoken: Paint?
    /// Fill the active word from its leading edge over its time in `active` (else `spoken`) paint,
    /// the rest of it in `unspoken`, as ASS `\kf` karaoke does.
    public var sweeps = false
    /// How much bigger the active word grows (1: not at all), springing up over `popDuration`.
    public var activeScale: Double = 1
    /// Seconds the active word takes to spring to `activeScale`.
    public var popDuration: Double = 0.15
    /// A rounded plate behind the active word.
    public var activePlate: ActivePlate?
    /// Hide words until they start.
    public var hidesUnspoken = false
    /// Seconds a word takes to fade in once it starts, when hidden before (0: at once).
    public var fadeDuration: Double = 0

    /// The rounded box drawn behind the active word.
    public struct ActivePlate: Hashable, Sendable {
        public var paint: Paint
        public var cornerRadius: Double
        /// `width` left and right of the word, `height` above and below.
        public var padding: CGSize

        public init(paint: Paint, cornerRadius: Double = 8, padding: CGSize = CGSize(width: 8, height: 2)) {
            self.paint = paint
            self.cornerRadius = cornerRadius
            self.padding = padding
        }
    }

    public init() {}

    /// One word's runs on one line, with their box.
    private struct Piece {
        var runs: [TextLayout.Run]
        var word: WordTime
        var bounds: CGRect
        var isRightToLeft: Bool
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        draw(runs: layout.runs, in: &context)
    }

    /// Draws `runs` (in visual order, line by line) by their words' times: an effect that selects
    /// part of the text passes the selected runs together, so that a word's runs sweep as one.
    public func draw(runs: [TextLayout.Run], in context: inout GraphicsContext) {
        var pieces: [Piece] = []
        var untimed: [TextLayout.Run] = []
        for run in runs {
            guard let word = run[WordTime.self] else {
                untimed.append(run)
                continue
            }
            let box = run.typographicBounds.rect
            // Runs of one word on a line (a word half bold) move and sweep as one.
            if let last = pieces.indices.last, pieces[last].word == word, pieces[last].runs.last?.lineIndex == run.lineIndex {
                pieces[last].runs.append(run)
                pieces[last].bounds = pieces[last].bounds.union(box)
            } else {
                pieces.append(Piece(runs: [run], word: word, bounds: box, isRightToLeft: run.isRightToLeft))
            }
        }
        let time = context.time
        let phases = pieces.map { $0.word.phase(at: time) }
        if let plate = activePlate {
            for (piece, phase) in zip(pieces, phases) {
                guard case .active(_, let elapsed) = phase else { continue }
                var copy = context
                pop(&copy, piece: piece, elapsed: elapsed)
                let box = piece.bounds.insetBy(dx: -plate.padding.width, dy: -plate.padding.height)
                copy.fill(Path(roundedRect: box, cornerRadius: plate.cornerRadius, style: .circular), with: plate.paint)
            }
        }
        for run in untimed { context.draw(run) }
        // A popped word is drawn last, over its neighbours; otherwise words keep the text's
        // order, so where outlines of tight lines overlap, what lies on top does not change as
        // words become active.
        let raisesActive = activeScale != 1
        for (piece, phase) in zip(pieces, phases) {
            if raisesActive, case .active = phase { continue }
            draw(piece, phase: phase, in: context)
        }
        guard raisesActive else { return }
        for (piece, phase) in zip(pieces, phases) {
            if case .active = phase { draw(piece, phase: phase, in: context) }
        }
    }

    private func draw(_ piece: Piece, phase: WordTime.Phase, in context: GraphicsContext) {
        var copy = context
        switch phase {
        case .unspoken:
            guard !hidesUnspoken else { return }
            draw(piece.runs, paint: unspoken, in: copy)
        case .spoken:
            draw(piece.runs, paint: spoken, in: copy)
        case .active(let progress, let elapsed):
            if hidesUnspoken, fadeDuration > 0 { copy.opacity(min(elapsed / fadeDuration, 1)) }
            pop(&copy, piece: piece, elapsed: elapsed)
            let sung = active ?? spoken
            guard sweeps else {
                draw(piece.runs, paint: sung, in: copy)
                return
            }
            // The sweep's edge, from the word's leading side; the clip reaches well past the box
            // so that outlines, italics and marks outside it are cut only at the edge.
            let box = piece.bounds
            let margin = box.height * 4 + 100
            let edge = Self.pixelAligned(piece.isRightToLeft ? box.maxX - progress * box.width : box.minX + progress * box.width, in: copy)
            let sungArea = piece.isRightToLeft
                ? CGRect(x: edge, y: box.minY - margin, width: box.maxX - edge + margin, height: box.height + 2 * margin)
                : CGRect(x: box.minX - margin, y: box.minY - margin, width: edge - box.minX + margin, height: box.height + 2 * margin)
            var before = copy
            before.clip(to: Path(sungArea), options: .inverse)
            draw(piece.runs, paint: unspoken, in: before)
            var after = copy
            after.clip(to: Path(sungArea))
            draw(piece.runs, paint: sung, in: after)
        }
    }

    /// `x` moved to the nearest pixel boundary of the frame when the context is not rotated or
    /// skewed: the two clipped halves then meet without a half-covered column, which would show
    /// as a seam through a colour emoji or an outline.
    static func pixelAligned(_ x: Double, in context: GraphicsContext) -> Double {
        let t = context.canvasTransform
        guard t.b == 0, t.c == 0, t.a != 0 else { return x }
        let scale = context.displayScale
        return (((t.a * x + t.tx) * scale).rounded() / scale - t.tx) / t.a
    }

    private func draw(_ runs: [TextLayout.Run], paint: Paint?, in context: GraphicsContext) {
        var copy = context
        if let paint { copy.foregroundPaint = paint }
        for run in runs { copy.draw(run) }
    }

    /// Scales `context` about the word's centre by the pop at `elapsed` seconds into the word.
    private func pop(_ context: inout GraphicsContext, piece: Piece, elapsed: Double) {
        guard activeScale != 1 else { return }
        let scale = 1 + (activeScale - 1) * Self.popCurve(popDuration > 0 ? elapsed / popDuration : 1)
        let center = CGPoint(x: piece.bounds.midX, y: piece.bounds.midY)
        context.translateBy(x: center.x, y: center.y)
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -center.x, y: -center.y)
    }

    /// An underdamped spring from 0 to 1 over x in 0…1 (overshooting by about a tenth), exactly 1 after.
    static func popCurve(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return 1 - exp(-4.5 * x) * cos(6.5 * x)
    }

    /// Room for a popped word to grow and for the active plate.
    public var displayPadding: EdgeInsets {
        let plate = activePlate.map { max($0.padding.width, $0.padding.height) } ?? 0
        let grow = activeScale > 1 ? (activeScale - 1) * 1.2 * 300 : 0
        return EdgeInsets(all: plate * max(activeScale, 1) + grow)
    }
}
