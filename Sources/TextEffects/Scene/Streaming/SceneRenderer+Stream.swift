import Foundation

extension SceneRenderer {
    /// Draws a streamed block as its answer has arrived.
    func drawStreamed(_ state: StreamedBlockLayouts.State, in root: GraphicsContext, time: Double) {
        draw(state.block, layout: state.layout, geometry: state.geometry, in: root, time: time)
    }
}
