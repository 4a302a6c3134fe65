/// Reads the rows of one data file, in order, a chunk of the file at a time.
protocol DataRowReader: AnyObject {
    /// The column names of a CSV or TSV header; empty for JSON Lines (each line names its keys).
    var columns: [String] { get }
    /// The next row or problem, or nil after the last.
    func next() -> DataRowResult?
}
