/// A string table that cannot be read, or a string that cannot be shown as asked: each message
/// names the file (and, for a catalog's JSON, the line and column) or the key and language.
package struct LocalizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What a string's problem is about, so a scene can report it at the field.
    public enum Subject: Hashable, Sendable {
        /// The table files, or the key's text (missing key, malformed format string).
        case key
        /// How many arguments there are.
        case arguments
        /// One argument (0-based).
        case argument(Int)
    }

    /// What is wrong, one sentence each.
    public var messages: [String]
    public var subject: Subject

    public init(_ message: String, subject: Subject = .key) {
        self.messages = [message]
        self.subject = subject
    }

    public init(messages: [String], subject: Subject = .key) {
        self.messages = messages
        self.subject = subject
    }

    public var description: String { messages.joined(separator: "\n") }
}
