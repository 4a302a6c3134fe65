import Foundation

extension CaptionTrack {
    /// Reads a caption file: SubRip, WebVTT or word-timings JSON, by its extension (`.srt`,
    /// `.vtt`, `.json`), else by its content.
    ///
    /// - Parameter displayName: the name errors give the file (default: its last path component).
    /// - Throws: ``CaptionError``, one problem per line with the file's name, line and column.
    public init(contentsOf url: URL, displayName: String? = nil, format: CaptionFormat? = nil) throws {
        let name = displayName ?? url.lastPathComponent
        let data: Data
        do {
            data = try RegularFile.read(url.path, limit: CaptionLimits.maximumFileSize)
        } catch {
            throw CaptionError(file: name, "cannot be read (\(error.reason))")
        }
        try self.init(data: data, fileName: name, format: format ?? CaptionFormat(fileName: url.lastPathComponent))
    }

    /// Parses a caption file's bytes.
    ///
    /// - Parameters:
    ///   - fileName: the name errors give the file.
    ///   - format: the format; nil to tell from the content (a `WEBVTT` line, JSON, else SubRip).
    public init(data: Data, fileName: String, format: CaptionFormat? = nil) throws {
        guard data.count <= CaptionLimits.maximumFileSize else {
            throw CaptionError(file: fileName, "is \(data.count) bytes; caption files may be at most \(CaptionLimits.maximumFileSize)")
        }
        do {
            switch format ?? CaptionFormat(sniffing: String(decoding: data.prefix(64), as: UTF8.self)) {
            case .webVTT:
                let (scalars, _) = CaptionTextDecoder.scalars(of: data, allowLegacyEncodings: false)
                self = try WebVTTParser.parse(scalars, file: fileName)
            case .subRip:
                let (scalars, note) = CaptionTextDecoder.scalars(of: data, allowLegacyEncodings: true)
                self = try SubRipParser.parse(scalars, file: fileName,
                                              warnings: note.map { [CaptionProblem(line: 0, message: $0)] } ?? [])
            case .wordTimings:
                var body = data
                if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
                self = try WordTimingsParser.parse(Data(body), file: fileName)
            }
        } catch var error as CaptionError {
            let limit = CaptionLimits.maximumReportedProblems
            if error.problems.count > limit {
                let more = error.problems.count - limit
                error.problems = Array(error.problems.prefix(limit))
                    + [CaptionProblem(line: 0, message: "… and \(more) more problem\(more == 1 ? "" : "s")")]
            }
            throw error
        }
    }

    /// Parses caption text (tests and code that builds captions in memory).
    public init(parsing text: String, fileName: String = "captions", format: CaptionFormat? = nil) throws {
        try self.init(data: Data(text.utf8), fileName: fileName, format: format)
    }
}
