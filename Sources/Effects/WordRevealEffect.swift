import Foundation
import RenderPipeline

/// Shows each timed word from the moment it is spoken, fading it in: captions that build up
/// word by word. Reads ``WordTime`` from runs; other text is drawn as it is.
public struct WordRevealEffect: SceneEffect {
    public static let name = "wordReveal"
    public static let summary = "hides each timed word (WordTime) until it is spoken, then fades it in"
    public static var attributeTypes: [any (TextAttribute & Decodable).Type] { [WordTime.self] }

    package var renderer: WordTimingRenderer
    public var selector: TextSelector

    package init(fade: Double = 0.12, active: Paint? = nil, selector: TextSelector = .all) {
        var renderer = WordTimingRenderer()
        renderer.hidesUnspoken = true
        renderer.fadeDuration = fade
        renderer.active = active
        self.renderer = renderer
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(fade: parameters.number("fade", default: 0.12, in: 0...10, help: "seconds each word fades in over (0: at once)"),
                  active: parameters.paint("active", default: nil, help: "paint of the word being spoken (none: the text's own)"),
                  selector: parameters.selector(default: .all))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        renderer.draw(segments: selector.segments(of: layout), in: &context)
    }
}
