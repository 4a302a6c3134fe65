import Foundation
import RenderPipeline

/// Marks the word being spoken, as short-form video captions do: its own colour, a spring pop to
/// a larger size, a rounded plate behind it; spoken and unspoken words in their own colours.
/// Reads ``WordTime`` from runs; other text is drawn as it is.
public struct ActiveWordEffect: SceneEffect {
    public static let name = "activeWord"
    public static let summary = "the word being spoken (WordTime) in its colour, popped larger and/or on a plate"
    public static var attributeTypes: [any (TextAttribute & Decodable).Type] { [WordTime.self] }

    package var renderer: WordTimingRenderer
    public var selector: TextSelector

    package init(renderer: WordTimingRenderer, selector: TextSelector = .all) {
        self.renderer = renderer
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        var renderer = WordTimingRenderer()
        let yellow = Paint.color(Color(red: 1, green: 0.835, blue: 0.31))
        renderer.active = parameters.paint("color", default: yellow, help: "paint of the word being spoken")
        renderer.spoken = parameters.paint("spoken", default: nil, help: "paint of words already spoken (none: the text's own)")
        renderer.unspoken = parameters.paint("unspoken", default: nil, help: "paint of words not yet spoken (none: the text's own)")
        renderer.activeScale = parameters.number("scale", default: 1, in: 0.5...3, help: "size of the active word (1.15: pops 15 % larger)")
        renderer.popDuration = parameters.number("popDuration", default: 0.15, in: 0...10, help: "seconds the pop springs over")
        if let plate = parameters.paint("plate", default: nil, help: "paint of a rounded plate behind the active word (none: no plate)") {
            renderer.activePlate = WordTimingRenderer.ActivePlate(
                paint: plate,
                cornerRadius: parameters.number("cornerRadius", default: 8, in: 0...1000, help: "the plate's corner radius"),
                padding: parameters.padding("padding", default: CGSize(width: 8, height: 2), help: "[horizontal, vertical] plate padding in points"))
        } else {
            // Documented either way, so `texteffects effects` lists them.
            _ = parameters.number("cornerRadius", default: 8, in: 0...1000, help: "the plate's corner radius")
            _ = parameters.padding("padding", default: CGSize(width: 8, height: 2), help: "[horizontal, vertical] plate padding in points")
        }
        self.init(renderer: renderer, selector: parameters.selector(default: .all))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        renderer.draw(segments: selector.segments(of: layout), in: &context)
    }

    public var displayPadding: EdgeInsets { renderer.displayPadding }
}
