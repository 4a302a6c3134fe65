import Foundation

/// JSON text that does not parse, located by line and column as an editor shows them.
///
/// Foundation reports a byte offset ("around character 2417"), which nobody can find in a file;
/// this turns it into a 1-based line and a column counted in characters.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public var line: Int
    /// 1-based, in characters.
    public var column: Int
    /// What the parser found wrong, without its own location.
    public var reason: String

    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line 3, column 14: invalid value`.
    public var description: String { "line \(line), column \(column): \(reason)" }

    /// Locates a `JSONSerialization` error in `data`; errors without an offset (the end of the
    /// file came too soon) are placed at the end.
    init(_ error: Error, in data: Data) {
        let nsError = error as NSError
        var reason = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        var offset = data.count
        if let range = reason.range(of: #" around character \d+"#, options: .regularExpression) {
            offset = min(Int(reason[range].split(separator: " ").last ?? "") ?? offset, data.count)
            reason.removeSubrange(range)
        }
        if reason.hasSuffix(".") { reason.removeLast() }
        if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
        let prefix = data.prefix(offset)
        let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? prefix.startIndex
        self.init(line: prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 },
                  column: String(decoding: data[lineStart..<prefix.endIndex], as: UTF8.self).count + 1,
                  reason: reason)
    }
}
