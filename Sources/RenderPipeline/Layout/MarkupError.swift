/// Why Pango markup could not be parsed: Pango's own message, e.g.
/// "Error on line 1 char 12: Element 'b' was closed, but the currently open element is 'i'".
public struct MarkupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
