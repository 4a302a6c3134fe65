import Foundation

extension SceneDecoder {
    /// The fields of a block's `stream`.
    static let streamKeys = ["chunks", "charactersPerSecond", "start"]

    /// Reads a block's `stream`: timed `chunks` (a JSON Lines file's path, or an array of
    /// `{"t", "text"}` objects), or a steady `charactersPerSecond` (from `start`) applied to the
    /// block's `markdown`, given as `markdown`. Problems are reported at their JSON path, a chunk
    /// file's at its `file:line`.
    func readStream(_ node: JSONNode, markdown: String?, baseDirectory: URL?) -> MarkdownStream? {
        guard let object = node.object(known: Self.streamKeys) else { return nil }
        let kinds = ["chunks", "charactersPerSecond"].filter { object[$0] != nil }
        guard kinds.count == 1 else {
            node.problem(kinds.isEmpty ? "needs chunks or charactersPerSecond" : "has chunks and charactersPerSecond; give one")
            return nil
        }
        let start = node["start"].number(in: 0...StreamLimits.maximumTime) ?? 0
        if kinds[0] == "charactersPerSecond" {
            // Not NaN (JSON has none) and not negative: a rate above zero.
            guard let rate = node["charactersPerSecond"].number(in: 0...StreamLimits.maximumCharactersPerSecond, required: true) else { return nil }
            guard rate > 0 else {
                node["charactersPerSecond"].problem("0 characters a second never shows anything; give a rate above 0")
                return nil
            }
            guard let markdown else {
                node.problem("charactersPerSecond streams the block's markdown; give the answer as markdown")
                return nil
            }
            return MarkdownStream(text: markdown, charactersPerSecond: rate, start: start)
        }
        if markdown != nil {
            node["chunks"].problem("chunks hold the answer's text; leave out the block's markdown")
            return nil
        }
        if node["start"].isPresent {
            node["start"].problem("applies to charactersPerSecond; chunks carry their own times")
        }
        let chunks: [StreamChunk]?
        if node["chunks"].value?.stringValue != nil {
            chunks = readChunkFile(node["chunks"], baseDirectory: baseDirectory)
        } else if let items = node["chunks"].array() {
            chunks = readChunks(items, in: node["chunks"])
        } else {
            return nil
        }
        guard let chunks else { return nil }
        let stream = MarkdownStream(chunks: chunks)
        let characters = stream.text.unicodeScalars.count
        if characters > SceneLimits.maximumBlockCharacters {
            node["chunks"].problem("hold \(characters) characters; a block has at most \(SceneLimits.maximumBlockCharacters)")
            return nil
        }
        return stream
    }

    /// Chunks given in the scene: `[{"t": 0.2, "text": "Hello"}, …]`, times non-decreasing.
    private func readChunks(_ items: [JSONNode], in node: JSONNode) -> [StreamChunk]? {
        guard items.count <= StreamLimits.maximumChunkCount else {
            node.problem("has \(items.count) chunks; a stream has at most \(StreamLimits.maximumChunkCount)")
            return nil
        }
        var chunks: [StreamChunk] = [], failed = false
        for item in items {
            guard item.object(known: ["t", "text"]) != nil,
                  let time = item["t"].number(in: 0...StreamLimits.maximumTime, required: true),
                  let text = item["text"].string(required: true) else {
                failed = true
                continue
            }
            if let previous = chunks.last, time < previous.time {
                item["t"].problem("\(JSONNode.format(time)) is before the previous chunk's \(JSONNode.format(previous.time)); times never go back")
                failed = true
            }
            chunks.append(StreamChunk(time: time, text: text))
        }
        return failed ? nil : chunks
    }

    /// Chunks from a JSON Lines file, one `{"t": seconds, "text": "…"}` object a line (other
    /// fields, such as an API's ids, are ignored; blank lines are skipped).
    private func readChunkFile(_ node: JSONNode, baseDirectory: URL?) -> [StreamChunk]? {
        guard let path = node.string(required: true) else { return nil }
        let assets = AssetRoot(policy: assetPolicy, baseDirectory: baseDirectory)
        let data: Data
        do { data = try assets.read(path, limit: StreamLimits.maximumFileSize) } catch {
            switch error.kind {
            case .missing:
                node.problem("\"\(path)\" does not exist (looked for \(AssetRoot.lookedUpPath(path, relativeTo: baseDirectory)))")
            case .outside, .unreadable:
                node.problem("\"\(path)\" cannot be read (\(error.reason))")
            }
            return nil
        }
        do {
            return try StreamChunkFile.chunks(in: data)
        } catch {
            node.problem("\(path):\(error.line): \(error.message)")
            return nil
        }
    }
}

extension SceneDecoder {
    /// Reports what a streamed block cannot be: anything but Markdown, a stack's child, or cut
    /// or shrunk to fit (its frame's height is the window the answer scrolls in).
    func checkStreamedBlock(_ node: JSONNode, contentKeys: [String], inStack: Bool) {
        if inStack { node["stream"].problem("a stack's child cannot stream; give the streamed block its own frame") }
        if contentKeys.count == 1, contentKeys != ["markdown"] {
            node["stream"].problem("streams a markdown answer; this block has \(contentKeys[0])")
        }
        for key in ["lineLimit", "truncation", "minimumScaleFactor", "allowsTightening"] where node[key].isPresent {
            node[key].problem("a streamed answer is never cut or shrunk: it scrolls to follow its end in the frame's height")
        }
    }
}

extension SceneDecoder {
    /// The longest `arrived` window the effects' `select` ask about (0 for none).
    static func arrivalWindow(in effects: JSONNode) -> Double {
        let windows = (effects.value?.arrayValue ?? []).compactMap { $0["select"]?["arrived"]?["within"]?.doubleValue }
        return Swift.min(windows.filter(\.isFinite).max() ?? 0, TextSelector.maximumArrivalWindow)
    }
}
