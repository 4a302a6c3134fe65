import Foundation
import TextEffects

/// Marks the word being spoken, as short-form video captions do: its own colour, a spring pop to
/// a larger size, a rounded plate behind it; spoken and unspoken words in their own colours.
/// Reads `WordTime` from runs; other text is drawn as it is.
public struct ActiveWordEffect: SceneEffect {
    public static let name = "activeWord"
    public static let summary = "the word being spoken (WordTime) in its colour, popped larger and/or on a plate"
    public static var attributeTypes: [any (TextAttribute & Decodable).Type] { [WordTime.self] }

    public static let color = EffectParameter.paint("color", default: .color(Color(red: 1, green: 0.835, blue: 0.31)),
                                                    help: "paint of the word being spoken")
    public static let spoken = EffectParameter.paint("spoken", default: nil, help: "paint of words already spoken (none: the text's own)")
    public static let unspoken = EffectParameter.paint("unspoken", default: nil, help: "paint of words not yet spoken (none: the text's own)")
    public static let scale = EffectParameter.number("scale", default: 1, in: 0.5...3, help: "size of the active word (1.15: pops 15 % larger)")
    public static let popDuration = EffectParameter.number("popDuration", default: 0.15, in: 0...10, help: "seconds the pop springs over")
    public static let plate = EffectParameter.paint("plate", default: nil, help: "paint of a rounded plate behind the active word (none: no plate)")
    public static let cornerRadius = EffectParameter.number("cornerRadius", default: 8, in: 0...1000, help: "the plate's corner radius")
    public static let padding = EffectParameter.padding("padding", default: CGSize(width: 8, height: 2), help: "[horizontal, vertical] plate padding in points")
    public static let select = EffectParameter.select(default: .all)

    public var renderer: WordTimingRenderer
    public var selector: TextSelector

    public init(renderer: WordTimingRenderer, selector: TextSelector = Self.select.defaultValue) {
        self.renderer = renderer
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        var renderer = WordTimingRenderer()
        renderer.active = parameters.value(of: Self.color)
        renderer.spoken = parameters.value(of: Self.spoken)
        renderer.unspoken = parameters.value(of: Self.unspoken)
        renderer.activeScale = parameters.value(of: Self.scale)
        renderer.popDuration = parameters.value(of: Self.popDuration)
        // The plate's shape is read with or without a plate, so `texteffects effects` lists it
        // and a wrong value is reported either way.
        let plate = parameters.value(of: Self.plate)
        let cornerRadius = parameters.value(of: Self.cornerRadius)
        let padding = parameters.value(of: Self.padding)
        if let plate {
            renderer.activePlate = WordTimingRenderer.ActivePlate(paint: plate, cornerRadius: cornerRadius, padding: padding)
        }
        self.init(renderer: renderer, selector: parameters.value(of: Self.select))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        renderer.draw(segments: selector.segments(of: layout), in: &context)
    }

    public var displayPadding: EdgeInsets { renderer.displayPadding }
}
