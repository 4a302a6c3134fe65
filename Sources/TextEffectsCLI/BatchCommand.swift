// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Effects
import Foundation
import TextEffects

/// `texteffects batch TEMPLATE DATA --out DIR`: one output per data row of a template scene.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render one output per row of a CSV, TSV or JSON Lines file, filling a template scene's parameters.",
        discussion: """
            Columns named after the template's parameters fill them (other columns are ignored; an empty cell takes the \
            parameter's default). Rows are rendered on all cores; DIR/manifest.jsonl gets a line per row (row, line, output, \
            status, error, time; pages and files with --page-height). Outputs already in DIR are skipped, so an interrupted batch resumes; --force redoes them. \
            Exit status: 0 when every row rendered or was skipped, 1 when some rows failed (the others are rendered), 2 when \
            the template, the data file or an option cannot be used.
            """
    )

    @Argument(help: "The template scene (a scene with \"parameters\").")
    var template: String

    @Argument(help: "The data: .csv, .tsv, .jsonl or .ndjson; a header row names a CSV's or TSV's columns.")
    var data: String

    @Option(help: "The output folder (created if missing).")
    var out: String

    @Option(help: ArgumentHelp("Each row's output name inside --out: {{column}} is the row's value, {{row}} its number; folders are made. The format's extension is added when missing.", valueName: "pattern"))
    var name = "{{row}}"

    @Option(help: "png or jpg (a file per still, a folder of frames per animation), webp (a still WebP per still, an animated one per animation), svg (a file per still), pdf (a file per row, a page per frame), or an animation format: gif, apng, mp4, mov, webm. Default: from --name's extension, else png.")
    var format: String?

    @Option(help: ArgumentHelp("Cut each row's document into pages this many points tall, between blocks (or lines), never through a line: a folder of page_0001.png, … per row (the --name without its extension; .jpg, .webp likewise), or one PDF per row (--format pdf). At most 10000 pages a row; the manifest lists each row's pages.", valueName: "H"))
    var pageHeight: Double?

    @Option(help: ArgumentHelp("Write every row's pages, in row order, into this one PDF instead of a file per row (at most 10000 pages; the manifest still goes into --out).", valueName: "file.pdf"))
    var pdfPages: String?

    @Flag(help: "Render rows whose output already exists again (by default they are skipped).")
    var force = false

    @Option(help: "Rows rendered at once (default: one per core).")
    var threads: Int?

    @Flag(help: "Print nothing but errors (no progress, no summary, no warnings).")
    var quiet = false

    @OptionGroup(title: "Progress")
    var progressOptions: ProgressOptions

    @OptionGroup(title: "Localization")
    var locale: LocaleOption

    @OptionGroup(title: "Asset paths")
    var assets: AssetPathOptions

    @OptionGroup(title: "PNG output")
    var png: PNGCompressionOption

    @OptionGroup(title: "JPEG and WebP output")
    var still: StillImageOptions

    @OptionGroup(title: "Shards")
    var sharding: ShardOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    /// Failed rows printed one by one; the rest are in the manifest.
    static let printedFailures = 20

    /// The output format: `--format`, else `--name`'s extension, else png.
    var outputFormat: AnimationFormat? {
        if let format { return AnimationFormat(rawValue: format) }
        let ext = URL(fileURLWithPath: name).pathExtension.lowercased()
        if ext == "jpeg" { return .jpg }
        return AnimationFormat.allCases.first { $0 != .none && $0 != .apng && $0.fileExtension == ext } ?? .png
    }

    func validate() throws {
        if let format, AnimationFormat(rawValue: format) == nil || format == "none" {
            throw ValidationError("--format must be one of \(AnimationFormat.allCases.filter { $0 != .none }.map(\.rawValue).joined(separator: ", ")), not \(format)")
        }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        if locale.isAll { throw ValidationError("--locale all is for render; a batch is rendered in one language") }
        do { _ = try BatchOutputName(pattern: name) } catch { throw ValidationError(error.description) }
        if out.isEmpty { throw ValidationError("--out is empty") }
        if pdfPages != nil, let format, format != "pdf" { throw ValidationError("--pdf-pages writes one PDF; --format \(format) is for a file per row") }
        if pdfPages != nil, sharding.shard != nil || sharding.shards != nil { throw ValidationError("--pdf-pages writes one PDF, which shards on other machines cannot share: render the whole batch, or a file per row (--name \"{{row}}.pdf\")") }
    }

    func run() throws {
        let shard = try sharding.resolved()
        let pattern = try BatchOutputName(pattern: name)
        var decoder = SceneDecoder(effects: .commandLine)
        decoder.locale = locale.locale
        decoder.assetPolicy = assets.policy
        let batch = try BatchTemplate(url: URL(fileURLWithPath: template), displayName: template, decoder: decoder)
        try fonts.prepare(batch, quiet: quiet)
        if let pageHeight { try checkPages(pageHeight, template: batch, format: pdfPages == nil ? outputFormat ?? .png : .pdf) }
        // What the name pattern and the header need, checked before any row.
        var rows = try openRows()
        let columns = rows.columns
        if !columns.isEmpty {
            let missing = batch.requiredColumns.filter { !columns.contains($0) }
            if !missing.isEmpty {
                throw CommandFailure.input("\(data): no column for \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) (a parameter without a default); the columns are \(columns.joined(separator: ", "))")
            }
            for placeholder in pattern.placeholders where !columns.contains(placeholder) && batch.defaultTexts[placeholder] == nil && placeholder != "row" {
                throw CommandFailure.input("--name: {{\(placeholder)}} is not a column of \(data) (the columns are \(columns.joined(separator: ", "))) nor a parameter with a default")
            }
        }
        let directory = URL(fileURLWithPath: out)
        do { try OutputPlace.checkFolder(directory); try OutputPlace.createFolder(directory) } catch {
            throw CommandFailure.input(error, at: "--out")
        }
        // Counting the rows first (one quick pass) tells a shard its part and the bar its end.
        let progressShown = progressOptions.reporter(total: 0, unit: .rows, quiet: quiet).isShown
        var rowCount: Int?
        if shard != nil || progressShown || pdfPages != nil {
            rowCount = Self.lastRowNumber(of: rows)
            rows = try openRows()
        }
        var options = BatchOptions(directory: directory, name: pattern, format: pdfPages == nil ? outputFormat ?? .png : .pdf)
        options.pageHeight = pageHeight
        if let pdfPages {
            // The page limit, checked before any row: one page per frame of every row.
            let pages = (rowCount ?? 0) * batch.frameCount
            if pages > VectorFormat.maximumPDFPages {
                throw CommandFailure.input("--pdf-pages: \(rowCount ?? 0) rows of \(batch.frameCount) frame\(batch.frameCount == 1 ? "" : "s") are \(pages) pages, and a PDF holds at most \(VectorFormat.maximumPDFPages); write a PDF per row (--name \"{{row}}.pdf\") or split the data")
            }
            let url = URL(fileURLWithPath: pdfPages)
            do { try OutputPlace.checkFile(url) } catch { throw CommandFailure.input(error, at: "--pdf-pages") }
            options.combinedPDF = CombinedPDF(url: url)
        }
        options.force = force
        options.encoding = still.encoding(png: png.compression)
        options.workers = threads ?? ProcessInfo.processInfo.activeProcessorCount
        var total = rowCount ?? 0
        if let shard, let rowCount {
            let part = shard.part(of: 1..<rowCount + 1)
            options.rows = part
            total = part.count
        }
        let manifestName = shard.map { "manifest-\($0.number)-of-\($0.count).jsonl" } ?? "manifest.jsonl"
        let manifest: BatchManifest
        do { manifest = try BatchManifest(url: directory.appendingPathComponent(manifestName)) } catch {
            throw CommandFailure.input(error, at: "--out")
        }
        let run = BatchRun(template: batch, rows: rows, options: options, manifest: manifest)
        let quiet = self.quiet
        run.warn = { line in ImageWarnings.shared.print(line: line, quiet: quiet) }
        Interruption.beforeForcedExit { try? manifest.finish() }
        let progress = progressOptions.reporter(total: total, unit: .rows, quiet: quiet)
        let printed = Counter()
        let summary: BatchSummary
        do {
            // Called in row order, so the failures printed are always the first ones.
            summary = try run.run(isCancelled: { Interruption.isRequested }) { entry in
                if entry.status == .failed, !Interruption.isRequested, printed.increment() <= Self.printedFailures {
                    progress.clear()
                    SceneLoading.printError(entry.error ?? "row \(entry.row) failed")
                }
                progress.advance()
            }
            try manifest.finish()
            if !Interruption.isRequested { try options.combinedPDF?.finish() }
        } catch {
            try? manifest.finish()
            try Interruption.exitIfRequested()
            throw CommandFailure.run(error)
        }
        try Interruption.exitIfRequested()
        let manifestPath = directory.appendingPathComponent(manifestName).path
        var parts = ["rendered \(summary.rendered) row\(summary.rendered == 1 ? "" : "s")"]
        if summary.skipped > 0 { parts.append("skipped \(summary.skipped) already done") }
        if summary.failed > 0 {
            parts.append("\(summary.failed) failed")
            if summary.failed > Self.printedFailures { parts.append("\(summary.failed - Self.printedFailures) failures not shown") }
            progress.clear()
            throw CommandFailure.run("texteffects batch: \(parts.joined(separator: ", ")); every row is in \(manifestPath)")
        }
        if summary.total == 0, !quiet {
            SceneLoading.printError(shard.map { "shard \($0) has no rows; nothing to render" } ?? "\(data) has no rows; nothing to render")
            return
        }
        progress.finish("\(parts.joined(separator: ", ")) into \(options.combinedPDF?.url.path ?? directory.path)", note: "; manifest: \(manifestPath)")
    }

    /// Refuses, before any row and as the input's fault, pages that no row can have: a height
    /// that is not one, a page too large for the canvas limits or the format, a format without
    /// pages, an animated template, and (read with its defaults, when it has them for every
    /// parameter) a template with a viewport or captions. A row's own problems (a line taller
    /// than a page, more than 10000 pages) fail that row.
    private func checkPages(_ pageHeight: Double, template: BatchTemplate, format: AnimationFormat) throws {
        let sample = try? template.scene(values: [:])
        var canvas = sample?.canvas ?? Scene.Canvas(width: 1, height: 1)
        if sample == nil { canvas.scale = 1 }
        if let problem = canvas.pageProblem(pageHeight: pageHeight, format: format) {
            throw CommandFailure.input("--page-height: " + problem)
        }
        if template.frameCount != 1 {
            throw CommandFailure.input("--page-height: pages are cut from one frame, and the template's rows have \(template.frameCount); give the template no fps or duration, or leave out --page-height")
        }
        if let sample, let problem = BatchRun.pageProblem(of: sample, pageHeight: pageHeight, format: format) {
            throw CommandFailure.input("\(self.template): " + problem)
        }
    }

    /// The data file, opened; a `DataRowsError` (exit 2) when it cannot be read at all.
    private func openRows() throws(DataRowsError) -> DataRows {
        try DataRows(url: URL(fileURLWithPath: data), name: data)
    }

    /// The number of the last record in `rows` (rows with problems count), read to the end.
    private static func lastRowNumber(of rows: DataRows) -> Int {
        var last = 0
        for record in rows {
            last = max(last, record.row?.number ?? record.problem?.row ?? 0)
        }
        return last
    }

    /// A count shared by the workers' callbacks.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() -> Int { lock.withLock { value += 1; return value } }
    }
}
#endif
