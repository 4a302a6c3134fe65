/// Why a frame could not be encoded as a JPEG or WebP still (the encoder's own message).
package struct StillEncodingError: Error, CustomStringConvertible, Equatable {
    /// `JPEG` or `WebP`.
    package var format: String
    package var reason: String

    package init(format: String, reason: String) {
        self.format = format
        self.reason = reason
    }

    package var description: String { "cannot encode the frame as \(format): \(reason)" }
}
