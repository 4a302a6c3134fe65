import CCairo

extension RenderError {
    /// Cairo's failure `status` while `doing` something.
    package init(status: cairo_status_t, while doing: String) {
        self = .cairo(doing: doing, status: String(cString: cairo_status_to_string(status)))
    }

    /// Throws when `status` is not success.
    static func check(_ status: cairo_status_t, _ doing: @autoclosure () -> String) throws {
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(status: status, while: doing()) }
    }
}
