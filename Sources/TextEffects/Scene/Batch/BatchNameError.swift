/// Why a batch's `--name` pattern, or the name it gives one row, cannot be used.
package struct BatchNameError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
