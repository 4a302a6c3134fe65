/// One thing wrong with a caption file, at a line (and column) or, in JSON, at a value's path.
package struct CaptionProblem: Hashable, Sendable, CustomStringConvertible {
    /// 1-based; 0 when the problem is about the whole file or is located by `path`.
    public var line: Int
    /// 1-based, in characters; nil when the line is enough.
    public var column: Int?
    /// A JSON path such as `segments[3].words[1].start`, for word-timings files.
    public var path: String?
    /// What is wrong, in plain words.
    public var message: String

    public init(line: Int, column: Int? = nil, path: String? = nil, message: String) {
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `12: message`, `12:5: message`, `segments[3].start: message` or `message`.
    /// On one line: control characters escaped, an overlong line cut.
    public var description: String {
        let message = message.oneMessageLine()
        if let path, !path.isEmpty { return "\(path.cutForMessages(after: 200)): \(message)" }
        guard line > 0 else { return message }
        return column.map { "\(line):\($0): \(message)" } ?? "\(line): \(message)"
    }
}
