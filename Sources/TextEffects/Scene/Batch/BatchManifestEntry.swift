import Foundation

/// One line of a batch's `manifest.jsonl`: what became of one data row.
package struct BatchManifestEntry: Sendable {
    /// What became of the row.
    package enum Status: String, Sendable {
        /// Its output was written by this run.
        case rendered
        /// Its output was already complete (an earlier run's); nothing was done.
        case skipped
        /// It has no output: `error` says why.
        case failed
    }

    /// The data row's number (1-based, as ``DataRow/number``).
    package var row: Int
    /// The line of the data file where the row starts.
    package var line: Int
    /// The output's path relative to the output folder; nil when the row has no name.
    package var output: String?
    package var status: Status
    /// Why the row failed, one line; nil otherwise.
    package var error: String?
    /// Seconds this row took, from reading its scene to its output in place.
    package var time: Double
    /// How many pages the row's output holds (`--page-height`); nil for an output not cut
    /// into pages, and for a PDF of pages an earlier run wrote (skipped).
    package var pages: Int?
    /// The row's page files relative to the output folder, in page order (`--page-height` into
    /// image files); nil otherwise.
    package var files: [String]?

    package init(row: Int, line: Int, output: String?, status: Status, error: String? = nil, time: Double,
                 pages: Int? = nil, files: [String]? = nil) {
        self.pages = pages
        self.files = files
        self.row = row
        self.line = line
        self.output = output
        self.status = status
        self.error = error
        self.time = time
    }

    /// The entry as one JSON line (without its newline), keys always in the same order:
    /// row, line, output, status, error (failed rows only), pages and files (paged rows only), time.
    package var jsonLine: String {
        var line = "{\"row\":\(row),\"line\":\(line),\"output\":\(output.map(Self.quoted) ?? "null"),\"status\":\"\(status.rawValue)\""
        if let error { line += ",\"error\":\(Self.quoted(error))" }
        if let pages { line += ",\"pages\":\(pages)" }
        if let files { line += ",\"files\":[" + files.map(Self.quoted).joined(separator: ",") + "]" }
        // Milliseconds are plenty, and keep the lines short.
        line += ",\"time\":\(JSONNode.format((time * 1000).rounded() / 1000))}"
        return line
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        // Printable ASCII but `"` and `\` is written as it is (an output name, usually): a
        // JSONEncoder for each line was a percent of a card.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
    }
}
