import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `DataRowsError` case says what it said when it was a file, a line and a string.
@Suite struct DataRowsErrorTests {
    static let messages: [(DataRowsError, String)] = [
        (.unreadable(file: "nowhere.csv", reason: "no such file"), "nowhere.csv: cannot be read (no such file)"),
        (.unknownFormat(file: "rows.xls", found: "\".xls\" is not one"),
         "rows.xls: is not a data file (\".xls\" is not one); use .csv, .tsv, .jsonl or .ndjson"),
        (.unknownFormat(file: "rows", found: "it has no extension"),
         "rows: is not a data file (it has no extension); use .csv, .tsv, .jsonl or .ndjson"),
        (.utf16(file: "wide.csv"), "wide.csv:1: is UTF-16 text; save it as UTF-8"),
        (.noHeader(file: "empty.csv"), "empty.csv: has no header; its first line must name the columns, such as id,title,price"),
        (.badHeader(file: "data.csv", line: 3, problem: "column 2 has no name"), "data.csv:3: the header: column 2 has no name"),
    ]

    @Test(arguments: messages) func message(_ error: DataRowsError, _ expected: String) {
        #expect(error.description == expected)
    }

    @Test func fileAndLineAreTheCasesOwn() {
        #expect(DataRowsError.badHeader(file: "d.csv", line: 4, problem: "x").line == 4)
        #expect(DataRowsError.utf16(file: "d.csv").line == 1)
        #expect(DataRowsError.noHeader(file: "d.csv").line == 0)
        #expect(DataRowsError.noHeader(file: "d.csv").file == "d.csv")
    }
}
