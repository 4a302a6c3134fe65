/// What reading one record of a data file gave: a row, or why that record cannot be used.
///
/// A bad record does not stop the reading: the records after it still come, so one run reports
/// every bad row at once and renders the good ones.
package enum DataRowResult: Hashable, Sendable {
    case row(DataRow)
    case problem(DataRowProblem)

    /// The row, or nil for a problem.
    public var row: DataRow? {
        if case .row(let row) = self { return row }
        return nil
    }

    /// The problem, or nil for a row.
    public var problem: DataRowProblem? {
        if case .problem(let problem) = self { return problem }
        return nil
    }
}
