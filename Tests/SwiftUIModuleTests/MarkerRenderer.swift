import SwiftUI

// A renderer as it would be written for iOS 18, against `import SwiftUI` alone, with SwiftUI's
// types spelled module-qualified the way code that disambiguates them does. On Apple platforms
// this file would meet Apple's SwiftUI, which this target does not test, hence the `#if`.
#if !canImport(Darwin)

/// Marks a run to be drawn over a marker stroke.
struct Marker: SwiftUI.TextAttribute {
    var color: SwiftUI.Color = .yellow
}

/// Draws a box of the marker's colour behind every run marked `Marker`, then every run.
struct MarkerRenderer: SwiftUI.TextRenderer {
    var padding: CGFloat = 3

    /// The box drawn behind `run`.
    func box(for run: SwiftUI.Text.Layout.Run) -> CGRect {
        run.typographicBounds.rect.insetBy(dx: -padding, dy: 0)
    }

    func draw(layout: SwiftUI.Text.Layout, in ctx: inout SwiftUI.GraphicsContext) {
        for line: SwiftUI.Text.Layout.Line in layout {
            for run in line {
                if let marker = run[Marker.self] {
                    ctx.fill(SwiftUI.Rectangle().path(in: box(for: run)), with: SwiftUI.GraphicsContext.Shading.color(marker.color))
                }
                ctx.draw(run)
            }
        }
    }
}

#endif
