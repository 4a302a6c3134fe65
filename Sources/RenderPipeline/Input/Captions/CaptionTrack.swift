/// A caption file read into cues: what SubRip, WebVTT and word-timings files all become.
///
/// Cues are in the order they are shown: by start time, then (as WebVTT orders them) the one
/// ending later first, then in file order.
package struct CaptionTrack: Hashable, Sendable {
    public var format: CaptionFormat
    public var cues: [CaptionCue]
    /// WebVTT `REGION` blocks, in file order.
    public var regions: [CaptionRegion]
    /// WebVTT `STYLE` blocks' CSS, as written (not interpreted yet).
    public var styleSheets: [String]
    /// The language a word-timings file names (`"language": "en"`), if any.
    public var language: String?
    /// Things the file does that the formats' own parsers tolerate and skip (an unknown cue
    /// setting, a block that is not a cue, an out-of-order inline timestamp): the track is usable,
    /// but the file may not say what its author meant. `validate` shows them.
    public var warnings: [CaptionProblem]

    public init(format: CaptionFormat, cues: [CaptionCue], regions: [CaptionRegion] = [], styleSheets: [String] = [],
                language: String? = nil, warnings: [CaptionProblem] = []) {
        self.format = format
        self.cues = cues
        self.regions = regions
        self.styleSheets = styleSheets
        self.language = language
        self.warnings = warnings
    }

    /// The end of the last cue (zero for an empty track).
    public var duration: CaptionTime { cues.map(\.end).max() ?? .zero }

    /// The cues on screen at `time` (start ≤ time < end), in display order.
    public func cues(at time: CaptionTime) -> [CaptionCue] {
        cues.filter { $0.start <= time && time < $0.end }
    }

    /// The region a cue names, if the track has it.
    public func region(named id: String) -> CaptionRegion? {
        regions.last { $0.id == id }
    }

    /// Sorts cues into display order (stable).
    static func displayOrder(_ cues: [CaptionCue]) -> [CaptionCue] {
        cues.enumerated().sorted { a, b in
            if a.element.start != b.element.start { return a.element.start < b.element.start }
            if a.element.end != b.element.end { return a.element.end > b.element.end }
            return a.offset < b.offset
        }.map(\.element)
    }
}
