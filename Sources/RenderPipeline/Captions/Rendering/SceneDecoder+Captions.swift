import Foundation

extension SceneDecoder {
    /// Reads a scene's `captions`: `{"source": "talk.vtt", "style": {…} or "preset"}`. A caption
    /// file's problems are reported at `captions.source`, one per line, each with its file:line.
    func readCaptions(_ node: JSONNode, baseDirectory: URL?) -> SceneCaptions? {
        guard node.object(known: ["source", "style"], required: false) != nil else { return nil }
        let style = node["style"].isPresent ? node["style"].captionStyle() : CaptionStyle()
        guard let source = node["source"].string(required: true) else { return nil }
        let url = (source.hasPrefix("/") ? URL(fileURLWithPath: source)
            : baseDirectory.map { $0.appendingPathComponent(source) } ?? URL(fileURLWithPath: source)).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            node["source"].problem("\"\(source)\" does not exist (looked for \(url.path))")
            return nil
        }
        do {
            let track = try CaptionTrack(contentsOf: url, displayName: source)
            return SceneCaptions(source: source, track: track, style: style)
        } catch let error as CaptionError {
            for line in error.description.split(separator: "\n") { node["source"].problem(String(line)) }
        } catch {
            node["source"].problem("\(source): \(error)")
        }
        return nil
    }
}
