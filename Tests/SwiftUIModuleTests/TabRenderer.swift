import SwiftUICore

// A renderer written against `import SwiftUICore` alone, the module Apple's drawing types live in
// since iOS 18, with its names qualified by that module and SwiftUI's shape modifiers.
#if !canImport(Darwin)

/// Marks a run to sit on a tab.
struct Tab: SwiftUICore.TextAttribute {}

/// Draws a tab rounded at the top only behind every run marked `Tab`, with a border drawn inside
/// its edge, then every run.
struct TabRenderer: SwiftUICore.TextRenderer {
    var fill: SwiftUICore.Color = .orange
    var border: SwiftUICore.Color = .blue

    /// The tab's frame behind `run`.
    func frame(for run: SwiftUICore.Text.Layout.Run) -> CGRect {
        run.typographicBounds.rect.insetBy(dx: -6, dy: -2)
    }

    func draw(layout: SwiftUICore.Text.Layout, in ctx: inout SwiftUICore.GraphicsContext) {
        for line in layout {
            for run in line {
                if run[Tab.self] != nil {
                    let tab = SwiftUICore.UnevenRoundedRectangle(topLeadingRadius: 10, topTrailingRadius: 10)
                    ctx.fill(tab.path(in: frame(for: run)), with: .color(fill))
                    ctx.fill(tab.inset(by: 1).stroke(lineWidth: 2).path(in: frame(for: run)), with: .color(border))
                }
                ctx.draw(run)
            }
        }
    }
}

#endif
