import Foundation

extension SceneDecoder {
    /// Reads a scene's `captions`: `{"source": "talk.vtt", "style": {…} or "preset"}`. A caption
    /// file's problems are reported at `captions.source`, one per line, each with its file:line.
    func readCaptions(_ node: JSONNode, baseDirectory: URL?) -> SceneCaptions? {
        guard node.object(known: ["source", "style"], required: false) != nil else { return nil }
        let style = node["style"].isPresent ? node["style"].captionStyle() : CaptionStyle()
        guard let source = node["source"].string(required: true) else { return nil }
        let assets = AssetRoot(policy: assetPolicy, baseDirectory: baseDirectory)
        let data: Data
        do { data = try assets.read(source, limit: CaptionLimits.maximumFileSize) } catch {
            switch error.kind {
            case .missing:
                node["source"].problem("\"\(source)\" does not exist (looked for \(AssetRoot.lookedUpPath(source, relativeTo: baseDirectory)))")
            case .outside, .unreadable:
                node["source"].problem("\"\(source)\" cannot be read (\(error.reason))")
            }
            return nil
        }
        do {
            let format = CaptionFormat(fileName: (source as NSString).lastPathComponent)
            let track = try CaptionTrack(data: data, fileName: source, format: format)
            return SceneCaptions(source: source, track: track, style: style)
        } catch let error as CaptionError {
            for line in error.description.split(separator: "\n") { node["source"].problem(String(line)) }
        } catch {
            node["source"].problem("\(source): \(error)")
        }
        return nil
    }
}
