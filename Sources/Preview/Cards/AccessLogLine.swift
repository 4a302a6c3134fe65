import Foundation

/// One request in `serve`'s access log: a JSON object on one line, keys sorted.
struct AccessLogLine: Encodable {
    var time: Date
    var method: String
    var path: String
    var query: String?
    var status: Int
    /// The body's length (nil when streamed without one).
    var bytes: Int?
    var milliseconds: Double
    /// Where a card's bytes came from: render, memory, disk, not_modified.
    var source: String?
    var template: String?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case time, method, path, query, status, bytes, source, template, error
        case milliseconds = "ms"
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        var line = self
        line.milliseconds = (milliseconds * 1000).rounded() / 1000
        return (try? String(decoding: encoder.encode(line), as: UTF8.self)) ?? "{}"
    }
}
