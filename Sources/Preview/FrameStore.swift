import Foundation

/// Frames rendered on demand on all cores, kept while they fit, and rendered ahead of playback.
///
/// A frame asked for goes first; then the frames after it (wrapping, as playback loops) are
/// queued behind, so that by the time the page asks for them they are ready. A new request
/// replaces the frames queued ahead of the last one, so scrubbing never piles up work. Idle,
/// it runs nothing: no thread waits on a timer.
final class FrameStore: @unchecked Sendable {
    /// At most this many bytes of PNGs are kept; the least recently used go first.
    let capacity: Int
    /// Frames rendered at once.
    let workers: Int
    /// How many frames after a requested one are rendered ahead.
    let lookahead: Int

    private enum Entry {
        case ready(Data, lastUse: Int)
        case pending([CheckedContinuation<Data, any Error>])
    }
    private struct Job {
        var request: FrameRequest
        var scene: LoadedScene
    }

    private let lock = NSLock()
    private var entries: [FrameRequest: Entry] = [:]
    private var urgent: [Job] = []
    private var ahead: [Job] = []
    private var running = 0
    private var storedBytes = 0
    private var clock = 0

    init(capacity: Int = 256 << 20, workers: Int = ProcessInfo.processInfo.activeProcessorCount, lookahead: Int? = nil) {
        self.capacity = capacity
        self.workers = max(1, workers)
        self.lookahead = lookahead ?? 2 * max(1, workers)
    }

    /// The PNG of `request` (a frame of `scene`), rendered now unless kept; then the frames
    /// after it are queued to render ahead.
    func png(_ request: FrameRequest, of scene: LoadedScene) async throws -> Data {
        let data = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            lock.withLock {
                switch entries[request] {
                case .ready(let data, _)?:
                    clock += 1
                    entries[request] = .ready(data, lastUse: clock)
                    continuation.resume(returning: data)
                case .pending(let waiting)?:
                    entries[request] = .pending(waiting + [continuation])
                    // Asked for now: it must not wait behind frames only rendered ahead.
                    if let index = ahead.firstIndex(where: { $0.request == request }) {
                        urgent.append(ahead.remove(at: index))
                    }
                case nil:
                    entries[request] = .pending([continuation])
                    urgent.append(Job(request: request, scene: scene))
                }
                queueAhead(of: request, scene: scene)
                startJobs()
            }
        }
        return data
    }

    /// Forgets every frame not of `generation` (the scene changed).
    func keepOnly(generation: Int) {
        lock.withLock {
            for (request, entry) in entries where request.generation != generation {
                if case .ready(let data, _) = entry {
                    storedBytes -= data.count
                    entries[request] = nil
                }
            }
            ahead.removeAll { $0.request.generation != generation }
        }
    }

    /// Whether the frame is kept or being rendered (for tests and the bench).
    func isKnown(_ request: FrameRequest) -> Bool {
        lock.withLock { entries[request] != nil }
    }

    /// The frames queued to render ahead and not started yet, in order (for tests).
    var queuedAhead: [Int] {
        lock.withLock { ahead.map(\.request.frame) }
    }

    /// Whether the frame is queued or rendering (for tests).
    func isPending(_ request: FrameRequest) -> Bool {
        lock.withLock {
            if case .pending? = entries[request] { return true }
            return false
        }
    }

    // MARK: - With the lock held

    /// Replaces the frames queued ahead with those after `request`.
    private func queueAhead(of request: FrameRequest, scene: LoadedScene) {
        for job in ahead {
            // Nobody waits for it: drop the placeholder so that a later request renders it.
            if case .pending(let waiting)? = entries[job.request], waiting.isEmpty { entries[job.request] = nil }
        }
        ahead = []
        let count = scene.frameCount
        guard count > 1, lookahead > 0 else { return }
        for step in 1...min(lookahead, count - 1) {
            var next = request
            next.frame = (request.frame + step) % count
            guard entries[next] == nil else { continue }
            entries[next] = .pending([])
            ahead.append(Job(request: next, scene: scene))
        }
    }

    private func startJobs() {
        while running < workers {
            let job: Job
            if !urgent.isEmpty { job = urgent.removeFirst() } else if !ahead.isEmpty { job = ahead.removeFirst() } else { return }
            running += 1
            DispatchQueue.global(qos: .userInitiated).async { self.run(job) }
        }
    }

    private func run(_ job: Job) {
        let result = Result { try job.request.png(of: job.scene) }
        let waiting: [CheckedContinuation<Data, any Error>] = lock.withLock {
            running -= 1
            defer { startJobs() }
            guard case .pending(let waiting)? = entries[job.request] else { return [] }
            switch result {
            case .success(let data):
                clock += 1
                entries[job.request] = .ready(data, lastUse: clock)
                storedBytes += data.count
                evictIfOverCapacity()
            case .failure:
                entries[job.request] = nil
            }
            return waiting
        }
        for continuation in waiting { continuation.resume(with: result) }
    }

    private func evictIfOverCapacity() {
        while storedBytes > capacity {
            var oldest: (request: FrameRequest, use: Int, size: Int)?
            for (request, entry) in entries {
                if case .ready(let data, let use) = entry, use < oldest?.use ?? .max { oldest = (request, use, data.count) }
            }
            guard let oldest else { return }
            entries[oldest.request] = nil
            storedBytes -= oldest.size
        }
    }
}
