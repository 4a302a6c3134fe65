// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import Foundation

extension Interruption {
    /// Runs `body` for each index of `indices` on `workers` threads (each takes every
    /// `workers`-th index), stopping at the first error, which is rethrown, or at an interruption,
    /// which throws `CancellationError`.
    static func forEach(_ indices: Range<Int>, workers: Int, _ body: @Sendable (Int) throws -> Void) throws {
        let failure = NSLock()
        nonisolated(unsafe) var firstError: Error?
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, indices.count))) { worker in
            var index = indices.lowerBound + worker
            while index < indices.upperBound, failure.withLock({ firstError == nil }), !isRequested {
                do {
                    try body(index)
                } catch {
                    failure.withLock { if firstError == nil { firstError = error } }
                }
                index += workers
            }
        }
        if isRequested { throw CancellationError() }
        if let firstError { throw firstError }
    }
}
#endif
