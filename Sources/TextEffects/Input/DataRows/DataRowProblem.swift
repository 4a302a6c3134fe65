/// A record of a data file that cannot be used, located by file, line and row.
///
/// Its description is one line: `data.csv:12: row 11 has 3 fields; the header has 4 (id, title,
/// price, photo)`.
package struct DataRowProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as the user gave it.
    public var file: String
    /// 1-based line where the problem is (where the record starts, or where its quoting broke).
    public var line: Int
    /// 1-based data row (as ``DataRow/number``); 0 when the problem ends the reading rather than
    /// belonging to one row (the file could no longer be read, too many rows).
    public var row: Int
    /// What is wrong, in plain words, naming the row.
    public var message: String

    public init(file: String, line: Int, row: Int, message: String) {
        self.file = file
        self.line = line
        self.row = row
        self.message = message
    }

    /// `data.csv:12: message`, on one line (control characters escaped, an overlong line cut).
    public var description: String {
        let location = line > 0 ? "\(file):\(line): " : "\(file): "
        return (location + message).oneMessageLine()
    }
}
