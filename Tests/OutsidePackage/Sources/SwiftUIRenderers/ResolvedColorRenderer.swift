// Colours mixed glyph by glyph from their resolved components.
import SwiftUI

struct ResolvedColorRenderer: TextRenderer {
    var from: Color = .red
    var to: Color = .blue

    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        let start = from.resolve(in: context.environment)
        let end = to.resolve(in: context.environment)
        let slices = layout.flatMap { $0 }.flatMap { $0 }
        for (index, slice) in slices.enumerated() {
            let t = Float(index) / Float(max(slices.count - 1, 1))
            let mixed = Color.Resolved(red: start.red + (end.red - start.red) * t,
                                       green: start.green + (end.green - start.green) * t,
                                       blue: start.blue + (end.blue - start.blue) * t,
                                       opacity: 1)
            var copy = context
            copy.addFilter(.colorMultiply(Color(mixed)))
            copy.draw(slice)
        }
    }
}
