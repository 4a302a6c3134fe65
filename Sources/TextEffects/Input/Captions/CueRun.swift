/// A stretch of a cue's text with one set of inherited styles: the cue's node tree flattened in
/// reading order, ready to become spans of rich text.
package struct CueRun: Hashable, Sendable {
    public var text: String
    /// Where the run is in the cue's ``CaptionCue/text``, in `Character`s (counted run by run: a
    /// tag splitting a grapheme cluster, which nobody writes, would shift later runs by one).
    public var range: Range<Int>
    public var isBold = false
    public var isItalic = false
    public var isUnderlined = false
    /// Classes of every enclosing span, outermost first, without repeats (`<c.yellow.bg_blue>`).
    public var classes: [String] = []
    /// The innermost enclosing `<v>`'s name.
    public var voice: String?
    /// The innermost enclosing `<lang>`'s tag.
    public var language: String?
    /// The innermost enclosing SubRip `<font color>`.
    public var color: Color?
    /// Inside `<rt>`: ruby text, drawn small above the base text before it.
    public var isRubyText = false
    /// The last inline timestamp before the run (nil before the first one): from then on the
    /// run is "spoken" (WebVTT's past/future pseudo-classes).
    public var spokenFrom: CaptionTime?

    public init(text: String, range: Range<Int>) {
        self.text = text
        self.range = range
    }

    /// The runs of `nodes`, in order; empty text makes no run.
    static func runs(of nodes: [CueNode]) -> [CueRun] {
        var runs: [CueRun] = []
        var offset = 0
        var spokenFrom: CaptionTime?
        func walk(_ nodes: [CueNode], _ style: CueRun) {
            for node in nodes {
                switch node {
                case .text(let text):
                    guard !text.isEmpty else { continue }
                    let count = text.count
                    var run = style
                    run.text = text
                    run.range = offset..<offset + count
                    run.spokenFrom = spokenFrom
                    runs.append(run)
                    offset += count
                case .timestamp(let time):
                    spokenFrom = time
                case .span(let kind, let classes, let children):
                    var inner = style
                    for name in classes where !inner.classes.contains(name) { inner.classes.append(name) }
                    switch kind {
                    case .class, .ruby: break
                    case .italic: inner.isItalic = true
                    case .bold: inner.isBold = true
                    case .underline: inner.isUnderlined = true
                    case .rubyText: inner.isRubyText = true
                    case .voice(let name): inner.voice = name
                    case .language(let tag): inner.language = tag
                    case .color(let color): inner.color = color
                    }
                    walk(children, inner)
                }
            }
        }
        walk(nodes, CueRun(text: "", range: 0..<0))
        return runs
    }
}
