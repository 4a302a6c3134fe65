import Foundation

/// Reads a chunk file: JSON Lines, one `{"t": seconds, "text": "…"}` object a line, times
/// non-decreasing, as a chat client logs an answer's deltas.
package enum StreamChunkFile {
    /// What is wrong with a chunk file, at a 1-based line.
    package struct Problem: Error, Hashable, Sendable {
        package var line: Int
        package var message: String
    }

    /// The chunks of `data`, in order; throws the first problem found.
    package static func chunks(in data: Data) throws(Problem) -> [StreamChunk] {
        var chunks: [StreamChunk] = []
        var lineNumber = 0
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            lineNumber += 1
            var bytes = Data(line)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
            guard chunks.count < StreamLimits.maximumChunkCount else {
                throw Problem(line: lineNumber, message: "more than \(StreamLimits.maximumChunkCount) chunks; a stream has at most that many")
            }
            let value: JSONValue
            do { value = try JSONValue(parsing: bytes) } catch {
                let reason = (error as? JSONSyntaxError).map { "column \($0.column): \($0.reason)" } ?? "\(error)"
                throw Problem(line: lineNumber, message: "not valid JSON (\(reason))")
            }
            guard let object = value.objectValue else {
                throw Problem(line: lineNumber, message: "expected an object {\"t\": seconds, \"text\": \"…\"}, found \(value.typeName)")
            }
            guard let time = object["t"]?.doubleValue, time.isFinite else {
                throw Problem(line: lineNumber, message: "needs \"t\", the chunk's time in seconds")
            }
            guard (0...StreamLimits.maximumTime).contains(time) else {
                throw Problem(line: lineNumber, message: "t \(JSONNode.format(time)) is out of range (0–\(JSONNode.format(StreamLimits.maximumTime)))")
            }
            guard let text = object["text"]?.stringValue else {
                throw Problem(line: lineNumber, message: "needs \"text\", the chunk's text as a string")
            }
            if text.utf8.contains(0) {
                throw Problem(line: lineNumber, message: "text contains U+0000 (NUL), which text cannot hold; remove it")
            }
            if let previous = chunks.last, time < previous.time {
                throw Problem(line: lineNumber, message: "t \(JSONNode.format(time)) is before the previous chunk's \(JSONNode.format(previous.time)); times never go back")
            }
            chunks.append(StreamChunk(time: time, text: text))
        }
        return chunks
    }
}
