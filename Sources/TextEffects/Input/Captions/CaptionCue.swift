/// One caption: text shown from `start` until just before `end`, with its settings, its text as a
/// tree of spans, and (when known) when each word is spoken.
package struct CaptionCue: Hashable, Sendable {
    /// The WebVTT cue identifier or the SubRip index as written; empty when there is none.
    public var id: String
    /// The first moment the cue is shown.
    public var start: CaptionTime
    /// The first moment it is no longer shown (always after `start`).
    public var end: CaptionTime
    public var settings: CueSettings
    /// The cue's text as a tree (see ``CueNode``).
    public var nodes: [CueNode]
    /// When each word is spoken, in order, inside `start…end`: from a word-timings file, or
    /// from WebVTT inline timestamps (one entry per stretch of text between two timestamps,
    /// the first from `start`, the last until `end`). Empty when the file gives no per-word times.
    public var words: [WordTiming]
    /// The line of the file where the cue's timing is (1-based); 0 for cues built in code.
    public var sourceLine: Int

    public init(id: String = "", start: CaptionTime, end: CaptionTime, settings: CueSettings = CueSettings(),
                nodes: [CueNode], words: [WordTiming] = [], sourceLine: Int = 0) {
        self.id = id
        self.start = start
        self.end = end
        self.settings = settings
        self.nodes = nodes
        self.words = words
        self.sourceLine = sourceLine
    }

    /// The text without tags (ruby text included, after its base); lines separated by `\n`.
    public var text: String { nodes.map(\.plainText).joined() }

    /// The text as runs of one style each, in order.
    public var runs: [CueRun] { CueRun.runs(of: nodes) }

    /// The word timings that the inline timestamps of `nodes` give (see ``words``), and the
    /// timestamps left out because they are not after the previous one and before `end`.
    static func wordsFromTimestamps(_ nodes: [CueNode], start: CaptionTime, end: CaptionTime)
        -> (words: [WordTiming], ignored: [CaptionTime]) {
        // The text between consecutive accepted timestamps, with its Character offsets.
        var pieces: [(text: String, offset: Int, from: CaptionTime)] = [("", 0, start)]
        var ignored: [CaptionTime] = []
        var offset = 0
        var lastTime = start
        func walk(_ nodes: [CueNode]) {
            for node in nodes {
                switch node {
                case .text(let text):
                    pieces[pieces.count - 1].text += text
                    offset += text.count
                case .timestamp(let time):
                    if time > lastTime && time < end {
                        lastTime = time
                        pieces.append(("", offset, time))
                    } else {
                        ignored.append(time)
                    }
                case .span(_, _, let children):
                    walk(children)
                }
            }
        }
        walk(nodes)
        guard pieces.count > 1 else { return ([], ignored) }
        let total = offset
        var words: [WordTiming] = []
        for (i, piece) in pieces.enumerated() {
            let until = i + 1 < pieces.count ? pieces[i + 1].from : end
            let characters = Array(piece.text)
            guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
                  let last = characters.lastIndex(where: { !$0.isWhitespace }) else { continue }
            let lower = min(piece.offset + first, total), upper = min(piece.offset + last + 1, total)
            words.append(WordTiming(text: String(characters[first...last]), start: piece.from, end: until,
                                    range: lower..<max(lower, upper)))
        }
        return (words, ignored)
    }
}
