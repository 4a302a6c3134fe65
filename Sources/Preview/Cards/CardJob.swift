import Foundation

/// One card being drawn, which any number of requests may wait for (requests for one card at
/// the same time share its drawing), each for as long as it likes: a request that stops waiting
/// (its time limit passed, its client went away) leaves the drawing to finish for the cache.
final class CardJob: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Data, any Error>?
    private var waiting: [UInt64: CheckedContinuation<Data, any Error>] = [:]
    private var nextWaiter: UInt64 = 0

    /// The card's bytes once drawn; throws its error, or `CancellationError` when the waiting
    /// task is cancelled first.
    func value() async throws -> Data {
        let id = lock.withLock { nextWaiter += 1; return nextWaiter }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                let done: Result<Data, any Error>? = lock.withLock {
                    if let result { return result }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    waiting[id] = continuation
                    return nil
                }
                if let done { continuation.resume(with: done) }
            }
        } onCancel: {
            let continuation = lock.withLock { waiting.removeValue(forKey: id) }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Hands the outcome to every request waiting.
    func finish(_ outcome: Result<Data, any Error>) {
        let waiters = lock.withLock {
            result = outcome
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        for continuation in waiters { continuation.resume(with: outcome) }
    }
}

/// Cards drawn at once (`--threads`, one per core by default) and waiting (`--queue`): past
/// both, a request is answered 503 with `Retry-After` rather than held.
final class RenderQueue: @unchecked Sendable {
    let workers: Int
    let maximumWaiting: Int
    private let lock = NSLock()
    private var running = 0
    private var waiting: [@Sendable () -> Void] = []

    init(workers: Int, maximumWaiting: Int) {
        self.workers = max(1, workers)
        self.maximumWaiting = max(0, maximumWaiting)
    }

    /// Runs `work` on a thread of its own once a worker is free; false (nothing run) when
    /// every worker is busy and the queue full.
    func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            if running < workers {
                running += 1
                start(work)
                return true
            }
            guard waiting.count < maximumWaiting else { return false }
            waiting.append(work)
            return true
        }
    }

    /// Cards being drawn and waiting now (for /metrics).
    var load: (running: Int, waiting: Int) { lock.withLock { (running, waiting.count) } }

    /// With the lock held.
    private func start(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            work()
            lock.withLock {
                if waiting.isEmpty {
                    running -= 1
                } else {
                    start(waiting.removeFirst())
                }
            }
        }
    }
}
