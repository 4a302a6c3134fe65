import Foundation
import RenderPipeline

/// Fills each timed word from its leading edge over the time it is spoken, as ASS `\kf`
/// karaoke: from the left in left-to-right text, from the right in right-to-left text. Reads
/// ``WordTime`` from runs (captions give every timed word one); other text is drawn as it is.
public struct KaraokeEffect: SceneEffect {
    public static let name = "karaoke"
    public static let summary = "fills each timed word (WordTime) from its leading edge over its time, as ASS \\kf"
    public static var attributeTypes: [any (TextAttribute & Decodable).Type] { [WordTime.self] }

    package var renderer: WordTimingRenderer
    public var selector: TextSelector

    package init(sung: Paint, unsung: Paint? = nil, spoken: Paint? = nil, selector: TextSelector = .all) {
        var renderer = WordTimingRenderer()
        renderer.sweeps = true
        renderer.active = sung
        renderer.spoken = spoken ?? sung
        renderer.unspoken = unsung
        self.renderer = renderer
        self.selector = selector
    }

    public init(parameters: EffectParameters) {
        let yellow = Paint.color(Color(red: 1, green: 0.835, blue: 0.31))
        let sung = parameters.paint("sung", default: yellow, help: "paint the sweep fills each word with") ?? yellow
        self.init(sung: sung,
                  unsung: parameters.paint("unsung", default: nil, help: "paint of words and parts not yet sung (none: the text's own)"),
                  spoken: parameters.paint("spoken", default: nil, help: "paint of words already sung (none: sung)"),
                  selector: parameters.selector(default: .all))
    }

    public func draw(layout: TextLayout, in context: inout GraphicsContext) {
        renderer.draw(segments: selector.segments(of: layout), in: &context)
    }

    public var displayPadding: EdgeInsets { renderer.displayPadding }
}
