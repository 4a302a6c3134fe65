import Foundation

/// Rows of a CSV or TSV file: libcsv (through ``CSVParser``) splits the records, this names
/// their values by the header's columns and checks them.
///
/// The file is fed to libcsv one line at a time (split after every CR and LF), so the line
/// each record starts on is known, which libcsv does not report; every record libcsv ends
/// within one such piece ends at its line break.
final class CSVRowReader: DataRowReader {
    let file: DataFile
    private let parser: CSVParser
    private(set) var columns: [String] = []
    private var headerRead = false
    private var headerError: DataRowsError?

    // The record being read.
    private var values: [String] = []
    private var valueCount = 0
    private var recordBytes = 0
    /// The first thing wrong with the record; its values are no longer kept.
    private var recordProblem: String?

    /// The line of the piece being parsed, and the line after it.
    private var line = 1
    private var lineAfterPiece = 1
    /// Where the record being read started (libcsv skips the spaces before it, not the lines).
    private var recordStartLine = 1
    /// Whether the last piece ended with a CR, so an LF right after it ends no further line.
    private var pieceEndedWithCarriageReturn = false

    var rowCount = 0
    /// Rows and problems completed by the last chunk, handed out before the next is read.
    var results: [DataRowResult] = []
    var nextResult = 0
    /// Set at the end of the file, or when reading cannot go on.
    var stopped = false

    init(file: DataFile, delimiter: UInt8) throws(DataRowsError) {
        self.file = file
        parser = CSVParser(delimiter: delimiter)
        // Unowned: the parser is this reader's own, and its closures must not keep the reader.
        parser.valueRead = { [unowned self] bytes in self.valueRead(bytes) }
        parser.recordEnded = { [unowned self] in self.recordEnded() }
        while !headerRead, headerError == nil, !stopped { try readNextChunk() }
        if let headerError { throw headerError }
        guard headerRead else {
            throw DataRowsError.noHeader(file: file.name)
        }
    }

    // MARK: Feeding libcsv

    func readNextChunk() throws(DataRowsError) {
        let chunk = try file.nextChunk()
        guard !chunk.isEmpty else {
            if file.reachedEnd { finishFile() }
            return
        }
        chunk.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count, !stopped {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                let pieceEnd = min(end + 1, bytes.count)
                countLines(terminator: end < bytes.count ? bytes[end] : nil, pieceLength: pieceEnd - start)
                parse(UnsafeRawBufferPointer(rebasing: bytes[start..<pieceEnd]))
                line = lineAfterPiece
                start = pieceEnd
            }
        }
    }

    /// Sets `lineAfterPiece`: a piece ending in LF or CR ends a line, except the LF of a CRLF.
    private func countLines(terminator: UInt8?, pieceLength: Int) {
        switch terminator {
        case 0x0A:
            let endsCRLF = pieceEndedWithCarriageReturn && pieceLength == 1
            lineAfterPiece = endsCRLF ? line : line + 1
        case 0x0D:
            lineAfterPiece = line + 1
        default:
            lineAfterPiece = line
        }
        pieceEndedWithCarriageReturn = terminator == 0x0D
    }

    private func parse(_ piece: UnsafeRawBufferPointer) {
        do { try parser.parse(piece) } catch {
            // The rest of the piece (of this line) is dropped: reading goes on at the next line.
            failRecord(error.message, at: line)
            return
        }
        // Checked after each piece (at most one chunk), so libcsv never holds much more than a
        // row's worth. A record over the limit is not cut off there: libcsv reads on to its
        // real end (a quote left open, to the end of the file) with nothing kept, so no part of
        // it is taken for rows of its own and the rows after it keep their numbers.
        if recordProblem == nil, recordBytes + parser.pendingValueByteCount > DataRowLimits.maximumRowBytes {
            recordProblem = tooLargeMessage
            values = []
        }
        if recordProblem != nil { parser.discardPendingValue() }
    }

    private func finishFile() {
        do { try parser.finish() } catch {
            let message = error == .malformedQuoting
                ? "a quote opened in it is never closed; close it, or double it (\"\") if it is part of the value"
                : error.message
            failRecord(message, at: recordStartLine)
        }
        stopped = true
    }

    /// Reports the record being read as a problem and starts the next one afresh.
    private func failRecord(_ message: String, at problemLine: Int) {
        parser.reset()
        recordProblem = recordProblem ?? message
        valueCount = max(valueCount, 1)
        let startLine = recordStartLine
        let reported = results.count
        recordEnded()
        if problemLine != startLine, results.count > reported, case .problem(var problem) = results[reported] {
            // Where the quoting broke, with where the row started.
            problem.line = problemLine
            problem.message += " (the row starts on line \(startLine))"
            results[reported] = .problem(problem)
        }
    }

    // MARK: libcsv's callbacks

    private func valueRead(_ bytes: UnsafeRawBufferPointer) {
        valueCount += 1
        guard !stopped, recordProblem == nil else { return }
        if headerRead {
            // Values past the header's count are counted, not kept: the row is wrong anyway.
            guard valueCount <= columns.count else { return }
        } else if valueCount > DataRowLimits.maximumColumns {
            recordProblem = "it has more than \(DataRowLimits.maximumColumns) columns"
            return
        }
        recordBytes += bytes.count
        guard recordBytes <= DataRowLimits.maximumRowBytes else {
            recordProblem = tooLargeMessage
            values = []
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            recordProblem = "\(columnName(valueCount - 1)) is not UTF-8 text; save the file as UTF-8"
            return
        }
        if bytes.contains(0) {
            recordProblem = "\(columnName(valueCount - 1)) contains U+0000 (NUL), which text cannot hold; if the file is UTF-16, save it as UTF-8"
            return
        }
        let limit = DataRowLimits.maximumValueCharacters
        if bytes.count > limit, text.count > limit {
            recordProblem = "\(columnName(valueCount - 1)) has \(text.count) characters; a value has at most \(limit)"
            return
        }
        values.append(text)
    }

    private func recordEnded() {
        defer {
            values.removeAll(keepingCapacity: true)
            valueCount = 0
            recordBytes = 0
            recordProblem = nil
            recordStartLine = lineAfterPiece
        }
        // Blank lines (libcsv reports every line break) and anything after the end.
        guard valueCount > 0, !stopped else { return }
        guard headerRead else { return readHeader() }
        guard countRow(startingOn: recordStartLine) else { return }
        if let recordProblem {
            results.append(problem("row \(rowCount): \(recordProblem)"))
        } else if valueCount != columns.count {
            let fields = valueCount == 1 ? "1 field" : "\(valueCount) fields"
            results.append(problem("row \(rowCount) has \(fields); the header has \(columns.count) (\(columnList))"))
        } else {
            let row = DataRow(number: rowCount, line: recordStartLine,
                              values: Dictionary(uniqueKeysWithValues: zip(columns, values.lazy.map(JSONValue.string))))
            results.append(.row(row))
        }
    }

    private func readHeader() {
        func fail(_ message: String) {
            headerError = DataRowsError.badHeader(file: file.name, line: recordStartLine, problem: message)
            stopped = true
        }
        if let recordProblem { return fail(recordProblem) }
        let names = values.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        var firstColumn: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            guard !name.isEmpty else { return fail("column \(index + 1) has no name; every column needs one") }
            if let earlier = firstColumn[name] {
                return fail("column \(index + 1), \"\(name)\", has the name of column \(earlier + 1); names must differ")
            }
            firstColumn[name] = index
        }
        columns = names
        headerRead = true
    }

    // MARK: Messages

    private func problem(_ message: String) -> DataRowResult {
        .problem(DataRowProblem(file: file.name, line: recordStartLine, row: rowCount, message: message))
    }

    private var tooLargeMessage: String {
        "it is larger than \(DataRowLimits.maximumRowBytes) bytes (is a quote left open?)"
    }

    /// `column "title"` once the header is read, `column 3` in the header itself.
    private func columnName(_ index: Int) -> String {
        headerRead && index < columns.count
            ? "column \"\(columns[index].cutForMessages(after: 40))\"" : "column \(index + 1)"
    }

    /// `id, title, price, photo`, the first ten names of a longer header followed by how many more.
    private var columnList: String {
        let shown = columns.prefix(10).map { $0.cutForMessages(after: 40) }.joined(separator: ", ")
        return columns.count > 10 ? "\(shown), … \(columns.count - 10) more" : shown
    }
}
