import Foundation

/// Renders one output per data row of a template: rows on all workers at once, each row's
/// frames on its worker, every output written whole or not at all.
///
/// A row that cannot be rendered (a bad record, a value its parameter refuses, a name that
/// collides or cannot be a file name) is recorded as failed and the others go on. A row whose
/// output is already in place is skipped unless `force`, so an interrupted batch resumes where
/// it stopped. Outputs depend on their row alone: the same data gives the same bytes on any
/// number of workers or machines.
package final class BatchRun: @unchecked Sendable {
    package let template: BatchTemplate
    package let options: BatchOptions
    package let manifest: BatchManifest
    private let rows: DataRows
    private let lock = NSLock()
    /// Rows pulled from the file so far, which numbers their places in the manifest.
    private var pulled = 0
    private var finishedReading = false
    /// Output names given in this run, by a hash of the name, with the row that has it: 24
    /// bytes a row rather than the name itself.
    private var names: [UInt64: Int] = [:]
    private var summary = BatchSummary()

    package init(template: BatchTemplate, rows: DataRows, options: BatchOptions, manifest: BatchManifest) {
        self.template = template
        self.rows = rows
        self.options = options
        self.manifest = manifest
    }

    /// Renders every row (of `options.rows`), calling `rowDone` after each with its entry.
    /// Stops taking rows once `isCancelled` says so; rows under way are abandoned, leaving
    /// nothing half-written. The manifest is not finished here.
    package func run(isCancelled: @escaping @Sendable () -> Bool,
                     rowDone: @escaping @Sendable (BatchManifestEntry) -> Void) throws -> BatchSummary {
        let failure = ErrorBox()
        DispatchQueue.concurrentPerform(iterations: max(1, options.workers)) { _ in
            while !isCancelled(), failure.error == nil, let (place, record) = nextRecord() {
                let entry = process(record, isCancelled: isCancelled)
                lock.withLock {
                    switch entry.status {
                    case .rendered: summary.rendered += 1
                    case .skipped: summary.skipped += 1
                    case .failed: summary.failed += 1
                    }
                }
                do { try manifest.record(entry, place: place) } catch { failure.set(error) }
                rowDone(entry)
            }
        }
        if let error = failure.error { throw error }
        return lock.withLock { summary }
    }

    /// The next record of this run's rows, with its place; nil after the last.
    private func nextRecord() -> (Int, DataRowResult)? {
        lock.withLock {
            while !finishedReading, let record = rows.next() {
                let number = record.row?.number ?? record.problem!.row
                // A problem that ends the reading (row 0) belongs to every shard.
                if number != 0, let range = options.rows {
                    if number < range.lowerBound { continue }
                    if number >= range.upperBound {
                        finishedReading = true
                        return nil
                    }
                }
                defer { pulled += 1 }
                return (pulled, record)
            }
            finishedReading = true
            return nil
        }
    }

    /// Renders one record's output, or says why it has none.
    private func process(_ record: DataRowResult, isCancelled: @escaping @Sendable () -> Bool) -> BatchManifestEntry {
        let start = DispatchTime.now()
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        let row: DataRow
        switch record {
        case .problem(let problem):
            return BatchManifestEntry(row: problem.row, line: problem.line, output: nil, status: .failed,
                                      error: problem.description, time: seconds())
        case .row(let value): row = value
        }
        func failed(_ message: String, output: String? = nil) -> BatchManifestEntry {
            BatchManifestEntry(row: row.number, line: row.line, output: output, status: .failed,
                               error: "\(rows.file):\(row.line): row \(row.number): \(message)".oneMessageLine(), time: seconds())
        }
        let name: String
        do { name = try options.name.path(for: row, defaults: template.defaultTexts) } catch { return failed(error.description) }
        let scene: Scene
        do { scene = try template.scene(values: template.values(of: row)) } catch let error as SceneError {
            return failed(error.problems.map { "\(template.file): \($0)" }.joined(separator: "; "))
        } catch {
            return failed("\(error)")
        }
        let frameCount = scene.frameCount
        let output = BatchOutput(name: name, format: options.format, frameCount: frameCount)
        if output.path == manifest.url.lastPathComponent {
            return failed("the output name \(output.path) is the manifest's", output: output.path)
        }
        if let other = claim(output.path, row: row.number) {
            return failed("the output name \(output.path) is also row \(other)'s", output: output.path)
        }
        let url = options.directory.appendingPathComponent(output.path)
        if !options.force, FileManager.default.fileExists(atPath: url.path) {
            return BatchManifestEntry(row: row.number, line: row.line, output: output.path, status: .skipped, time: seconds())
        }
        do {
            if let problem = scene.canvas.pixelSizeProblem(format: options.format) { throw BatchRowError(message: "canvas: \(problem)") }
            let renderer = try template.renderer(for: scene)
            try output.write(renderer, to: url, frames: 0..<frameCount, isCancelled: isCancelled)
        } catch is CancellationError {
            return failed("interrupted", output: output.path)
        } catch {
            return failed("\(error)", output: output.path)
        }
        return BatchManifestEntry(row: row.number, line: row.line, output: output.path, status: .rendered, time: seconds())
    }

    /// Takes `name` for `row`; the row that already has it, if any.
    private func claim(_ name: String, row: Int) -> Int? {
        let key = Self.hash(name)
        return lock.withLock {
            if let other = names[key], other != row { return other }
            names[key] = row
            return nil
        }
    }

    /// FNV-1a over the name's UTF-8: stable, and 64 bits leave collisions of distinct names to chance far below any batch's size.
    static func hash(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        return hash
    }

    /// The first error a worker met writing the manifest, which stops the batch.
    private final class ErrorBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Error?
        var error: Error? { lock.withLock { stored } }
        func set(_ error: Error) { lock.withLock { if stored == nil { stored = error } } }
    }
}

/// A row's own failure, shown as its message.
struct BatchRowError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
