// Written module-qualified, as code that shares a file with UIKit names does.
import SwiftUI

struct QualifiedNamesRenderer: SwiftUI.TextRenderer {
    var tint: SwiftUI.Color = .purple

    func draw(layout: SwiftUI.Text.Layout, in context: inout SwiftUI.GraphicsContext) {
        for line in layout {
            var copy = context
            copy.addFilter(SwiftUI.GraphicsContext.Filter.colorMultiply(tint))
            copy.draw(line)
        }
    }
}
