/// A file `join` writes, chosen by `--out`'s extension: MP4, QuickTime or WebM.
///
/// Each holds the codecs texteffects renders into it, copied as they are: H.264 (`--format
/// mp4`) goes into `.mp4` or `.mov`, ProRes 4444 (`--format mov`) into `.mov`, VP9 with alpha
/// (`--format webm`) into `.webm`.
package enum VideoContainer: String, CaseIterable, Sendable {
    case mp4, mov, webm

    /// The container for a file extension (any case), or nil for one `join` does not write.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }

    /// ffmpeg's muxer for this container (`-f`).
    var muxer: String { rawValue }

    /// The codecs (ffprobe's `codec_name`) this container holds as they are.
    var codecs: Set<String> {
        switch self {
        case .mp4: ["h264"]
        case .mov: ["h264", "prores"]
        case .webm: ["vp9"]
        }
    }

    /// The containers that hold `codec` as it is, in the order of `allCases`.
    static func holding(_ codec: String) -> [VideoContainer] {
        allCases.filter { $0.codecs.contains(codec) }
    }

    /// The codecs `join` takes: those texteffects renders into a video.
    static var joinableCodecs: Set<String> {
        allCases.reduce(into: []) { $0.formUnion($1.codecs) }
    }

    /// A codec's name as people write it: `h264` is "H.264".
    static func displayName(ofCodec codec: String) -> String {
        switch codec {
        case "h264": "H.264"
        case "prores": "ProRes"
        case "vp9": "VP9"
        default: codec
        }
    }
}
