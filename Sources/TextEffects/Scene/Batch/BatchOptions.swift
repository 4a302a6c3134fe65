import Foundation

/// How a batch writes its outputs: where, named how, in which format, by how many workers.
package struct BatchOptions: Sendable {
    /// The output folder (`--out`).
    package var directory: URL
    package var name: BatchOutputName
    /// `png` gives a file per row for a still and a folder of frames per row otherwise; an
    /// animation format gives one file per row.
    package var format: AnimationFormat
    /// Redo rows whose output is already complete (`--force`); by default they are skipped.
    package var force = false
    /// Rows rendered at once, each on one core.
    package var workers = 1
    /// Only rows whose numbers are in here (a shard's part); nil for all.
    package var rows: Range<Int>?
    /// How PNG outputs are compressed (`--png-compression`).
    package var pngCompression: PNGCompression {
        get { encoding.pngCompression }
        set { encoding.pngCompression = newValue }
    }
    /// How still files are encoded: PNG's compression, JPEG's and WebP's quality, WebP lossless.
    package var encoding = StillEncoding()
    /// One PDF that every row adds its pages to, in row order, instead of a file per row.
    package var combinedPDF: CombinedPDF?
    /// Cut each row's still into pages this many points tall (`--page-height`): a folder of
    /// page images per row, or a PDF of them; nil for a frame per output.
    package var pageHeight: Double?
    /// The most pages one row may have (`--page-height`); a row needing more fails.
    package var pageLimit = VectorFormat.maximumPDFPages

    package init(directory: URL, name: BatchOutputName, format: AnimationFormat) {
        self.directory = directory
        self.name = name
        self.format = format
    }
}
