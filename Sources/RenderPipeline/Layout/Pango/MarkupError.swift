import Foundation

/// Why Pango markup could not be parsed: Pango's own message, e.g.
/// "Error on line 1 char 12: Element 'b' was closed, but the currently open element is 'i'".
package struct MarkupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        // One line, as every scene problem is reported on one line.
        self.message = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    public var description: String { message }
}
