import Foundation
import TextEffects

/// Rounded backgrounds behind the selected text, one per line fragment (a highlighter, a tag).
public struct BackgroundEffect: SceneEffect {
    public static let name = "background"
    public static let summary = "rounded backgrounds behind the selected runs, one per line fragment"

    public static let color = EffectParameter.paint("color", default: .color(Color(red: 1, green: 0.88, blue: 0.4)), help: "fill color, gradient or image")
    public static let cornerRadius = EffectParameter.number("cornerRadius", default: 4, in: 0...1000, help: "corner radius in points")
    public static let padding = EffectParameter.padding("padding", default: CGSize(width: 3, height: 1), help: "[horizontal, vertical] padding in points")
    public static let select = EffectParameter.select(default: .all)

    public var paint: Paint
    public var cornerRadius: Double
    public var padding: CGSize
    public var selector: TextSelector

    public init(paint: Paint = Self.color.defaultValue, cornerRadius: Double = Self.cornerRadius.defaultValue,
                padding: CGSize = Self.padding.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        self.paint = paint
        self.cornerRadius = cornerRadius
        self.padding = padding
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(paint: parameters.value(of: Self.color), cornerRadius: parameters.value(of: Self.cornerRadius),
                  padding: parameters.value(of: Self.padding), selector: parameters.value(of: Self.select))
    }

    /// Whether what the effect draws differs from frame to frame. Fixed boxes: nothing here reads the time.
    public var changesOverTime: Bool { false }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        // One box per line over the selected pieces that touch each other.
        var current = CGRect.null
        var currentLine = -1
        func flush() {
            guard !current.isNull else { return }
            context.fill(Path(roundedRect: current.insetBy(dx: -padding.width, dy: -padding.height), cornerRadius: cornerRadius, style: .circular), with: .style(paint))
            current = .null
        }
        for (part, selected) in selector.segments(of: layout) {
            let line = part.first?.index ?? -1
            if !selected || line != currentLine { flush() }
            currentLine = line
            guard selected else { continue }
            let box = part.typographicBounds
            if !current.isNull, box.minX > current.maxX + 0.5 { flush() }
            current = current.union(box)
        }
        flush()
        context.draw(layout)
    }
}
