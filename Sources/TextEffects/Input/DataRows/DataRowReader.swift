/// Reads the rows of one data file, in order, a chunk of the file at a time.
///
/// A reader turns each chunk into the rows and problems it completes, queued in `results`;
/// `next()` hands them out and reads another chunk when they run out.
protocol DataRowReader: AnyObject {
    /// The column names of a CSV or TSV header; empty for JSON Lines (each line names its keys).
    var columns: [String] { get }
    var file: DataFile { get }
    /// Rows read so far.
    var rowCount: Int { get set }
    /// Rows and problems read and not yet handed out, from `nextResult` on.
    var results: [DataRowResult] { get set }
    var nextResult: Int { get set }
    /// Whether reading has ended (the file's end, or a problem that stops it).
    var stopped: Bool { get set }
    /// Reads the next chunk of the file into `results`.
    func readNextChunk() throws(DataRowsError)
}

extension DataRowReader {
    /// The next row or problem, or nil after the last.
    func next() -> DataRowResult? {
        while nextResult == results.count {
            results.removeAll(keepingCapacity: true)
            nextResult = 0
            guard !stopped else { return nil }
            do { try readNextChunk() } catch {
                stopped = true
                results.append(.problem(DataRowProblem(file: file.name, line: 0, row: 0,
                                                       message: "\(error.message); the rows after row \(rowCount) are not read")))
            }
        }
        defer { nextResult += 1 }
        return results[nextResult]
    }

    /// Counts one more row, starting on `line`; false, having stopped reading with a problem
    /// saying so, once there are more than `DataRowLimits.maximumRows`.
    func countRow(startingOn line: Int) -> Bool {
        rowCount += 1
        guard rowCount > DataRowLimits.maximumRows else { return true }
        stopped = true
        let message = "more than \(DataRowLimits.maximumRows) rows; this one and those after it are not read"
        results.append(.problem(DataRowProblem(file: file.name, line: line, row: 0, message: message)))
        return false
    }
}
