import ArgumentParser
import Foundation
import RenderPipeline

/// `texteffects captions SUBS --out OUT`: renders a caption file as transparent overlay frames
/// (PNG with alpha) or video with alpha (ProRes 4444 `.mov`, VP9 `.webm`).
struct CaptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captions",
        abstract: "Render captions (SubRip, WebVTT or word timings) as overlay frames with alpha: PNGs, .mov or .webm.",
        discussion: "The overlay lasts until the last cue ends. Bad caption or style files exit with status 2, one line per problem (file:line)."
    )

    @Argument(help: ArgumentHelp("The caption file: .srt, .vtt or word-timings .json (whisper, whisper.cpp, WhisperX).", valueName: "subs"))
    var subtitles: String

    @Option(help: ArgumentHelp("A caption style: a JSON file, or a preset (\(CaptionStyle.presetNames.joined(separator: ", "))).", valueName: "style"))
    var style: String?

    @Option(help: "Frame size in pixels, WIDTHxHEIGHT.")
    var size = FrameSize(width: 1920, height: 1080)

    @Option(help: "Frames per second: a number or a fraction such as 30000/1001.")
    var fps = FrameRate(frames: 30)!

    @Option(help: "A folder of PNG frames with alpha, a .mov (ProRes 4444 with alpha) or a .webm (VP9 with alpha).")
    var out: String

    @Option(help: "Frames drawn at once (default: one per core).")
    var threads: Int?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    /// The output's format, from `--out`'s extension: a folder of PNGs unless `.mov` or `.webm`.
    var format: AnimationFormat {
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "mov": .mov
        case "webm": .webm
        default: .png
        }
    }

    func validate() throws {
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        if out.isEmpty { throw ValidationError("--out needs a folder, a .mov or a .webm") }
        let ext = URL(fileURLWithPath: out).pathExtension.lowercased()
        if ["mp4", "gif", "apng", "webp", "png", "mkv", "avi"].contains(ext) {
            throw ValidationError("--out \(out): captions are written with alpha, as a folder of PNGs, a .mov or a .webm")
        }
    }

    func run() throws {
        let track: CaptionTrack
        do {
            track = try CaptionTrack(contentsOf: URL(fileURLWithPath: subtitles), displayName: subtitles)
        } catch let error as CaptionError {
            SceneLoading.printError(error.description)
            throw ExitCode(2)
        }
        guard !track.cues.isEmpty else {
            SceneLoading.printError("\(subtitles): has no cues; there is nothing to render")
            throw ExitCode(2)
        }
        var scene = Scene(canvas: Scene.Canvas(width: Double(size.width), height: Double(size.height), background: nil), blocks: [])
        scene.fps = fps.value
        scene.captions = SceneCaptions(source: subtitles, track: track, style: try loadStyle())
        // Frames 0 up to the first frame at or after the last cue's end.
        let count = max(1, track.duration.firstFrame(atOrAfterRate: fps.frames, per: fps.seconds))
        scene.duration = Double(count) / fps.value
        let destination = URL(fileURLWithPath: out)
        // A place that cannot be written is refused before the captions are laid out.
        do {
            if format == .png { try OutputPlace.checkFolder(destination) } else { try OutputPlace.checkFile(destination) }
        } catch {
            SceneLoading.printError("--out: \(error)")
            throw ExitCode(2)
        }
        let renderer = try SceneLoading.prepare(subtitles) { try SceneRenderer(scene: scene) }
        let sink: any FrameSink
        do {
            if format == .png {
                sink = try PNGFrameWriter(directory: destination, frameCount: count)
            } else {
                sink = try FFmpegEncoder(format: format, destination: destination, width: size.width, height: size.height, fps: fps.value)
            }
        } catch OutputError.ffmpegMissing(let format) {
            SceneLoading.printError("texteffects: \(OutputError.ffmpegMissing(format: format))")
            throw ExitCode.failure
        } catch {
            try Interruption.exitIfRequested()
            SceneLoading.printError("--out: \(error)")
            throw ExitCode(2)
        }
        let progress = ProgressBar(total: count, quiet: quiet)
        do {
            try renderer.render(0..<count, to: sink, concurrency: threads ?? ProcessInfo.processInfo.activeProcessorCount,
                                isCancelled: { Interruption.isRequested }) {
                progress.advance()
            }
        } catch {
            try Interruption.exitIfRequested()
            SceneLoading.printError("texteffects: \(error)")
            throw ExitCode.failure
        }
        progress.finish("wrote \(count) frame\(count == 1 ? "" : "s") to \(destination.path)")
    }

    /// `--style`: a JSON file, else a preset's name; a bad file exits 2 naming its problems.
    func loadStyle() throws -> CaptionStyle {
        guard let style else { return CaptionStyle() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: style, isDirectory: &isDirectory), !isDirectory.boolValue else {
            if let preset = CaptionStyle.preset(named: style) { return preset }
            SceneLoading.printError("--style: \"\(style)\" is neither a file nor a preset (\(CaptionStyle.presetNames.joined(separator: ", ")))")
            throw ExitCode(2)
        }
        let problems = SceneProblems()
        var result = CaptionStyle()
        do {
            let value = try JSONValue(parsing: RegularFile.read(style, limit: CaptionStyle.maximumFileSize))
            result = JSONNode(value: value, path: "", problems: problems).captionStyle()
        } catch let error as AssetError {
            problems.add("", "cannot read the file (\(error.reason))")
        } catch {
            problems.add("", "not valid JSON (\((error as NSError).localizedDescription))")
        }
        guard problems.isEmpty else {
            SceneLoading.printError(SceneError(file: style, problems: problems.items).description)
            throw ExitCode(2)
        }
        return result
    }
}
