import Foundation

/// Why an image file could not be used inline in text.
package struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that was read.
    public var path: String
    /// What went wrong, e.g. "no such file" or "not a PNG or SVG image".
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        // Library messages (libxml2's via librsvg) may span lines; errors are reported one per line.
        self.reason = reason.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    public var description: String { "\(path) cannot be read (\(reason))" }
}
