/// A data file that cannot be read at all: missing, not a regular file, of an unknown format,
/// or with a header that names no usable columns.
///
/// Its description is one line naming the file (and the line, when there is one):
/// `data.csv:1: column 3 of the header has no name`.
package struct DataRowsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as the user gave it.
    public var file: String
    /// 1-based; 0 when the problem is about the whole file.
    public var line: Int
    /// What is wrong, in plain words.
    public var message: String

    public init(file: String, line: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        let location = line > 0 ? "\(file):\(line): " : "\(file): "
        return (location + message).oneMessageLine()
    }
}
