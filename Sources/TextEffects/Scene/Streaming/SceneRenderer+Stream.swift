import Foundation

extension SceneRenderer {
    /// Draws a streamed block as its answer has arrived, following its end as a chat does:
    /// when the text is taller than the frame's height, it moves up so that its last line sits
    /// at the frame's bottom, in steps of whole lines as they arrive (never eased: a frame shows
    /// exactly the lines it has, and what is above the last block never moves within the text).
    func drawStreamed(_ state: StreamedBlockLayouts.State, in root: GraphicsContext, time: Double) {
        draw(state.block, layout: state.layout, geometry: state.geometry, in: root, time: time,
             scroll: Self.followingScroll(of: state.layout, frameHeight: state.block.frame.height))
    }

    /// How far a streamed text moves up in a frame `frameHeight` tall: its overflow, or 0.
    static func followingScroll(of layout: TextLayout, frameHeight: Double?) -> Double {
        guard let frameHeight else { return 0 }
        return Swift.max(0, layout.textSize.height - frameHeight)
    }
}
