import Foundation

/// The rows of a data file (CSV, TSV or JSON Lines), read as they are iterated: the values
/// `batch` fills a template's parameters with, one output per row.
///
/// The file is read a 64 KB chunk at a time, so memory stays flat however many rows it has.
/// Opening checks what makes the whole file unusable (missing, not a regular file, an unknown
/// extension, a bad header) and throws ``DataRowsError``; after that each record comes as a
/// ``DataRowResult``: a row, or a problem with that record (the records after it still come).
/// The sequence is read once: iterating again goes on where the last iteration stopped.
///
/// ```swift
/// for result in try DataRows(url: URL(fileURLWithPath: "data.csv")) {
///     switch result {
///     case .row(let row): render(row.values)
///     case .problem(let problem): print(problem)   // data.csv:12: row 11 has 3 fields; …
///     }
/// }
/// ```
package final class DataRows: Sequence, IteratorProtocol {
    /// The file's name as the user gave it, which messages start with.
    public let file: String
    public let format: DataFormat
    private let reader: any DataRowReader

    /// Opens the data file at `url`, its format told by its extension (`.csv`, `.tsv`, `.jsonl`,
    /// `.ndjson`), and reads the header of a CSV or TSV file.
    ///
    /// - Parameter name: how messages name the file; the path as given by default.
    public init(url: URL, name: String? = nil) throws(DataRowsError) {
        let name = name ?? url.relativePath
        file = name
        guard let format = DataFormat(pathExtension: url.pathExtension) else {
            let found = url.pathExtension.isEmpty ? "it has no extension" : "\".\(url.pathExtension)\" is not one"
            throw DataRowsError.unknownFormat(file: name, found: found)
        }
        self.format = format
        let data = try DataFile(path: url.path, name: name)
        switch format {
        case .csv: reader = try CSVRowReader(file: data, delimiter: UInt8(ascii: ","))
        case .tsv: reader = try CSVRowReader(file: data, delimiter: UInt8(ascii: "\t"))
        case .jsonLines: reader = JSONLinesRowReader(file: data)
        }
    }

    /// The column names of a CSV or TSV file's header, trimmed, in order; empty for JSON Lines,
    /// where each line names its own keys.
    public var columns: [String] { reader.columns }

    /// The next row, or the problem with the next record; nil after the last.
    public func next() -> DataRowResult? { reader.next() }
}
