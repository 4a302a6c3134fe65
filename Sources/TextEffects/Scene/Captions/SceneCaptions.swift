/// A scene's `captions`: a caption track shown over the blocks, each cue on its own frames, in a style.
package struct SceneCaptions: Sendable {
    /// The caption file as the scene names it (relative to the scene's folder).
    public var source: String
    public var track: CaptionTrack
    public var style: CaptionStyle

    public init(source: String, track: CaptionTrack, style: CaptionStyle = CaptionStyle()) {
        self.source = source
        self.track = track
        self.style = style
    }
}
