import Foundation

/// A frame drawn into a Cairo recording surface: vector drawing kept as Cairo's own commands,
/// so rows of a batch draw their pages in parallel and one PDF takes them in row order, still
/// as text and vectors.
package final class RecordedPage: @unchecked Sendable {
    /// The drawing, as Cairo's commands.
    let recording: CairoVectorSurface
    package let width: Int, height: Int
    /// What is added where the page lands (the frame's link annotations: Cairo's tags are not
    /// carried through a recording).
    let finish: (@Sendable (CairoContext) -> Void)?

    /// A page of `width` × `height` pixels drawn by `draw`; `finish` adds to it in the document.
    init(width: Int, height: Int, finish: (@Sendable (CairoContext) -> Void)?, draw: (CairoContext) -> Void) {
        recording = CairoVectorSurface(recordingWidth: width, height: height)
        self.width = width
        self.height = height
        self.finish = finish
        draw(recording.makeContext())
    }
}
