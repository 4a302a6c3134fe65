/// The caption file formats texteffects reads.
package enum CaptionFormat: String, Hashable, Sendable, CaseIterable {
    /// SubRip `.srt`.
    case subRip = "srt"
    /// WebVTT `.vtt`.
    case webVTT = "vtt"
    /// Word timings as speech recognisers print them (whisper, whisper.cpp, WhisperX), `.json`.
    case wordTimings = "json"

    /// The format a file name's extension names (`talk.vtt`, `talk.words.json`), if any.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }

    /// The format the content looks like: a `WEBVTT` signature, JSON, else SubRip.
    public init(sniffing text: String) {
        var trimmed = Substring(text)
        if trimmed.first == "\u{FEFF}" { trimmed = trimmed.dropFirst() }
        if trimmed.hasPrefix("WEBVTT") { self = .webVTT; return }
        let first = trimmed.first(where: { !$0.isWhitespace })
        self = first == "{" || first == "[" ? .wordTimings : .subRip
    }
}
