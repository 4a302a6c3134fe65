import Foundation

/// Renders one output per data row of a template: rows on all workers at once, each row's
/// frames on its worker, every output written whole or not at all.
///
/// A row that cannot be rendered (a bad record, a value its parameter refuses, a name that
/// collides or cannot be a file name) is recorded as failed and the others go on. A row whose
/// output is already in place is skipped unless `force`, so an interrupted batch resumes where
/// it stopped. Outputs depend on their row alone, and names are given in row order: the same
/// data gives the same files on any number of workers or machines.
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
    /// Told each row's warnings as its scene is read (Markdown images shown as their alt text),
    /// each line prefixed with the template's file (the same warning of many rows is one
    /// line); called from the worker threads.
    package var warn: (@Sendable (String) -> Void)?

    /// One record to work on, taken in row order.
    private struct Job {
        var place: Int
        var record: DataRowResult
        /// The row's output name, or why it has none (given while taking the row, so that of two
        /// rows with one name the first always has it).
        var name: Result<String, BatchNameError>
        /// Where the output goes for a scene of the template's frame count.
        var output: BatchOutput?
    }

    package init(template: BatchTemplate, rows: DataRows, options: BatchOptions, manifest: BatchManifest) {
        self.template = template
        self.rows = rows
        self.options = options
        self.manifest = manifest
    }

    /// Renders every row (of `options.rows`), calling `rowDone` with each row's entry in row
    /// order. Stops taking rows once `isCancelled` says so; rows under way are abandoned, leaving
    /// nothing half-written. The manifest is not finished here.
    package func run(isCancelled: @escaping @Sendable () -> Bool,
                     rowDone: @escaping @Sendable (BatchManifestEntry) -> Void) throws -> BatchSummary {
        let failure = ErrorBox()
        let group = DispatchGroup()
        // Threads of our own: DispatchQueue.concurrentPerform runs no more at once than there
        // are cores, and rows that wait on ffmpeg may want more.
        for _ in 0..<max(1, options.workers) {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                while !isCancelled(), failure.error == nil, let job = nextJob() {
                    var pages: [RecordedPage] = []
                    var entry = process(job, pages: &pages, isCancelled: isCancelled)
                    if let combined = options.combinedPDF {
                        // Every place is given, pages or none, so the document's order never waits forever.
                        do {
                            if try !combined.add(pages, place: job.place) {
                                entry = BatchManifestEntry(row: entry.row, line: entry.line, output: entry.output, status: .failed,
                                                           error: "\(combined.url.lastPathComponent) is full: a PDF holds at most \(VectorFormat.maximumPDFPages) pages",
                                                           time: entry.time)
                            }
                        } catch { failure.set(error) }
                    }
                    lock.withLock {
                        switch entry.status {
                        case .rendered: summary.rendered += 1
                        case .skipped: summary.skipped += 1
                        case .failed: summary.failed += 1
                        }
                    }
                    do { try manifest.record(entry, place: job.place, written: rowDone) } catch { failure.set(error) }
                }
            }
            // Big enough for Pango, Cairo and librsvg's deepest calls.
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if let error = failure.error { throw error }
        return lock.withLock { summary }
    }

    /// The next record of this run's rows, with its place and name; nil after the last.
    private func nextJob() -> Job? {
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
                var job = Job(place: pulled, record: record, name: .failure(BatchNameError("no row")))
                if let row = record.row {
                    do {
                        let name = try options.name.path(for: row, defaults: template.defaultTexts)
                        // Claimed by where the output goes: "a" and "a.png" are one file.
                        let output = try BatchOutput(name: name, format: options.format, frameCount: template.frameCount,
                                                     paged: options.pageHeight != nil)
                        if let other = names[Self.hash(output.path)], other != row.number {
                            throw BatchNameError("the output name \(output.path) is also row \(other)'s")
                        }
                        names[Self.hash(output.path)] = row.number
                        job.name = .success(name)
                        job.output = output
                    } catch {
                        job.name = .failure(error as! BatchNameError)
                    }
                }
                return job
            }
            finishedReading = true
            return nil
        }
    }

    /// Renders one record's output, or says why it has none.
    /// With `options.combinedPDF`, the row's frames are recorded into `pages` rather than written.
    private func process(_ job: Job, pages: inout [RecordedPage], isCancelled: @escaping @Sendable () -> Bool) -> BatchManifestEntry {
        let start = DispatchTime.now()
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        let row: DataRow
        switch job.record {
        case .problem(let problem):
            return BatchManifestEntry(row: problem.row, line: problem.line, output: nil, status: .failed,
                                      error: problem.description, time: seconds())
        case .row(let value): row = value
        }
        func failed(_ message: String, output: String? = nil) -> BatchManifestEntry {
            BatchManifestEntry(row: row.number, line: row.line, output: output, status: .failed,
                               error: "\(rows.file):\(row.line): row \(row.number): \(message)".oneMessageLine(), time: seconds())
        }
        func skipped(_ output: BatchOutput) -> BatchManifestEntry {
            // An earlier run's pages are listed again from its folder.
            let files = output.kind == .pages ? output.pageFiles(at: directory.appendingPathComponent(output.path)) : nil
            return BatchManifestEntry(row: row.number, line: row.line, output: output.path, status: .skipped, time: seconds(),
                                      pages: files?.count, files: files)
        }
        let name: String
        switch job.name {
        case .success(let value): name = value
        case .failure(let error): return failed(error.description)
        }
        let directory = options.directory
        // Outputs already in place are skipped before the row's scene is even read.
        guard var output = job.output else { return failed("no output") }
        if let combined = options.combinedPDF {
            return record(row, into: &pages, combined: combined, seconds: seconds, failed: failed)
        }
        if !options.force, case .complete = output.existing(at: directory.appendingPathComponent(output.path)) { return skipped(output) }
        let scene: Scene
        do { scene = try template.scene(values: template.values(of: row)) } catch let error as SceneError {
            return failed(error.problems.map { "\(template.file): \($0)" }.joined(separator: "; "))
        } catch {
            return failed("\(error)")
        }
        if let warn {
            for block in scene.blocks {
                for warning in block.markdown?.imageWarnings ?? [] { warn("\(template.file): \(warning)") }
            }
        }
        if let pageHeight = options.pageHeight, let problem = Self.pageProblem(of: scene, pageHeight: pageHeight, format: options.format) {
            return failed(problem)
        }
        if scene.frameCount != template.frameCount {
            do { output = try BatchOutput(name: name, format: options.format, frameCount: scene.frameCount, paged: options.pageHeight != nil) } catch {
                return failed(error.description)
            }
        }
        if output.path == manifest.url.lastPathComponent {
            return failed("the output name \(output.path) is the manifest's", output: output.path)
        }
        let url = directory.appendingPathComponent(output.path)
        switch output.existing(at: url) {
        case .none: break
        case .complete: if !options.force { return skipped(output) }
        case .other(let reason): return failed("\(reason); it is left alone", output: output.path)
        }
        do {
            // A paged canvas is only ever drawn in pages, whose size is checked above.
            if options.pageHeight == nil, let problem = scene.canvas.pixelSizeProblem(format: options.format) {
                throw BatchRowError(message: "canvas: \(problem)")
            }
            if let pageHeight = options.pageHeight {
                // Laid out whole, however tall: only pages are drawn.
                let renderer = try template.renderer(for: scene, limitsAutoHeight: false)
                let written = try output.writePages(renderer, pageHeight: pageHeight, pageLimit: options.pageLimit, to: url,
                                                    encoding: options.encoding, isCancelled: isCancelled)
                return BatchManifestEntry(row: row.number, line: row.line, output: output.path, status: .rendered, time: seconds(),
                                          pages: written.count, files: output.kind == .pages ? written.files : nil)
            }
            let renderer = try template.renderer(for: scene)
            // An auto height is this row's own, known once laid out.
            if scene.canvas.isHeightAuto, let problem = renderer.scene.canvas.pixelSizeProblem(format: options.format) {
                throw BatchRowError(message: "canvas.height: \"auto\" gives a canvas that \(problem)")
            }
            try output.write(renderer, to: url, frames: 0..<scene.frameCount, encoding: options.encoding, isCancelled: isCancelled)
        } catch {
            // ffmpeg killed by the interruption says "killed by signal 9"; the cause is the interruption.
            return failed(isCancelled() || error is CancellationError ? "interrupted" : "\(error)", output: output.path)
        }
        return BatchManifestEntry(row: row.number, line: row.line, output: output.path, status: .rendered, time: seconds())
    }

    /// Records `row`'s frames as PDF pages for the batch's one document.
    private func record(_ row: DataRow, into pages: inout [RecordedPage], combined: CombinedPDF, seconds: () -> Double,
                        failed: (String, String?) -> BatchManifestEntry) -> BatchManifestEntry {
        let output = combined.url.lastPathComponent
        do {
            let scene = try template.scene(values: template.values(of: row))
            if options.pageHeight == nil, let problem = scene.canvas.pixelSizeProblem(format: .pdf) { throw BatchRowError(message: "canvas: \(problem)") }
            if let pageHeight = options.pageHeight {
                if let problem = Self.pageProblem(of: scene, pageHeight: pageHeight, format: .pdf) { throw BatchRowError(message: problem) }
                let renderer = try template.renderer(for: scene, limitsAutoHeight: false)
                let breaks: PageBreaks
                do { breaks = try renderer.pageBreaks(pageHeight: pageHeight, pageLimit: options.pageLimit) } catch {
                    throw BatchRowError(message: "--page-height: " + error.message(pageHeight: pageHeight))
                }
                pages = renderer.pages(breaks, pageHeight: pageHeight).map { $0.recordPage(0, links: LinkTracker($0)) }
                return BatchManifestEntry(row: row.number, line: row.line, output: output, status: .rendered, time: seconds(), pages: pages.count)
            }
            let renderer = try template.renderer(for: scene)
            let links = LinkTracker(renderer)
            pages = (0..<scene.frameCount).map { renderer.recordPage($0, links: links) }
        } catch let error as SceneError {
            return failed(error.problems.map { "\(template.file): \($0)" }.joined(separator: "; "), nil)
        } catch {
            return failed("\(error)", output)
        }
        return BatchManifestEntry(row: row.number, line: row.line, output: output, status: .rendered, time: seconds())
    }

    /// Why a row's scene cannot be cut into pages `pageHeight` points tall in `format` (as
    /// render's `--page-height` refuses it), or nil.
    package static func pageProblem(of scene: Scene, pageHeight: Double, format: AnimationFormat) -> String? {
        if let problem = scene.canvas.pageProblem(pageHeight: pageHeight, format: format) { return "--page-height: " + problem }
        if scene.frameCount != 1 {
            return "--page-height: pages are cut from one frame, and this row's scene has \(scene.frameCount)\(scene.animatedBy.map { " (\($0) makes it animated)" } ?? "")"
        }
        if scene.viewport != nil { return "--page-height: pages show the whole canvas a slice at a time, and the scene has a viewport" }
        if scene.captions != nil { return "--page-height: captions are drawn over a frame, not a document; a scene with captions cannot be paged" }
        return nil
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
