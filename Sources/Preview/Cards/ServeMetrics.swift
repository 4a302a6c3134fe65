import Foundation

/// What `/metrics` reports, in Prometheus' text format: requests by status, cards by where
/// they came from, and how long drawing takes.
final class ServeMetrics: @unchecked Sendable {
    /// Where a card's bytes came from.
    enum Source: String, CaseIterable {
        /// Drawn for this request (or for one at the same time).
        case render
        /// Kept in memory.
        case memory
        /// Kept in the `--cache` folder.
        case disk
        /// The client had it (`If-None-Match`): 304, no body.
        case notModified = "not_modified"
    }

    /// Upper bounds of the render time histogram's buckets, in seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private let lock = NSLock()
    private var statuses: [Int: Int] = [:]
    private var sources: [Source: Int] = [:]
    private var bucketCounts = [Int](repeating: 0, count: buckets.count)
    private var renderCount = 0
    private var renderSeconds = 0.0

    func answered(status: Int) {
        lock.withLock { statuses[status, default: 0] += 1 }
    }

    func served(from source: Source) {
        lock.withLock { sources[source, default: 0] += 1 }
    }

    func rendered(seconds: Double) {
        lock.withLock {
            renderCount += 1
            renderSeconds += seconds
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { bucketCounts[index] += 1 }
        }
    }

    /// The exposition, with the queue's load and the caches' sizes now.
    func text(running: Int, waiting: Int, memoryBytes: Int, diskBytes: Int?) -> String {
        lock.withLock {
            var lines: [String] = []
            func family(_ name: String, _ type: String, _ help: String) {
                lines.append("# HELP texteffects_serve_\(name) \(help)")
                lines.append("# TYPE texteffects_serve_\(name) \(type)")
            }
            family("requests_total", "counter", "Requests answered, by HTTP status.")
            for status in statuses.keys.sorted() { lines.append("texteffects_serve_requests_total{status=\"\(status)\"} \(statuses[status]!)") }
            family("cards_total", "counter", "Cards answered, by where their bytes came from.")
            for source in Source.allCases { lines.append("texteffects_serve_cards_total{source=\"\(source.rawValue)\"} \(sources[source] ?? 0)") }
            family("render_seconds", "histogram", "Time to draw and encode one card.")
            for (index, bound) in Self.buckets.enumerated() {
                lines.append("texteffects_serve_render_seconds_bucket{le=\"\(Self.number(bound))\"} \(bucketCounts[index])")
            }
            lines.append("texteffects_serve_render_seconds_bucket{le=\"+Inf\"} \(renderCount)")
            lines.append("texteffects_serve_render_seconds_sum \(Self.number(renderSeconds))")
            lines.append("texteffects_serve_render_seconds_count \(renderCount)")
            family("renders_running", "gauge", "Cards being drawn now.")
            lines.append("texteffects_serve_renders_running \(running)")
            family("renders_waiting", "gauge", "Cards waiting for a worker now.")
            lines.append("texteffects_serve_renders_waiting \(waiting)")
            family("memory_cache_bytes", "gauge", "Bytes of cards kept in memory.")
            lines.append("texteffects_serve_memory_cache_bytes \(memoryBytes)")
            if let diskBytes {
                family("disk_cache_bytes", "gauge", "Bytes of cards kept in the --cache folder.")
                lines.append("texteffects_serve_disk_cache_bytes \(diskBytes)")
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
