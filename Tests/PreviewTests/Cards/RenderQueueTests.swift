import Foundation
import Testing
@testable import Preview

@Suite("render queue and metrics")
struct RenderQueueTests {
    @Test("at most `workers` run and `maximumWaiting` wait; past that submit refuses; waiting work runs as workers free")
    func bounds() {
        let queue = RenderQueue(workers: 2, maximumWaiting: 1)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<3 {
            finished.enter()
            #expect(queue.submit { release.wait(); finished.leave() })
        }
        #expect(!queue.submit {})
        let deadline = Date().addingTimeInterval(10)
        while queue.load != (2, 1), Date() < deadline { usleep(1_000) }
        #expect(queue.load == (2, 1))
        for _ in 0..<3 { release.signal() }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        while queue.load != (0, 0), Date() < deadline { usleep(1_000) }
        #expect(queue.load == (0, 0))
    }

    @Test("a job's waiters all get its bytes; one that stops waiting gets CancellationError and the others still the bytes")
    func jobs() async throws {
        let job = CardJob()
        let cancelled = Task { try await job.value() }
        let waiting = Task { try await job.value() }
        try await Task.sleep(for: .milliseconds(50))
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        job.finish(.success(Data([1, 2, 3])))
        #expect(try await waiting.value == Data([1, 2, 3]))
        // Asked after it finished: at once.
        #expect(try await job.value() == Data([1, 2, 3]))
    }

    @Test("/metrics is Prometheus text: counters by label, a cumulative histogram with +Inf, sum and count")
    func metrics() {
        let metrics = ServeMetrics()
        metrics.answered(status: 200)
        metrics.answered(status: 200)
        metrics.answered(status: 404)
        metrics.served(from: .render)
        metrics.rendered(seconds: 0.02)
        metrics.rendered(seconds: 3)
        let text = metrics.text(running: 1, waiting: 0, memoryBytes: 10, diskBytes: nil)
        let lines = Set(text.split(separator: "\n").map(String.init))
        for line in ["texteffects_serve_requests_total{status=\"200\"} 2", "texteffects_serve_requests_total{status=\"404\"} 1",
                     "texteffects_serve_cards_total{source=\"render\"} 1", "texteffects_serve_cards_total{source=\"disk\"} 0",
                     "texteffects_serve_render_seconds_bucket{le=\"0.01\"} 0", "texteffects_serve_render_seconds_bucket{le=\"0.025\"} 1",
                     "texteffects_serve_render_seconds_bucket{le=\"5\"} 2", "texteffects_serve_render_seconds_bucket{le=\"+Inf\"} 2",
                     "texteffects_serve_render_seconds_sum 3.02", "texteffects_serve_render_seconds_count 2",
                     "texteffects_serve_renders_running 1", "# TYPE texteffects_serve_render_seconds histogram"] {
            #expect(lines.contains(line), "\(line) missing from\n\(text)")
        }
        #expect(!text.contains("disk_cache_bytes"))
    }
}
