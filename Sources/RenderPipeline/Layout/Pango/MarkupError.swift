import Foundation

/// Why Pango markup could not be parsed, one case per cause.
package enum MarkupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Tags nest deeper than `limit` (`SceneLimits.maximumMarkupDepth`); refused before parsing.
    case tooDeep(limit: Int)
    /// Pango's own message, e.g.
    /// "Error on line 1 char 12: Element 'b' was closed, but the currently open element is 'i'".
    case invalid(String)

    /// What is wrong, on one line (as every scene problem is reported on one line).
    public var message: String {
        switch self {
        case .tooDeep(let limit): "tags nest more than \(limit) levels deep"
        case .invalid(let message):
            message.joiningLines
        }
    }

    public var description: String { message }
}
