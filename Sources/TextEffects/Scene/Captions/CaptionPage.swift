/// One caption as shown: a cue, or the part of one that fits the style's `maxLines`, with the
/// frames it is on and the block that draws it.
package struct CaptionPage: Sendable {
    /// The index of its cue in the track.
    public var cueIndex: Int
    /// When it shows (the cue's start, or for a later part of a split cue the time its first
    /// word is spoken, else a share of the cue's time in proportion to its characters).
    public var start: CaptionTime
    /// When it stops showing.
    public var end: CaptionTime
    /// The frames it is drawn on: `start`'s first frame up to, not including, `end`'s.
    public var frames: Range<Int>
    /// Its text, box and renderer, in canvas coordinates.
    public var block: Block
}
