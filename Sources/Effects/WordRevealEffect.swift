import Foundation
import TextEffects

/// Shows each timed word from the moment it is spoken, fading it in: captions that build up
/// word by word. Reads `WordTime` from runs; other text is drawn as it is.
public struct WordRevealEffect: SceneEffect {
    public static let name = "wordReveal"
    public static let summary = "hides each timed word (WordTime) until it is spoken, then fades it in"
    public static var attributeTypes: [any (TextAttribute & Decodable).Type] { [WordTime.self] }

    public static let fade = EffectParameter.number("fade", default: 0.12, in: 0...10, help: "seconds each word fades in over (0: at once)")
    public static let active = EffectParameter.paint("active", default: nil, help: "paint of the word being spoken (none: the text's own)")
    public static let select = EffectParameter.select(default: .all)

    public var renderer: WordTimingRenderer
    public var selector: TextSelector

    public init(fade: Double = Self.fade.defaultValue, active: Paint? = Self.active.defaultValue, selector: TextSelector = Self.select.defaultValue) {
        var renderer = WordTimingRenderer()
        renderer.hidesUnspoken = true
        renderer.fadeDuration = fade
        renderer.active = active
        self.renderer = renderer
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(fade: parameters.value(of: Self.fade), active: parameters.value(of: Self.active), selector: parameters.value(of: Self.select))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        renderer.draw(segments: selector.segments(of: layout), in: &context)
    }
}
