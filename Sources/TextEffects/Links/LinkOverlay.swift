import Foundation

/// Draws a frame's link report onto the frame, for checking it by eye: each visible part of a
/// link outlined, labelled with the link's id and visible ratio.
package enum LinkOverlay {
    static let color = Color(red: 0.86, green: 0.08, blue: 0.52)

    /// Draws `frame`'s visible links (viewport coordinates) over `surface`, a frame of `scene`.
    public static func draw(_ frame: LinkFrame, viewport: Viewport, on surface: ImageSurface, scale: Double, fonts: FontLibrary = .system) {
        var context = GraphicsContext(surface: surface, scale: scale, time: frame.time)
        context.fonts = fonts
        let origin = viewport.rect.origin
        for visibility in frame.visible {
            for rect in visibility.rects {
                let onCanvas = rect.offsetBy(dx: origin.x, dy: origin.y)
                context.stroke(Path(onCanvas.insetBy(dx: 0.5, dy: 0.5)), with: color, lineWidth: 1)
            }
            guard let first = visibility.rects.first?.offsetBy(dx: origin.x, dy: origin.y) else { continue }
            let label = Text(verbatim: "#\(visibility.id) \(String(format: "%.2f", visibility.ratio))")
                .font(.custom("DejaVu Sans", fixedSize: 9).bold())
                .foregroundColor(.white)
            let size = TextLayout(label, options: LayoutOptions(), fonts: fonts).textSize
            // Above the rectangle where there is room in the viewport, else inside its top.
            let y = first.minY - size.height >= viewport.rect.minY ? first.minY - size.height : first.minY
            let plate = CGRect(x: first.minX, y: y, width: size.width + 4, height: size.height)
            context.fill(Path(plate), with: color)
            context.draw(label, at: CGPoint(x: plate.minX + 2, y: plate.minY), anchor: .topLeading)
        }
    }
}
