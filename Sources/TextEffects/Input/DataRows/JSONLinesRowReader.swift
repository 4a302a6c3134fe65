import Foundation

/// Rows of a JSON Lines file: each line that is not blank holds one JSON object whose values
/// are strings, numbers or booleans.
final class JSONLinesRowReader: DataRowReader {
    /// Each line names its own keys.
    let columns: [String] = []
    let file: DataFile
    /// The line being gathered, which may span chunks.
    private var lineBytes: [UInt8] = []
    /// Set when the line passed ``DataRowLimits/maximumRowBytes``: its bytes are dropped as
    /// they come, and the line is reported when it ends.
    private var lineTooLarge = false
    private var line = 1
    var rowCount = 0
    var results: [DataRowResult] = []
    var nextResult = 0
    var stopped = false

    init(file: DataFile) {
        self.file = file
    }

    func readNextChunk() throws(DataRowsError) {
        let chunk = try file.nextChunk()
        guard !chunk.isEmpty else {
            if file.reachedEnd {
                // The last line need not end with a line break.
                if !lineBytes.isEmpty || lineTooLarge { lineEnded() }
                stopped = true
            }
            return
        }
        var start = chunk.startIndex
        while start < chunk.endIndex, !stopped {
            let end = chunk[start...].firstIndex(of: 0x0A)
            gather(chunk[start..<(end ?? chunk.endIndex)])
            guard let end else { break }
            lineEnded()
            start = end + 1
        }
    }

    private func gather(_ bytes: ArraySlice<UInt8>) {
        guard !lineTooLarge else { return }
        guard lineBytes.count + bytes.count <= DataRowLimits.maximumRowBytes else {
            lineTooLarge = true
            lineBytes = []
            return
        }
        lineBytes += bytes
    }

    private func lineEnded() {
        defer {
            // A long line's buffer is not kept for the short ones after it.
            if lineBytes.capacity > 1 << 20 { lineBytes = [] } else { lineBytes.removeAll(keepingCapacity: true) }
            lineTooLarge = false
            line += 1
        }
        guard lineTooLarge || lineBytes.contains(where: { !Self.isBlank($0) }) else { return }
        guard countRow(startingOn: line) else { return }
        results.append(readRow())
    }

    /// The row on the line gathered, or what is wrong with it.
    private func readRow() -> DataRowResult {
        func problem(_ message: String) -> DataRowResult {
            .problem(DataRowProblem(file: file.name, line: line, row: rowCount, message: "row \(rowCount): \(message)"))
        }
        guard !lineTooLarge else {
            return problem("the line is larger than \(DataRowLimits.maximumRowBytes) bytes")
        }
        guard String(validating: lineBytes, as: UTF8.self) != nil else {
            return problem("the line is not UTF-8 text; save the file as UTF-8")
        }
        let value: JSONValue
        do { value = try JSONValue(parsing: Data(lineBytes)) } catch let error as JSONSyntaxError {
            return problem("not valid JSON at column \(error.column): \(error.reason)")
        } catch {
            return problem("not valid JSON: \(error)")
        }
        guard case .object(let object) = value else {
            return problem("the line holds \(value.typeName), not an object; each line holds one object such as {\"title\": \"Hello\"}")
        }
        guard object.count <= DataRowLimits.maximumColumns else {
            return problem("the object has \(object.count) keys; at most \(DataRowLimits.maximumColumns)")
        }
        // Sorted, so the same file always reports the same key first.
        for key in object.keys.sorted() {
            let name = "\"\(key.cutForMessages(after: 40))\""
            switch object[key]! {
            case .string(let text):
                let limit = DataRowLimits.maximumValueCharacters
                if text.utf8.count > limit, text.count > limit {
                    return problem("\(name) has \(text.count) characters; a value has at most \(limit)")
                }
            case .number, .bool:
                break
            case .null:
                return problem("\(name) is null; a value is a string, a number or a boolean (leave the key out to use the parameter's default)")
            case let nested:
                return problem("\(name) is \(nested.typeName); a value is a string, a number or a boolean")
            }
        }
        return .row(DataRow(number: rowCount, line: line, values: object))
    }

    /// Space, tab or CR: what a line holding nothing else may have (CR ends CRLF lines).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
