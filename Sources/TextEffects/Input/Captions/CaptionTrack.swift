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

    /// The first cue (by start, then in order) that starts while
    /// ``CaptionLimits/maximumCuesOnScreen`` others are still shown, as its index in `cues`, and
    /// when; nil when no moment has more cues on screen than that.
    static func crowdedCue(_ cues: [CaptionCue]) -> (index: Int, at: CaptionTime)? {
        let order = cues.indices.sorted { (cues[$0].start, $0) < (cues[$1].start, $1) }
        // The ends of the cues on screen, the earliest first (a binary min-heap).
        var ends: [CaptionTime] = []
        for index in order {
            let cue = cues[index]
            while let first = ends.first, first <= cue.start { popFirst(&ends) }
            guard ends.count < CaptionLimits.maximumCuesOnScreen else { return (index, cue.start) }
            ends.append(cue.end)
            var child = ends.count - 1
            while child > 0, ends[(child - 1) / 2] > ends[child] {
                ends.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }
        return nil
    }

    /// Removes the earliest end from the heap `ends`.
    private static func popFirst(_ ends: inout [CaptionTime]) {
        ends.swapAt(0, ends.count - 1)
        ends.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < ends.count, ends[left] < ends[least] { least = left }
            if right < ends.count, ends[right] < ends[least] { least = right }
            guard least != parent else { return }
            ends.swapAt(parent, least)
            parent = least
        }
    }

    /// What ``crowdedCue(_:)`` reports, in plain words.
    static func crowdedMessage(at time: CaptionTime) -> String {
        "this cue starts at \(time) while \(CaptionLimits.maximumCuesOnScreen) others are still on screen, "
            + "more than a file may show at once (\(CaptionLimits.maximumCuesOnScreen)); check the cues' end times"
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
