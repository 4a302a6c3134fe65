import Foundation

/// Draws a caption's timed words still, in one of the states a ``CaptionPageCut`` image holds:
/// the words of lines before `key.line` spoken, those of `key.line` in `key.state`, those after
/// unspoken, each in the paint the page's word renderer gives that state.
///
/// Stacked inside the caption's own renderer in place of the word renderer, so the plate,
/// shadow and outline are drawn exactly as on a frame. Untimed runs come first and timed ones
/// after, in the word renderer's order.
struct CaptionWordStateRenderer: TextRenderer {
    var cut: CaptionPageCut
    var key: CaptionPageCut.Key

    func draw(layout: TextLayout, in context: inout GraphicsContext) {
        var timed: [TextLayout.Run] = []
        for run in layout.runs {
            if run[WordTime.self] == nil { context.draw(run) } else { timed.append(run) }
        }
        for run in timed {
            let state: CaptionPageCut.State = run.lineIndex < key.line ? .spoken : run.lineIndex > key.line ? .unspoken : key.state
            var copy = context
            if let paint = cut.paint(of: state) { copy.foregroundPaint = paint }
            copy.draw(run)
        }
    }

    var displayPadding: EdgeInsets { cut.words?.displayPadding ?? EdgeInsets() }
}
