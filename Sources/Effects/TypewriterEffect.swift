import Foundation
import TextEffects

/// Reveals the text grapheme by grapheme, optionally with a cursor that blinks once done.
public struct TypewriterEffect: SceneEffect {
    public static let name = "typewriter"
    public static let summary = "reveals graphemes over time, with an optional cursor"

    public static let duration = EffectParameter.number("duration", default: 0, in: 0...3600, help: "seconds to type everything (0: use charactersPerSecond)")
    public static let charactersPerSecond = EffectParameter.number("charactersPerSecond", default: 20, in: 0.01...100_000, help: "graphemes per second")
    public static let delay = EffectParameter.number("delay", default: 0, in: 0...3600, help: "seconds before typing starts")
    public static let cursor = EffectParameter.string("cursor", default: nil, help: "cursor characters after the last revealed one, e.g. \"▍\"")
    public static let select = EffectParameter.select(default: .all)

    /// Seconds to type the whole text; when nil, `charactersPerSecond` sets the pace.
    public var duration: Double?
    public var charactersPerSecond: Double
    public var delay: Double
    /// Characters drawn as the cursor after the last revealed one ("|", "▍", "_"); nil for none.
    public var cursor: String?
    public var selector: TextSelector
    /// Cursor layouts by look, made once instead of every frame.
    private let cursors = CursorLayouts()

    public init(duration: Double? = nil, charactersPerSecond: Double = Self.charactersPerSecond.defaultValue,
                delay: Double = Self.delay.defaultValue, cursor: String? = Self.cursor.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.duration = duration
        self.charactersPerSecond = charactersPerSecond
        self.delay = delay
        self.cursor = cursor
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        // A duration of 0 (the default) leaves the pace to charactersPerSecond.
        let duration = parameters.value(of: Self.duration)
        self.init(duration: duration > 0 ? duration : nil, charactersPerSecond: parameters.value(of: Self.charactersPerSecond),
                  delay: parameters.value(of: Self.delay), cursor: parameters.value(of: Self.cursor), selector: parameters.value(of: Self.select))
    }

    /// How many graphemes of `total` are shown at `time`.
    public func revealed(total: Int, time: Double) -> Double {
        let elapsed = max(time - delay, 0)
        if let duration { return duration > 0 ? Double(total) * min(elapsed / duration, 1) : Double(total) }
        return elapsed * charactersPerSecond
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        let segments = selector.segments(of: layout)
        let selectedGlyphs = segments.filter(\.isSelected).flatMap { $0.part.glyphs }
        guard let first = selectedGlyphs.map(\.graphemeRange.lowerBound).min(),
              let last = selectedGlyphs.map(\.graphemeRange.upperBound).max() else {
            context.draw(layout)
            return
        }
        let shown = Double(first) + revealed(total: last - first, time: context.time)
        var caret: Glyph?
        context.drawSegments(segments) { part, context in
            for run in part.runs {
                // The visible glyphs of a run are not always a prefix (RTL): draw each visible stretch.
                var start = 0
                while start < run.count {
                    let visible = Double(run[start].graphemeRange.lowerBound) < shown
                    var end = start + 1
                    while end < run.count, (Double(run[end].graphemeRange.lowerBound) < shown) == visible { end += 1 }
                    if visible {
                        context.draw(TextLayout(run, glyphs: start..<end))
                        for glyph in run[start..<end] where caret.map({ $0.graphemeRange.lowerBound < glyph.graphemeRange.lowerBound }) ?? true {
                            caret = glyph
                        }
                    }
                    start = end
                }
            }
        }
        drawCursor(after: caret, firstGlyph: selectedGlyphs.first, finished: shown >= Double(last), in: context)
    }

    private func drawCursor(after glyph: Glyph?, firstGlyph: Glyph?, finished: Bool, in context: GraphicsContext) {
        guard let cursor, !cursor.isEmpty, let anchor = glyph ?? firstGlyph else { return }
        // Solid while typing, then blinking once a second.
        if finished, context.time.truncatingRemainder(dividingBy: 1) >= 0.5 { return }
        let bounds = anchor.typographicBounds
        let run = anchor.run
        let x = glyph == nil ? bounds.origin.x : (run.isRightToLeft ? bounds.origin.x : bounds.origin.x + bounds.width)
        let cursorLayout = cursors.layout(cursor, family: run.fontFamily, size: run.fontSize,
                                          paint: run.foregroundPaint, fonts: context.fonts)
        guard let line = cursorLayout.first else { return }
        var copy = context
        copy.translateBy(x: x, y: bounds.origin.y - line.typographicBounds.origin.y)
        copy.draw(cursorLayout)
    }
}

/// The cursor laid out once per font and paint, shared by every frame (frames draw in parallel).
private final class CursorLayouts: @unchecked Sendable {
    private struct Key: Hashable {
        var text: String, family: String, size: Double, paint: Paint, fonts: ObjectIdentifier
    }

    private var layouts: [Key: TextLayout] = [:]
    /// The libraries keys name, kept alive so their identifiers stay theirs.
    private var libraries: [ObjectIdentifier: FontLibrary] = [:]
    private let lock = NSLock()

    func layout(_ text: String, family: String, size: Double, paint: Paint, fonts: FontLibrary) -> TextLayout {
        let key = Key(text: text, family: family, size: size, paint: paint, fonts: ObjectIdentifier(fonts))
        lock.lock()
        defer { lock.unlock() }
        if let layout = layouts[key] { return layout }
        let styled = Text(text).font(.custom(family, fixedSize: size)).foregroundStyle(paint)
        let layout = TextLayout(styled, options: LayoutOptions(), fonts: fonts)
        layouts[key] = layout
        libraries[key.fonts] = fonts
        return layout
    }
}
