import CCairo

/// A Cairo failure, turned from a `cairo_status_t` into a Swift error.
package struct RenderError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    init(status: cairo_status_t, while doing: String) {
        message = "\(doing): \(String(cString: cairo_status_to_string(status)))"
    }

    public var description: String { message }

    /// Throws when `status` is not success.
    static func check(_ status: cairo_status_t, _ doing: @autoclosure () -> String) throws {
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(status: status, while: doing()) }
    }
}
