import Foundation

extension TextMeasurement {
    /// The measurement as `renderer` draws the text: its size from `sizeThatFits` and the
    /// drawing rectangle grown by its `displayPadding`.
    package func drawn(by renderer: any TextRenderer, proposal: ProposedViewSize, text: TextProxy) -> TextMeasurement {
        var result = self
        let size = renderer.sizeThatFits(proposal: proposal, text: text)
        result.width = LayoutDump.round(Double(size.width))
        result.height = LayoutDump.round(Double(size.height))
        let drawn = CGRect(x: drawingRect.x, y: drawingRect.y, width: drawingRect.width, height: drawingRect.height)
            .union(CGRect(origin: .zero, size: size))
        result.drawingRect = Rect(drawn.outset(by: renderer.displayPadding))
        return result
    }
}
