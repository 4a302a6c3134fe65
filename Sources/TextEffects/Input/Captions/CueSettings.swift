/// Where and how a cue is placed: WebVTT's cue settings (`vertical`, `line`, `position`, `size`,
/// `align`, `region`) with the specification's defaults.
///
/// A SubRip cue has the defaults, except that an ASS-style `{\an8}` override moves it (see the
/// "Captions" section of docs/SCENE-FORMAT.md). Word-timing cues have the defaults.
package struct CueSettings: Hashable, Sendable {
    /// The `vertical` setting: horizontal text, or vertical lines growing left (`rl`) or right (`lr`).
    public enum WritingDirection: String, Hashable, Sendable {
        case horizontal
        case verticalGrowingLeft = "rl"
        case verticalGrowingRight = "lr"
    }

    /// The first part of the `line` setting.
    public enum Line: Hashable, Sendable {
        /// No `line` setting: the renderer's default place (the bottom, for horizontal text).
        case auto
        /// `line:-1`: a line number, counted from the top (0, 1, …) or from the bottom (-1, -2, …);
        /// WebVTT calls this snap-to-lines. The specification allows fractions (`line:1.5`).
        case lineNumber(Double)
        /// `line:80%`: a percentage of the video's height (its width for vertical text).
        case percentage(Double)
    }

    /// The part of the cue box that `line` positions (`line:0,end`).
    public enum LineAlignment: String, Hashable, Sendable, CaseIterable {
        case start, center, end
    }

    /// The part of the cue box that `position` positions (`position:10%,line-left`).
    public enum PositionAlignment: String, Hashable, Sendable, CaseIterable {
        case lineLeft = "line-left"
        case center
        case lineRight = "line-right"
        /// Follows the text alignment (`left`/`start` → line-left, …), as the specification says.
        case auto
    }

    /// The `align` setting: how lines align inside the cue box.
    public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
        case start, center, end, left, right
    }

    public var writingDirection: WritingDirection = .horizontal
    public var line: Line = .auto
    public var lineAlignment: LineAlignment = .start
    /// The `position` percentage (0–100) across the video, or nil for `auto`.
    public var position: Double?
    public var positionAlignment: PositionAlignment = .auto
    /// The `size` percentage (0–100): the cue box's width (height for vertical text).
    public var size: Double = 100
    public var textAlignment: TextAlignment = .center
    /// The identifier of the ``CaptionRegion`` the cue is shown in, if any.
    public var region: String?

    public init() {}

    /// WebVTT's snap-to-lines flag: true unless `line` is a percentage.
    public var snapToLines: Bool {
        if case .percentage = line { return false }
        return true
    }
}
