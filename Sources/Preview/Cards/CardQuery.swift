import Foundation

/// A card request's query string read into template values, `application/x-www-form-urlencoded`
/// as browsers write it (`+` is a space, `%XX` a UTF-8 byte), within the server's limits.
enum CardQuery {
    /// The query string, as sent, holds at most 8,192 bytes (414 past that).
    static let maximumBytes = 8_192
    /// A value holds at most 2,048 bytes once decoded.
    static let maximumValueBytes = 2_048
    /// At most 64 parameters.
    static let maximumParameters = 64

    /// The values by name. Each name at most once; names and values must decode to UTF-8
    /// without NUL.
    static func values(_ query: String?) throws(CardRequestError) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        guard query.utf8.count <= maximumBytes else {
            throw CardRequestError(status: 414, message: "the query string holds \(query.utf8.count) bytes; at most \(maximumBytes)")
        }
        var values: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0], what: "a parameter name")
            guard !name.isEmpty else { throw .badRequest("a parameter has no name (\"\(pair.prefix(40))\")") }
            let value = parts.count == 2 ? try decode(parts[1], what: "the value of \(name)", parameter: name) : ""
            guard value.utf8.count <= maximumValueBytes else {
                throw .badRequest("\(name): the value holds \(value.utf8.count) bytes; at most \(maximumValueBytes)", parameter: name)
            }
            guard values.updateValue(value, forKey: name) == nil else {
                throw .badRequest("\(name) is given more than once", parameter: name)
            }
            guard values.count <= maximumParameters else {
                throw .badRequest("more than \(maximumParameters) parameters")
            }
        }
        return values
    }

    private static func decode(_ text: Substring, what: String, parameter: String? = nil) throws(CardRequestError) -> String {
        // `+` is a space in a query. Swapped byte for byte: Foundation's replacingOccurrences
        // goes through NSString on Linux and cost more than the rest of a cached card's answer.
        let plus = UInt8(ascii: "+")
        let spaced = text.utf8.contains(plus)
            ? String(decoding: text.utf8.map { $0 == plus ? UInt8(ascii: " ") : $0 }, as: UTF8.self) : String(text)
        let decoded: String
        if spaced.utf8.contains(UInt8(ascii: "%")) {
            guard let unescaped = spaced.removingPercentEncoding else {
                throw .badRequest("\(what) is not valid percent-encoded UTF-8", parameter: parameter)
            }
            decoded = unescaped
        } else {
            decoded = spaced
        }
        guard !decoded.unicodeScalars.contains("\0") else {
            throw .badRequest("\(what) holds a NUL character", parameter: parameter)
        }
        return decoded
    }
}
