import Foundation

/// Why a card request gets no card: the HTTP status and a message naming what is wrong.
struct CardRequestError: Error, Sendable {
    /// The HTTP status code: 400, 404, 414, 500, 503.
    var status: Int
    var message: String
    /// The query parameter at fault, when one is.
    var parameter: String?
    /// Seconds a client should wait before asking again (503).
    var retryAfter: Int?

    static func badRequest(_ message: String, parameter: String? = nil) -> Self {
        Self(status: 400, message: message, parameter: parameter)
    }

    static func notFound(_ message: String) -> Self {
        Self(status: 404, message: message)
    }
}
