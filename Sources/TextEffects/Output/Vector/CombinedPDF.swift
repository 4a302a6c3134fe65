import Foundation

/// One PDF that a batch's rows add their pages to, in row order whatever order the workers
/// finish them in; written under a temporary name and renamed into place by `finish()`.
package final class CombinedPDF: @unchecked Sendable {
    package let url: URL
    private let lock = NSLock()
    private var document: VectorDocument?
    /// Pages of places that arrived before an earlier place's: held until it has.
    private var waiting: [Int: [RecordedPage]] = [:]
    private var next = 0
    package private(set) var pageCount = 0
    /// Set when a row's pages would take the document past the page limit.
    package private(set) var isFull = false

    package init(url: URL) {
        self.url = url
    }

    /// Adds the pages of the job at `place` (empty for a row that failed or has none). Every
    /// place from 0 on must be given exactly once. Returns false, adding none of them, when
    /// they would take the document past `VectorFormat.maximumPDFPages`.
    @discardableResult
    package func add(_ pages: [RecordedPage], place: Int) throws -> Bool {
        try lock.withLock {
            waiting[place] = pages
            var fits = true
            while let ready = waiting.removeValue(forKey: next) {
                next += 1
                guard pageCount + ready.count <= VectorFormat.maximumPDFPages else {
                    isFull = true
                    if next - 1 == place { fits = false }
                    continue
                }
                for page in ready {
                    if document == nil { document = try VectorDocument(format: .pdf, width: page.width, height: page.height) }
                    document!.append(page)
                    pageCount += 1
                }
            }
            return fits
        }
    }

    /// Writes the document (an empty document is not written) and puts it in place.
    package func finish() throws {
        let data = try lock.withLock { try document?.finish() }
        guard let data else { return }
        try AtomicFile.write(data, to: url)
    }
}
