import Foundation

/// What the event stream tells the page: a new render, or that the file broke.
enum PreviewEvent: Sendable {
    /// The scene loaded: frames are of this generation now.
    case reload(SceneInfo)
    /// The scene on disk has problems; frames stay those of the last good generation.
    case problems(SceneInfo)

    var info: SceneInfo {
        switch self {
        case .reload(let info), .problems(let info): info
        }
    }

    /// The event as server-sent events put it: `event: NAME`, `data: JSON`, a blank line.
    var serverSentEvent: String {
        let name = switch self {
        case .reload: "reload"
        case .problems: "problems"
        }
        let json = (try? JSONEncoder.preview.encode(info)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name)\ndata: \(json)\n\n"
    }
}

extension JSONEncoder {
    /// Compact JSON with sorted keys: the same state gives the same bytes.
    static var preview: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
