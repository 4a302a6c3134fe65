// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `texteffects SCENE.json`: renders the scene's frames to PNG files.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to frame_0000.png, frame_0001.png, …, a still to --out NAME.png (.jpg, .webp), or an animation (the default command)."
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "Number of frames to render (default: round(duration × fps)).")
    var frames: Int?

    @Option(help: "Frames per second (default: the scene's fps); a still (one frame) then gets its duration's frames.")
    var fps: Double?

    @Option(help: ArgumentHelp("Cut the frame into pages this many points tall, between blocks (or lines), never through a line: NAME-1.png, NAME-2.png, … for --out NAME.png (.jpg, .webp), page_0001.png, … in a folder, or one PDF (--format pdf). At most 10000 pages.", valueName: "H"))
    var pageHeight: Double?

    @Option(help: "Output folder for PNG frames; NAME.png, NAME.jpg or NAME.webp for one frame (a still, or --frame-range N); or the file for an animation, whose extension picks the format in the default png format (NAME.mp4, .gif, .apng, .mov, .webm, .svg, .pdf; default: the scene's name, in the current folder).")
    var out: String?

    @Option(help: "png or jpg (one file per frame), svg (one file per frame, text as text), pdf (one page per frame, one file; at most 10000 pages), an animation piped through ffmpeg (gif, apng, webp, mp4, or mov and webm with alpha; webp of one frame is a still WebP), or none (render and discard, for timing).")
    var format: String = "png"

    @Option(help: "Render only frames A through B (inclusive, 0-based), e.g. 10-19; PNG names keep their frame numbers.")
    var frameRange: String?

    @Option(help: "Pixels per point, e.g. 2 for @2x (default: the scene's canvas.scale).")
    var scale: Double?

    @Option(help: "Frames drawn at once (default: one per core).")
    var threads: Int?

    @Flag(help: "Print nothing but errors (no progress, no summary, no warnings).")
    var quiet = false

    @OptionGroup(title: "Progress")
    var progressOptions: ProgressOptions

    @Flag(help: "Print every block's layout (lines, runs, glyphs, attributes) as JSON instead of rendering.")
    var dumpLayout = false

    @OptionGroup(title: "Link report")
    var links: LinkReportOptions

    @OptionGroup(title: "Localization")
    var locale: LocaleOption

    @OptionGroup(title: "Asset paths")
    var assets: AssetPathOptions

    @OptionGroup(title: "Template")
    var template: TemplateOptions

    @OptionGroup(title: "PNG output")
    var png: PNGCompressionOption

    @OptionGroup(title: "JPEG and WebP output")
    var still: StillImageOptions

    @OptionGroup(title: "Shards")
    var sharding: ShardOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    /// The parsed `--format`.
    /// In the default format, `--out` with a file extension texteffects writes asks for that
    /// format, as Remotion and ffmpeg read an output's extension: `NAME.svg` or `NAME.pdf` for
    /// vectors, `NAME.mp4`, `.gif`, `.apng`, `.mov` or `.webm` for an animation (rather than a
    /// folder of PNGs named `NAME.mp4`), as `NAME.jpg` asks for a JPEG still.
    var animationFormat: AnimationFormat {
        let named = AnimationFormat(rawValue: format) ?? .png
        guard named == .png, let out, !out.hasSuffix("/") else { return named }
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "svg": return .svg
        case "pdf": return .pdf
        case "mp4": return .mp4
        case "gif": return .gif
        case "apng": return .apng
        case "mov": return .mov
        case "webm": return .webm
        default: return named
        }
    }

    /// The format of the one image file `--out` names (`card.png`, `card.jpg`/`.jpeg`,
    /// `card.webp`, `card.svg`, any case, no trailing `/`), or nil: a folder of frames, or an
    /// animation, or a PDF. In the png format (the default) the extension decides; `--format jpg`
    /// takes `.jpg`, `--format webp` `.webp` (an animation when more than one frame is drawn, see
    /// `render`), `--format svg` `.svg`.
    var outStillFormat: AnimationFormat? {
        guard let out, !out.hasSuffix("/") else { return nil }
        if animationFormat == .svg { return URL(fileURLWithPath: out).pathExtension.lowercased() == "svg" ? .svg : nil }
        guard let named = StillEncoding.format(ofFile: out) else { return nil }
        switch animationFormat {
        case .png: return named
        case .jpg, .webp: return named == animationFormat ? named : nil
        default: return nil
        }
    }

    /// Whether `--out` names one image file rather than a folder of frames.
    var outNamesFile: Bool { outStillFormat != nil }

    /// The parsed `--frame-range` as a closed range.
    var frameBounds: ClosedRange<Int>? {
        guard let frameRange else { return nil }
        let parts = frameRange.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, let a = Int(parts[0]), let b = Int(parts.last!), a >= 0, a <= b else { return nil }
        return a...b
    }

    func validate() throws {
        if AnimationFormat(rawValue: format) == nil {
            throw ValidationError("--format must be one of \(AnimationFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \(format)")
        }
        if frameRange != nil, frameBounds == nil {
            throw ValidationError("--frame-range must look like A-B with 0 ≤ A ≤ B (or a single frame N), not \(frameRange!)")
        }
        if let frames, !(1...1_000_000).contains(frames) { throw ValidationError("--frames must be between 1 and 1000000, not \(frames)") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be above 0 and at most 1000, not \(fps)") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        if let scale, !(scale >= 0.1 && scale <= 8) { throw ValidationError("--scale must be between 0.1 and 8, not \(scale)") }
        if locale.isAll, dumpLayout { throw ValidationError("--dump-layout prints one scene's layout: give one --locale, not all") }
    }

    func run() throws {
        guard locale.isAll else {
            try render(locale: locale.locale, suffix: nil)
            // Every output is in place: a signal from now on does not fail the render.
            Interruption.outputCommitted()
            return
        }
        // Every language in turn: frames into OUT/<locale>/, an animation or a link report
        // into NAME-<locale>.EXT beside where the one file would go.
        for locale in try locale.locales(of: scene, assets: assets.policy) {
            try render(locale: locale, suffix: locale)
        }
        Interruption.outputCommitted()
    }

    /// `path` with `-suffix` before its extension (`out/card.mp4` → `out/card-de.mp4`).
    static func path(_ path: String, suffix: String?) -> String {
        guard let suffix else { return path }
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        let stem = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        return ext.isEmpty ? "\(stem)-\(suffix)" : "\(stem)-\(suffix).\(ext)"
    }

    /// Renders the scene in one locale; `suffix` (the locale, for `--locale all`) names its own outputs.
    private func render(locale: String?, suffix: String?) throws {
        // An unusable --shard auto is refused before any work.
        let shard = try sharding.resolved()
        // Without --out, each shard of an animation gets a file of its own (card-part-2-of-4.mp4),
        // so that shards started in one folder do not overwrite one another's.
        var suffix = suffix
        if let shard, out == nil, animationFormat != .png, animationFormat != .jpg, animationFormat != .none {
            suffix = [suffix, "part-\(shard.number)-of-\(shard.count)"].compactMap { $0 }.joined(separator: "-")
        }
        var links = self.links
        if let file = links.file { links.file = Self.path(file, suffix: suffix) }
        var scene = try SceneLoading.load(self.scene, locale: locale, assets: assets.policy, values: template.values)
        CaptionWarnings.shared.print(for: scene, file: self.scene, quiet: quiet || dumpLayout)
        ImageWarnings.shared.print(for: scene, file: self.scene, quiet: quiet || dumpLayout)
        if let fps {
            // A frame rate asks for a timeline, as the scene's own `fps` does: no longer a still.
            scene.fps = fps
            scene.isStill = false
        }
        if let scale { scene.canvas.scale = scale }
        links.apply(to: &scene)
        // WebP: one frame drawn is a still WebP (libwebp), more an animated one (ffmpeg), whether
        // `--out NAME.webp` or `--format webp` asked for it.
        let drawnCount = frameBounds?.count ?? frames ?? scene.frameCount
        var still = outStillFormat, format = animationFormat
        if still == .webp, drawnCount > 1 {
            (still, format) = (nil, .webp)
        } else if still == nil, format == .webp, drawnCount == 1, shard == nil {
            still = .webp
        }
        // The limits validate applies, again after --scale, --fps and --format: refused before any work.
        // A still file is held to its own encoder's limits (a still WebP to libwebp's 16383 a side).
        // Pages (--page-height) are the format's frames; the canvas is only cut into them.
        let canvasFormat = pageHeight == nil ? still ?? format : nil
        if let problem = scene.canvas.pixelSizeProblem(format: canvasFormat) {
            throw CommandFailure.input(scale != nil ? "--scale: the canvas \(problem)" : "\(self.scene): canvas: \(problem)")
        }
        if frames == nil, let fps, (scene.duration * fps).rounded() > Double(SceneLimits.maximumFrameCount) {
            throw CommandFailure.input("--fps: \(JSONNode.format(scene.duration)) s at \(JSONNode.format(fps)) fps is \(JSONNode.format((scene.duration * fps).rounded())) frames; a scene has at most \(SceneLimits.maximumFrameCount)")
        }
        let count = frames ?? scene.frameCount
        if let pageHeight, !dumpLayout { try checkPages(pageHeight, scene: scene, drawnCount: drawnCount, format: still ?? format) }
        if still != nil, !dumpLayout, !links.noFrames, pageHeight == nil { try checkOneFrame(of: scene, count: count) }
        let name = URL(fileURLWithPath: self.scene).deletingPathExtension().lastPathComponent
        if !dumpLayout { try checkOutputs(name: name, suffix: suffix, links: links, format: format, still: still) }
        let workers = threads ?? ProcessInfo.processInfo.activeProcessorCount
        if animationFormat.vectorFormat != nil { try checkVector(links: links, count: frameBounds?.count ?? count) }
        // An auto height is known only once laid out: nothing to prepare for yet.
        if !dumpLayout && !links.noFrames && animationFormat.vectorFormat == nil && !scene.canvas.isHeightAuto && pageHeight == nil
            && scene.canvas.pixelWidth * scene.canvas.pixelHeight <= 16_000_000 {
            // Surfaces and encoder buffers fill in while the blocks are laid out (one set per worker).
            let frameCount = frameBounds.map { $0.count } ?? frames ?? scene.frameCount
            SceneRenderer.prepareFrames(width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight,
                                        count: max(1, min(workers, frameCount)), encodingPNG: format == .png && (still ?? .png) == .png,
                                        opaque: scene.canvas.background?.alpha == 1, oneOfMany: frameCount > 1)
        }
        let fonts = try self.fonts.library(for: scene, file: self.scene, quiet: quiet)
        let renderer = try SceneLoading.prepare(self.scene) {
            // Paged, an auto height may pass the canvas limit: only pages are drawn.
            try SceneRenderer(scene: scene, cutsCaptions: true, fonts: fonts, limitsAutoHeight: pageHeight == nil || dumpLayout)
        }
        if scene.canvas.isHeightAuto {
            // The content's height, now laid out, against the format's encoder as any height is.
            scene.canvas = renderer.scene.canvas
            if pageHeight == nil, let problem = scene.canvas.pixelSizeProblem(format: canvasFormat) {
                throw CommandFailure.input("\(self.scene): canvas.height: \"auto\" gives a canvas that \(problem)")
            }
        }
        if dumpLayout {
            try printLayouts(renderer)
            return
        }
        if let pageHeight {
            let frame = frameBounds?.lowerBound ?? 0
            guard frame < count else {
                throw CommandFailure.input("--frame-range: \(frameRange!) goes past the last frame (\(count - 1))")
            }
            try renderPages(renderer, pageHeight: pageHeight, frame: frame,
                            destination: destination(name: name, suffix: suffix, format: format, still: still),
                            format: format, still: still, workers: workers)
            return
        }
        // A range, not an array: the frames to draw take no memory however many there are.
        var indices = 0..<count
        if let bounds = frameBounds {
            guard bounds.upperBound < count else {
                throw CommandFailure.input("--frame-range: \(frameRange!) goes past the last frame (\(count - 1))")
            }
            indices = bounds.lowerBound..<bounds.upperBound + 1
        }
        if let shard {
            indices = shard.part(of: indices)
            if indices.isEmpty {
                if !quiet { SceneLoading.printError("shard \(shard) has no frames (there are \(count) in all); nothing to render") }
                return
            }
        }
        let tracker = LinkTracker(renderer)
        let report = try links.makeWriter(for: renderer, tracker: tracker, frameCount: count)
        if links.noFrames, let report {
            try writeReport(report, tracker: tracker, count: count)
            if !quiet { SceneLoading.printError("wrote the link report to \(report.url.path)") }
            return
        }
        let destination = self.destination(name: name, suffix: suffix, format: format, still: still)
        if format.vectorFormat != nil {
            try renderVector(renderer, frames: indices, to: destination, tracker: tracker, report: report, workers: workers)
            if let report { try writeReport(report, tracker: tracker, count: count) }
            return
        }
        var sink: any FrameSink
        do {
            if format == .none {
                sink = DiscardingSink()
            } else if still == .png {
                sink = try PNGFrameWriter(file: destination, compression: png.compression)
            } else if let still {
                sink = try EncodedFrameWriter(file: destination, format: still, encoding: self.still.encoding(png: png.compression))
            } else if format == .png {
                sink = try PNGFrameWriter(directory: destination, frameCount: count, compression: png.compression)
            } else if format == .jpg {
                sink = try EncodedFrameWriter(directory: destination, frameCount: count, format: .jpg, encoding: self.still.encoding(png: png.compression))
            } else {
                sink = try FFmpegEncoder(format: format, destination: destination,
                                         width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight, fps: scene.fps,
                                         opaque: scene.canvas.background?.alpha == 1)
            }
        } catch OutputError.ffmpegMissing(let format) {
            report?.cancel()
            throw CommandFailure.run(OutputError.ffmpegMissing(format: format))
        } catch {
            report?.cancel()
            try Interruption.exitIfRequested()
            throw CommandFailure.input(error, at: "--out")
        }
        if links.overlay {
            let scale = scene.canvas.scale, fonts = renderer.fonts
            sink = PreparingSink(sink) { surface, index in
                LinkOverlay.draw(tracker.frame(index), viewport: tracker.viewport, on: surface, scale: scale, fonts: fonts)
            }
        }
        let progress = progressOptions.reporter(total: indices.count, quiet: quiet)
        do {
            try renderer.render(indices, to: sink, concurrency: workers, isCancelled: { Interruption.isRequested }) {
                progress.advance()
            }
        } catch {
            report?.cancel()
            try Interruption.exitIfRequested()
            throw CommandFailure.run(error)
        }
        if let report { try writeReport(report, tracker: tracker, count: count) }
        progress.finish(still != nil ? "wrote \(destination.path)"
                        : "wrote \(indices.count) frame\(indices.count == 1 ? "" : "s") to \(destination.path)")
    }

    /// Streams every frame's link visibility into the report and puts the file in place.
    private func writeReport(_ report: LinkReportWriter, tracker: LinkTracker, count: Int) throws {
        do {
            for index in 0..<count {
                if Interruption.isRequested { throw CancellationError() }
                try report.append(tracker.frame(index))
            }
            try report.finish()
        } catch {
            report.cancel()
            try Interruption.exitIfRequested()
            throw CommandFailure.run(error, doing: "cannot write the link report")
        }
    }

    /// Refuses, as the input's fault, `--out NAME.png` for a render of more than one frame: one
    /// PNG file holds one frame, and a folder named `card.png` is not what anyone asks for.
    private func checkOneFrame(of scene: Scene, count: Int) throws {
        let drawn = frameBounds?.count ?? count
        guard drawn != 1, let out else { return }
        let why: String
        if let frameRange, frameBounds != nil {
            why = "--frame-range \(frameRange)"
        } else if let frames {
            why = "--frames \(frames)"
        } else if let cause = scene.animatedBy {
            why = cause == "duration" || cause == "fps" ? "the scene gives its \(cause)" : "\(cause) changes over time"
        } else {
            why = fps != nil ? "--fps gives the scene a timeline" : "the scene is animated"
        }
        let ext = URL(fileURLWithPath: out).pathExtension
        let folder = String(out.dropLast(ext.count + 1))
        throw CommandFailure.input("--out: \(OutputError.display(out)) is one \(["jpg": "JPEG", "jpeg": "JPEG", "webp": "WebP"][ext.lowercased()] ?? ext.uppercased()) file, which holds one frame, and this render has \(drawn) (\(why)); "
            + "give a folder for the frames (--out \(OutputError.display(folder.isEmpty ? "frames" : folder))), one of them (--frame-range N), "
            + (animationFormat == .svg ? "or one PDF of a page per frame (--format pdf)"
               : "or one animated file (--out \(OutputError.display((folder.isEmpty ? "frames" : folder) + ".mp4")), or .gif, .apng, .webp, .mov, .webm)"))
    }

    /// Where the frames or the animation go: `--out`, else named after the scene; `suffix`
    /// (a locale) makes a subfolder of frames or a `NAME-suffix.EXT` file, and `NAME-suffix.png`
    /// for one PNG file. /dev/null for `none`.
    private func destination(name: String, suffix: String?, format: AnimationFormat, still: AnimationFormat?) -> URL {
        switch format {
        case .none: URL(fileURLWithPath: "/dev/null")
        case _ where still != nil: URL(fileURLWithPath: Self.path(out ?? "\(name).\(still!.fileExtension)", suffix: suffix))
        case .png, .jpg, .svg: suffix.map { URL(fileURLWithPath: out ?? name).appendingPathComponent($0) } ?? URL(fileURLWithPath: out ?? name)
        default: URL(fileURLWithPath: Self.path(out ?? "\(name).\(format.fileExtension)", suffix: suffix))
        }
    }

    /// Refuses, before any work and as the input's fault, an output that cannot be written: an
    /// animation or report whose name is a folder, a path through a file, a read-only or
    /// unwritable folder, a missing folder for the report. Missing folders for frames or an
    /// animation are fine: they are created (`mkdir -p`).
    private func checkOutputs(name: String, suffix: String?, links: LinkReportOptions, format: AnimationFormat, still: AnimationFormat?) throws {
        let outNamesFile = still != nil
        do {
            if let file = links.file { try OutputPlace.checkFile(URL(fileURLWithPath: file), foldersMayBeMissing: false) }
        } catch {
            throw CommandFailure.input(error, at: "--links")
        }
        guard !links.noFrames else { return }
        do {
            let destination = destination(name: name, suffix: suffix, format: format, still: still)
            switch format {
            case .none: break
            case _ where outNamesFile: try OutputPlace.checkFile(destination)
            case .png, .jpg, .svg: try OutputPlace.checkFolder(destination)
            default: try OutputPlace.checkFile(destination)
            }
        } catch OutputError.isAFolder(let path) where outNamesFile {
            throw CommandFailure.input("--out: \(OutputError.display(path)) is a folder; one frame goes to an image file of that name: remove the folder, or write into it with --out \(OutputError.display(path))/")
        } catch OutputError.isAFolder(let path) {
            let example = URL(fileURLWithPath: path).appendingPathComponent(name + "." + format.fileExtension).path
            throw CommandFailure.input("--out: \(OutputError.display(path)) is a folder; --format \(format.rawValue) writes one file, such as \(OutputError.display(example))")
        } catch {
            throw CommandFailure.input(error, at: "--out")
        }
    }

    private func printLayouts(_ renderer: SceneRenderer) throws {
        try StandardOutput.write(try renderer.layoutDumpJSON())
        try StandardOutput.write(Data("\n".utf8))
    }
}
#endif
