import Effects
import Foundation
@testable import RenderPipeline
@testable import TextEffects

/// The problems decoding scene JSON reports, one line each (empty when it decodes).
func sceneProblemLines(_ json: String, baseDirectory: URL? = nil) -> [String] {
    do {
        _ = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json", baseDirectory: baseDirectory)
        return []
    } catch let error as SceneError {
        return error.description.components(separatedBy: "\n")
    } catch {
        return ["unexpected \(error)"]
    }
}
