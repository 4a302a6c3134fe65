// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `texteffects captions SUBS --out OUT`: renders a caption file as transparent overlay frames
/// (PNG with alpha) or video with alpha (ProRes 4444 `.mov`, VP9 `.webm`).
struct CaptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captions",
        abstract: "Render captions (SubRip, WebVTT or word timings) as overlay frames with alpha (PNGs, .mov or .webm), or burn them into a video.",
        discussion: """
            The overlay lasts until the last cue ends. With --over VIDEO the captions are burned into the video: --out is an .mp4 of \
            the video's size, frame rate and length, with its audio copied. Bad caption, style or video files exit with status 2, \
            one line per problem (file:line).
            """
    )

    @Argument(help: ArgumentHelp("The caption file: .srt, .vtt or word-timings .json (whisper, whisper.cpp, WhisperX).", valueName: "subs"))
    var subtitles: String

    @Option(help: ArgumentHelp("A caption style: a JSON file, or a preset (\(CaptionStyle.presetNames.joined(separator: ", "))).", valueName: "style"))
    var style: String?

    @Option(help: ArgumentHelp("Frame size in pixels, WIDTHxHEIGHT (default: 1920x1080; with --over, the video's).", valueName: "size"))
    var size: FrameSize?

    @Option(help: ArgumentHelp("Frames per second: a number or a fraction such as 30000/1001 (default: 30; with --over, the video's).",
                               valueName: "fps"))
    var fps: FrameRate?

    @Option(help: ArgumentHelp("A video to burn the captions into; --out is then an .mp4 with its size, frame rate, length and audio.",
                               valueName: "video"))
    var over: String?

    @Option(help: "A folder of PNG frames with alpha, a .mov (ProRes 4444 with alpha) or a .webm (VP9 with alpha); with --over, an .mp4.")
    var out: String

    @Option(help: "Frames drawn at once (default: one per core).")
    var threads: Int?

    @Flag(help: "Print nothing but errors (no progress, no summary, no warnings).")
    var quiet = false

    @OptionGroup(title: "Progress")
    var progressOptions: ProgressOptions

    @OptionGroup(title: "PNG output")
    var png: PNGCompressionOption

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    /// The output's format, from `--out`'s extension: a folder of PNGs unless `.mov` or `.webm`,
    /// and an MP4 when burning into a video.
    var format: AnimationFormat {
        if over != nil { return .mp4 }
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "mov": return .mov
        case "webm": return .webm
        default: return .png
        }
    }

    func validate() throws {
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        if out.isEmpty { throw ValidationError("--out needs a folder, a .mov or a .webm") }
        let ext = URL(fileURLWithPath: out).pathExtension.lowercased()
        if let over {
            if over.isEmpty { throw ValidationError("--over needs a video file") }
            if ext != "mp4" { throw ValidationError("--out \(out): captions burned into a video are written as an .mp4") }
            if size != nil { throw ValidationError("--size: with --over, the frame size is the video's") }
            if fps != nil { throw ValidationError("--fps: with --over, the frame rate is the video's") }
            return
        }
        if ["mp4", "gif", "apng", "webp", "png", "mkv", "avi"].contains(ext) {
            throw ValidationError("--out \(out): captions are written with alpha, as a folder of PNGs, a .mov or a .webm")
        }
    }

    func run() throws {
        let track = try CaptionTrack(contentsOf: URL(fileURLWithPath: subtitles), displayName: subtitles)
        guard !track.cues.isEmpty else {
            throw CommandFailure.input("\(subtitles): has no cues; there is nothing to render")
        }
        CaptionWarnings.shared.print(track, prefix: subtitles, quiet: quiet)
        let video = try probeVideo()
        let size = video.map { FrameSize(width: $0.width, height: $0.height) } ?? self.size ?? FrameSize(width: 1920, height: 1080)
        let fps = video?.frameRate ?? self.fps ?? .defaultRate
        var scene = Scene(canvas: Scene.Canvas(width: Double(size.width), height: Double(size.height), background: nil), blocks: [])
        scene.fps = fps.value
        var styleFonts: [FontFamilyUse] = []
        scene.captions = SceneCaptions(source: subtitles, track: track, style: try loadStyle(fontFamilies: &styleFonts))
        scene.fontFamilies = styleFonts
        // Frames 0 up to the first frame at or after the last cue's end; over a video, no
        // further than its end (the rest of a longer video passes through).
        var count = max(1, track.duration.firstFrame(atOrAfterRate: fps.frames, per: fps.seconds))
        if let video { count = min(count, video.frameCount) }
        // As many frames as a scene may have, refused before anything is laid out or written.
        if count > SceneLimits.maximumFrameCount {
            throw CommandFailure.input("\(subtitles): the captions run to \(track.duration), \(Self.grouped(count)) frames at \(fps) fps, more than the limit of \(Self.grouped(SceneLimits.maximumFrameCount))")
        }
        scene.duration = Double(count) / fps.value
        let destination = URL(fileURLWithPath: out)
        // A place that cannot be written is refused before the captions are laid out.
        do {
            if format == .png { try OutputPlace.checkFolder(destination) } else { try OutputPlace.checkFile(destination) }
        } catch {
            throw CommandFailure.input(error, at: "--out")
        }
        // The style's families are named in its file, or by the preset --style chose.
        let styleFile = style.map { FileManager.default.fileExists(atPath: $0) ? $0 : "--style \($0)" }
        let fonts = try self.fonts.library(for: scene, file: subtitles, familiesIn: styleFile, quiet: quiet)
        var renderer = try SceneLoading.prepare(subtitles) { try SceneRenderer(scene: scene, cutsCaptions: true, fonts: fonts) }
        let sink: any FrameSink
        do {
            if let video {
                // Only the band the captions occupy goes to ffmpeg and is blended.
                let region = renderer.captionRegion ?? PixelRect(x: 0, y: 0, width: size.width, height: size.height)
                renderer = renderer.cropped(to: region)
                sink = try FFmpegEncoder(burningInto: video, region: region, destination: destination)
            } else if format == .png {
                sink = try PNGFrameWriter(directory: destination, frameCount: count, compression: png.compression)
            } else {
                sink = try FFmpegEncoder(format: format, destination: destination, width: size.width, height: size.height, fps: fps.value)
            }
        } catch OutputError.ffmpegMissing(let format) {
            throw CommandFailure.run(OutputError.ffmpegMissing(format: format))
        } catch {
            try Interruption.exitIfRequested()
            throw CommandFailure.input(error, at: "--out")
        }
        let progress = progressOptions.reporter(total: count, quiet: quiet)
        do {
            try renderer.render(0..<count, to: sink, concurrency: threads ?? ProcessInfo.processInfo.activeProcessorCount,
                                isCancelled: { Interruption.isRequested }) {
                progress.advance()
            }
        } catch {
            try Interruption.exitIfRequested()
            throw CommandFailure.run(error)
        }
        // The frames or the video are in place: a signal from now on does not fail the run.
        Interruption.outputCommitted()
        progress.finish("wrote \(count) frame\(count == 1 ? "" : "s") to \(destination.path)")
    }

    /// `n` with commas between groups of three digits: 1,000,000.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (n < 0 ? "-" : "") + result
    }

    /// `--over`'s video, read with ffprobe; a file that is not a usable video exits 2.
    func probeVideo() throws -> VideoInfo? {
        guard let over else { return nil }
        do {
            return try VideoInfo(probing: over)
        } catch .ffprobeMissing {
            throw CommandFailure.run(VideoProbeError.ffprobeMissing)
        } catch {
            throw CommandFailure.input(error, at: "--over \(over)")
        }
    }

    /// `--style`: a JSON file, else a preset's name; a bad file exits 2 naming its problems.
    /// `fontFamilies` gets the families the style names, at their paths in the file.
    func loadStyle(fontFamilies: inout [FontFamilyUse]) throws -> CaptionStyle {
        guard let style else { return CaptionStyle() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: style, isDirectory: &isDirectory), !isDirectory.boolValue else {
            if let preset = CaptionStyle.preset(named: style) {
                fontFamilies = preset.font.family.map { [FontFamilyUse(path: "", family: $0)] } ?? []
                return preset
            }
            throw CommandFailure.input("--style: \(JSONValue.string(style)) is neither a file nor a preset (\(CaptionStyle.presetNames.joined(separator: ", ")))")
        }
        let problems = SceneProblems()
        var result = CaptionStyle()
        do {
            let value = try JSONValue(parsing: RegularFile.read(style, limit: CaptionStyle.maximumFileSize))
            result = JSONNode(value: value, path: "", problems: problems).captionStyle()
        } catch let error as AssetError {
            problems.add("", "cannot read the file (\(error.reason))")
        } catch let error as JSONSyntaxError {
            // Located like a word-timings file's syntax error: FILE:LINE:COLUMN: not valid JSON: reason.
            throw CaptionError(file: style, line: error.line, column: error.column, "not valid JSON: \(error.reason)")
        } catch {
            problems.add("", "not valid JSON (\((error as NSError).localizedDescription))")
        }
        guard problems.isEmpty else { throw SceneError(file: style, problems: problems.items) }
        fontFamilies = problems.fontFamilies
        return result
    }
}
#endif
