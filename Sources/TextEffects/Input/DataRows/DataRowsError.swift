/// A data file that cannot be read at all, one case per cause: missing or unreadable, of an
/// unknown format, UTF-16, or with a header that names no usable columns.
///
/// Its description is one line naming the file (and the line, when there is one):
/// `data.csv:1: the header: column 3 has no name`.
package enum DataRowsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is missing or cannot be read; `reason` finishes "cannot be read (…)".
    case unreadable(file: String, reason: String)
    /// The extension names no data format; `found` says what it is instead.
    case unknownFormat(file: String, found: String)
    /// The file starts with a UTF-16 byte order mark.
    case utf16(file: String)
    /// A CSV or TSV file with no header line.
    case noHeader(file: String)
    /// The header record starting on `line` cannot name the columns; `problem` says why.
    case badHeader(file: String, line: Int, problem: String)

    /// The file's name as the user gave it.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .unknownFormat(let file, _), .utf16(let file), .noHeader(let file),
             .badHeader(let file, _, _):
            file
        }
    }

    /// 1-based; 0 when the problem is about the whole file.
    public var line: Int {
        switch self {
        case .utf16: 1
        case .badHeader(_, let line, _): line
        case .unreadable, .unknownFormat, .noHeader: 0
        }
    }

    /// What is wrong, in plain words.
    public var message: String {
        switch self {
        case .unreadable(_, let reason): "cannot be read (\(reason))"
        case .unknownFormat(_, let found): "is not a data file (\(found)); use .csv, .tsv, .jsonl or .ndjson"
        case .utf16: "is UTF-16 text; save it as UTF-8"
        case .noHeader: "has no header; its first line must name the columns, such as id,title,price"
        case .badHeader(_, _, let problem): "the header: \(problem)"
        }
    }

    public var description: String {
        let location = line > 0 ? "\(file):\(line): " : "\(file): "
        return (location + message).oneMessageLine()
    }
}
