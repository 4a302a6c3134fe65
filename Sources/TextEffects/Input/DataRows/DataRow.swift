/// One record of a data file: the values that fill a template's parameters for one output.
package struct DataRow: Hashable, Sendable {
    /// 1-based among the data rows: the header and blank lines are not counted, rows with a
    /// problem are, so row 11 is the eleventh record after the header whatever became of row 10.
    public var number: Int
    /// 1-based line of the file where the row starts (a quoted value may span several lines).
    public var line: Int
    /// Column (or JSON key) to value: always `.string` from CSV and TSV; `.string`, `.number` or
    /// `.bool` from JSON Lines.
    public var values: [String: JSONValue]

    public init(number: Int, line: Int, values: [String: JSONValue]) {
        self.number = number
        self.line = line
        self.values = values
    }
}
