import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Data rows for `batch`: CSV and TSV through libcsv, JSON Lines through Foundation, each
/// record a row or a problem naming its file, line and row, read a chunk at a time.
@Suite struct DataRowsTests {
    /// A file named `name` holding `bytes`, in a folder of its own that is removed afterwards.
    struct DataFolder: ~Copyable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ name: String, _ bytes: [UInt8]) throws -> URL {
            let file = url.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            return file
        }
    }

    /// Every result of reading `text` as a file named `name`.
    static func read(_ text: String, as name: String = "data.csv") throws -> (columns: [String], results: [DataRowResult]) {
        try read(Array(text.utf8), as: name)
    }

    static func read(_ bytes: [UInt8], as name: String = "data.csv") throws -> (columns: [String], results: [DataRowResult]) {
        let folder = try DataFolder()
        let rows = try DataRows(url: try folder.write(name, bytes), name: name)
        return (rows.columns, Array(rows))
    }

    /// The values of each row (problems left out), columns in `keys`' order.
    static func table(_ results: [DataRowResult], _ keys: [String]) -> [[String]] {
        results.compactMap(\.row).map { row in keys.map { row.values[$0]?.stringValue ?? "<\(row.values[$0]?.description ?? "missing")>" } }
    }

    static func problems(_ results: [DataRowResult]) -> [String] {
        results.compactMap(\.problem).map(\.description)
    }

    /// The error opening `bytes` as `name` throws, as printed.
    static func openingError(_ bytes: [UInt8], as name: String = "data.csv") -> String? {
        do {
            _ = try read(bytes, as: name)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: CSV

    @Test func quotedValuesWithCommasAndDoubledQuotes() throws {
        let (columns, results) = try Self.read(#"""
            id,title,price
            1,"Hello, world",9.50
            2,"She said ""hi""",
            3,  padded  ,""
            """#)
        #expect(columns == ["id", "title", "price"])
        #expect(Self.problems(results).isEmpty)
        #expect(Self.table(results, columns) == [["1", "Hello, world", "9.50"], ["2", "She said \"hi\"", ""], ["3", "padded", ""]])
        #expect(results.compactMap(\.row).map(\.number) == [1, 2, 3])
        #expect(results.compactMap(\.row).map(\.line) == [2, 3, 4])
        #expect(results[0].row?.values["price"] == .string("9.50"))
    }

    @Test func lineBreaksInsideQuotesKeepTheNextRowsLine() throws {
        let (columns, results) = try Self.read("id,text\n1,\"two\nlines\"\n2,\"three\r\nlines\nhere\"\n\n3,after\n")
        #expect(Self.table(results, columns) == [["1", "two\nlines"], ["2", "three\r\nlines\nhere"], ["3", "after"]])
        #expect(results.compactMap(\.row).map(\.line) == [2, 4, 8])
        #expect(results.compactMap(\.row).map(\.number) == [1, 2, 3])
    }

    @Test func crlfLineEndsAndBlankLines() throws {
        let (columns, results) = try Self.read("name,city\r\n\r\nAda,London\r\n   \r\nGrace,\"New York\"\r\n")
        #expect(columns == ["name", "city"])
        #expect(Self.table(results, columns) == [["Ada", "London"], ["Grace", "New York"]])
        #expect(results.compactMap(\.row).map(\.line) == [3, 5])
    }

    @Test func byteOrderMarkIsSkippedAndHeaderNamesTrimmed() throws {
        let (columns, results) = try Self.read([0xEF, 0xBB, 0xBF] + Array(" id , title\n7,Seven".utf8))
        #expect(columns == ["id", "title"])
        #expect(Self.table(results, columns) == [["7", "Seven"]])
        #expect(results[0].row?.line == 2)
    }

    @Test func tabSeparatedValues() throws {
        let (columns, results) = try Self.read("id\ttitle\tnote\n1\tHello, world\t\n2\t\"quoted\ttab\"\tx\n", as: "data.tsv")
        #expect(columns == ["id", "title", "note"])
        #expect(Self.table(results, columns) == [["1", "Hello, world", ""], ["2", "quoted\ttab", "x"]])
    }

    @Test func emptyValuesAreEmptyText() throws {
        let (columns, results) = try Self.read("a,b,c\n,,\n\"\",x,\n")
        #expect(Self.table(results, columns) == [["", "", ""], ["", "x", ""]])
    }

    @Test func aShortRowIsReportedAndLaterRowsStillCome() throws {
        let (columns, results) = try Self.read("""
            id,title,price,photo
            1,One,1.00,one.png
            2,Two,2.00
            3,Three,3.00,three.png,extra
            4,Four,4.00,four.png
            """)
        #expect(Self.table(results, columns) == [["1", "One", "1.00", "one.png"], ["4", "Four", "4.00", "four.png"]])
        #expect(Self.problems(results) == [
            "data.csv:3: row 2 has 3 fields; the header has 4 (id, title, price, photo)",
            "data.csv:4: row 3 has 5 fields; the header has 4 (id, title, price, photo)",
        ])
        #expect(results.compactMap(\.problem).map(\.row) == [2, 3])
        #expect(results.compactMap(\.row).map(\.number) == [1, 4])
    }

    @Test func strayQuotesAreAProblemOfTheirRowOnly() throws {
        let (columns, results) = try Self.read("id,title\n1,5\" screen\n2,\"closed\"text\n3,fine\n")
        #expect(Self.table(results, columns) == [["3", "fine"]])
        let problems = results.compactMap(\.problem)
        #expect(problems.map(\.line) == [2, 3])
        #expect(problems.map(\.row) == [1, 2])
        #expect(problems.allSatisfy { $0.message.contains("quotes are unbalanced") })

        // Where the quoting breaks, with where its row starts.
        let (_, multiLine) = try Self.read("id,title\n1,\"two\nlines\"x\n2,next\n")
        #expect(multiLine.compactMap(\.problem).map(\.line) == [3])
        #expect(multiLine.compactMap(\.problem).first?.message.hasSuffix("(the row starts on line 2)") == true)
        #expect(multiLine.compactMap(\.row).map(\.line) == [4])
    }

    @Test func aQuoteNeverClosedIsReportedWhereItsRowStarts() throws {
        let (columns, results) = try Self.read("id,title\n1,ok\n2,\"open\n3,more\n")
        #expect(Self.table(results, columns) == [["1", "ok"]])
        #expect(Self.problems(results) == ["data.csv:3: row 2: a quote opened in it is never closed; close it, or double it (\"\") if it is part of the value"])
    }

    @Test func duplicateAndEmptyHeaderNames() {
        #expect(Self.openingError(Array("id,title,id\n1,2,3\n".utf8))
                == "data.csv:1: the header: column 3, \"id\", has the name of column 1; names must differ")
        #expect(Self.openingError(Array("\nid,,price\n".utf8)) == "data.csv:2: the header: column 2 has no name; every column needs one")
        #expect(Self.openingError(Array("id,\" \"\n".utf8)) == "data.csv:1: the header: column 2 has no name; every column needs one")
        #expect(Self.openingError([]) == "data.csv: has no header; its first line must name the columns, such as id,title,price")
    }

    @Test func invalidUTF8IsAProblemAtItsLine() throws {
        let (columns, results) = try Self.read(Array("id,title\n1,ok\n".utf8) + Array("2,caf".utf8) + [0xE9] + Array("\n3,fine\n".utf8))
        #expect(Self.table(results, columns) == [["1", "ok"], ["3", "fine"]])
        #expect(Self.problems(results) == ["data.csv:3: row 2: column \"title\" is not UTF-8 text; save the file as UTF-8"])
        #expect(Self.openingError([0xFF, 0xFE] + Array("i\0d\0".utf8)) == "data.csv:1: is UTF-16 text; save it as UTF-8")
        #expect(Self.openingError(Array("id,t".utf8) + [0xE9] + Array("\n".utf8))
                == "data.csv:1: the header: column 2 is not UTF-8 text; save the file as UTF-8")
    }

    @Test func aValueOverTheLimitIsARowProblem() throws {
        let long = String(repeating: "é", count: DataRowLimits.maximumValueCharacters + 1)
        let (columns, results) = try Self.read("id,text\n1,\(long)\n2,short\n")
        #expect(Self.table(results, columns) == [["2", "short"]])
        #expect(Self.problems(results) == ["data.csv:2: row 1: column \"text\" has 1000001 characters; a value has at most 1000000"])
    }

    /// A record past the 64 MB limit is one problem, read on to its real end: the lines of its
    /// quoted value are not taken for rows, and the rows after it keep their numbers and lines.
    @Test(arguments: [true, false])
    func aRecordOverTheByteLimitIsSkippedToItsEnd(quoted: Bool) throws {
        let line = String(repeating: "x", count: 999) + (quoted ? "\n" : "")
        let lines = DataRowLimits.maximumRowBytes / line.utf8.count + 2
        var bytes = Array("id,text\n0,before\n1,\(quoted ? "\"" : "")".utf8)
        bytes.reserveCapacity(bytes.count + lines * line.utf8.count + 64)
        for _ in 0..<lines { bytes += line.utf8 }
        bytes += Array("\(quoted ? "\"" : "")\n2,after\n3,\"last\"\n".utf8)
        let (columns, results) = try Self.read(bytes)
        #expect(Self.table(results, columns) == [["0", "before"], ["2", "after"], ["3", "last"]])
        #expect(Self.problems(results) == ["data.csv:3: row 2: it is larger than \(DataRowLimits.maximumRowBytes) bytes (is a quote left open?)"])
        let rows = results.compactMap(\.row)
        #expect(rows.map(\.number) == [1, 3, 4])
        #expect(rows.map(\.line) == (quoted ? [2, 4 + lines, 5 + lines] : [2, 4, 5]))
    }

    @Test func unknownExtensionsAndMissingFilesAreRefused() {
        #expect(Self.openingError(Array("a\n".utf8), as: "data.txt")
                == "data.txt: is not a data file (\".txt\" is not one); use .csv, .tsv, .jsonl or .ndjson")
        #expect(throws: DataRowsError.unreadable(file: "nowhere.csv", reason: "no such file")) {
            try DataRows(url: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.csv"), name: "nowhere.csv")
        }
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let folder = try DataFolder()
        let fifo = folder.url.appendingPathComponent("rows.csv")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(throws: DataRowsError.unreadable(file: "rows.csv", reason: "it is a FIFO, not a regular file")) {
            try DataRows(url: fifo, name: "rows.csv")
        }
        #expect(throws: DataRowsError.self) { try DataRows(url: URL(fileURLWithPath: "/dev/zero.csv")) }
    }

    // MARK: JSON Lines

    @Test func jsonLinesKeepNumbersBooleansAndStrings() throws {
        let (columns, results) = try Self.read("""
            {"title": "Hello", "price": 9.5, "sale": true}

            {"title": "Bye", "price": 12, "sale": false, "note": "x\\ny"}\r
            """, as: "data.jsonl")
        #expect(columns.isEmpty)
        #expect(Self.problems(results).isEmpty)
        let rows = results.compactMap(\.row)
        #expect(rows.map(\.values) == [
            ["title": .string("Hello"), "price": .number(9.5), "sale": .bool(true)],
            ["title": .string("Bye"), "price": .number(12), "sale": .bool(false), "note": .string("x\ny")],
        ])
        #expect(rows.map(\.line) == [1, 3])
        #expect(rows.map(\.number) == [1, 2])
    }

    @Test func jsonLinesThatAreNotFlatObjectsAreRowProblems() throws {
        let (_, results) = try Self.read("""
            [1, 2]
            {"title": "ok"}
            {"title": "x", "tags": ["a"]}
            {"title": "x", "meta": {"a": 1}}
            {"title": null}
            {"title": "unclosed
            {"title": "last"}
            """, as: "data.ndjson")
        #expect(results.compactMap(\.row).map { $0.values["title"] } == [.string("ok"), .string("last")])
        let problems = Self.problems(results)
        #expect(problems.count == 5)
        #expect(problems[0] == "data.ndjson:1: row 1: the line holds an array, not an object; each line holds one object such as {\"title\": \"Hello\"}")
        #expect(problems[1] == "data.ndjson:3: row 3: \"tags\" is an array; a value is a string, a number or a boolean")
        #expect(problems[2] == "data.ndjson:4: row 4: \"meta\" is an object; a value is a string, a number or a boolean")
        #expect(problems[3].hasPrefix("data.ndjson:5: row 5: \"title\" is null;"))
        #expect(problems[4].hasPrefix("data.ndjson:6: row 6: not valid JSON at column"))
    }

    @Test func jsonLinesInvalidUTF8() throws {
        let (_, results) = try Self.read(Array("{\"t\": \"caf".utf8) + [0xE9] + Array("\"}\n{\"t\": \"ok\"}".utf8), as: "data.jsonl")
        #expect(Self.problems(results) == ["data.jsonl:1: row 1: the line is not UTF-8 text; save the file as UTF-8"])
        #expect(results.compactMap(\.row).map(\.line) == [2])
    }

    // MARK: Streaming

    /// 200,000 rows (about 7 MB, over a hundred chunks) are read one by one: the rows are
    /// counted, not kept, and lines are still right at the end.
    @Test func aLargeFileIsReadAsItIsIterated() throws {
        let folder = try DataFolder()
        let url = folder.url.appendingPathComponent("large.csv")
        let count = 200_000
        var text = "id,title,price\n"
        text.reserveCapacity(count * 40)
        for index in 1...count {
            text += index % 1000 == 0 ? "\(index),\"Row \(index),\nsecond line\",\(index).99\n" : "\(index),Row number \(index),\(index).99\r\n"
        }
        try Data(text.utf8).write(to: url)
        text = ""

        var rowCount = 0
        var last: DataRow?
        var problems = 0
        for result in try DataRows(url: url) {
            switch result {
            case .row(let row):
                rowCount += 1
                if row.number != rowCount { Issue.record("row \(row.number) came as the \(rowCount)th") }
                last = row
            case .problem:
                problems += 1
            }
        }
        #expect(rowCount == count && problems == 0)
        // One extra line for each of the 200 rows with a line break inside quotes.
        #expect(last?.line == 1 + count + count / 1000 - 1)
        #expect(last?.values["title"] == .string("Row \(count),\nsecond line"))
    }
}
