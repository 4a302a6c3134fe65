/// The kinds of data file rows are read from, told apart by the file's extension.
package enum DataFormat: String, Hashable, Sendable, CaseIterable {
    /// Comma-separated values (RFC 4180); the first record names the columns.
    case csv
    /// Tab-separated values, quoted as CSV is; the first record names the columns.
    case tsv
    /// One JSON object a line (`.jsonl` or `.ndjson`).
    case jsonLines

    /// The format for a file extension (`csv`, `TSV`, `jsonl`, `ndjson`), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "csv": self = .csv
        case "tsv": self = .tsv
        case "jsonl", "ndjson": self = .jsonLines
        default: return nil
        }
    }
}
