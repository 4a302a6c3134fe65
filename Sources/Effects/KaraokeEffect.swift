import Foundation
import TextEffects

/// Fills each timed word from its leading edge over the time it is spoken, as ASS `\kf`
/// karaoke: from the left in left-to-right text, from the right in right-to-left text. Reads
/// `WordTime` from runs (captions give every timed word one); other text is drawn as it is.
public struct KaraokeEffect: SceneEffect {
    public static let name = "karaoke"
    public static let summary = "fills each timed word (WordTime) from its leading edge over its time, as ASS \\kf"
    public static var attributeTypes: [any (TextAttribute & Decodable).Type] { [WordTime.self] }

    public static let sung = EffectParameter.paint("sung", default: .color(Color(red: 1, green: 0.835, blue: 0.31)),
                                                   help: "paint the sweep fills each word with")
    public static let unsung = EffectParameter.paint("unsung", default: nil, help: "paint of words and parts not yet sung (none: the text's own)")
    public static let spoken = EffectParameter.paint("spoken", default: nil, help: "paint of words already sung (none: sung)")
    public static let select = EffectParameter.select(default: .all)

    public var renderer: WordTimingRenderer
    public var selector: TextSelector

    public init(sung: Paint = Self.sung.defaultValue, unsung: Paint? = Self.unsung.defaultValue, spoken: Paint? = Self.spoken.defaultValue,
                selector: TextSelector = Self.select.defaultValue) {
        var renderer = WordTimingRenderer()
        renderer.sweeps = true
        renderer.active = sung
        renderer.spoken = spoken ?? sung
        renderer.unspoken = unsung
        self.renderer = renderer
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        self.init(sung: parameters.value(of: Self.sung), unsung: parameters.value(of: Self.unsung),
                  spoken: parameters.value(of: Self.spoken), selector: parameters.value(of: Self.select))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        renderer.draw(segments: selector.segments(of: layout), in: &context)
    }

    public var displayPadding: EdgeInsets { renderer.displayPadding }
}
