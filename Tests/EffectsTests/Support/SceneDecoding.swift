import Effects
import Foundation
@testable import RenderPipeline
@testable import TextEffects

/// The problem lines (`s.json: path: message`) decoding a scene reports; empty when it decodes.
func problemLines(decoding json: String) -> [String] {
    let decoded = Result { try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json") }
    guard case .failure(let error) = decoded else { return [] }
    return (error as? SceneError)?.description.components(separatedBy: "\n") ?? ["unexpected \(error)"]
}

/// A one-block scene whose block has these effects (JSON text of the `effects` array).
func scene(effects: String) -> String {
    #"{"canvas": {"width": 400, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "text": "x", "effects": "#
        + effects + "}]}"
}

/// The effect an `effects[i]` object decodes to, whatever problems it has.
func decodeEffect(_ object: [String: JSONValue]) -> (any TextRenderer)? {
    EffectRegistry.builtIn.make(from: JSONNode(value: .object(object), path: "effects[0]", problems: SceneProblems()))
}
