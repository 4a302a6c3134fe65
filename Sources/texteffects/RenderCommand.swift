import ArgumentParser
import Foundation
import RenderPipeline

/// `texteffects SCENE.json`: renders the scene's frames to PNG files.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to frame_0000.png, frame_0001.png, … (the default command)."
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "Number of frames to render (default: round(duration × fps)).")
    var frames: Int?

    @Option(help: "Frames per second (default: the scene's fps).")
    var fps: Double?

    @Option(help: "Output folder (default: the scene's name, in the current folder).")
    var out: String?

    @Option(help: "Pixels per point, e.g. 2 for @2x (default: the scene's canvas.scale).")
    var scale: Double?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print every block's layout (lines, runs, glyphs, attributes) as JSON instead of rendering.")
    var dumpLayout = false

    func validate() throws {
        if let frames, !(1...1_000_000).contains(frames) { throw ValidationError("--frames must be between 1 and 1000000, not \(frames)") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be above 0 and at most 1000, not \(fps)") }
        if let scale, !(scale >= 0.1 && scale <= 8) { throw ValidationError("--scale must be between 0.1 and 8, not \(scale)") }
    }

    func run() throws {
        var scene = try SceneLoading.load(self.scene)
        if let fps { scene.fps = fps }
        if let scale { scene.canvas.scale = scale }
        if scene.canvas.pixelWidth > 16384 || scene.canvas.pixelHeight > 16384 {
            SceneLoading.printError("--scale: \(JSONNode.format(scene.canvas.scale)) makes the image \(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight) pixels, larger than 16384 a side")
            throw ExitCode(2)
        }
        let renderer: SceneRenderer
        do { renderer = try SceneRenderer(scene: scene) } catch {
            SceneLoading.printError("\(self.scene): \(error)")
            throw ExitCode(2)
        }
        if dumpLayout {
            try printLayouts(renderer)
            return
        }
        let count = frames ?? scene.frameCount
        let directory = URL(fileURLWithPath: out ?? URL(fileURLWithPath: self.scene).deletingPathExtension().lastPathComponent)
        let writer: PNGFrameWriter
        do { writer = try PNGFrameWriter(directory: directory, frameCount: count) } catch {
            SceneLoading.printError("--out: cannot use \(directory.path) as the output folder (\((error as NSError).localizedDescription))")
            throw ExitCode(2)
        }
        let progress = ProgressBar(total: count, quiet: quiet)
        do {
            try renderer.renderFrames(Array(0..<count)) { index, surface in
                try writer.write(surface, frame: index)
                progress.advance()
            }
        } catch {
            SceneLoading.printError("texteffects: \(error)")
            throw ExitCode.failure
        }
        progress.finish("wrote \(count) frame\(count == 1 ? "" : "s") to \(directory.path)")
    }

    private func printLayouts(_ renderer: SceneRenderer) throws {
        struct Entry: Encodable {
            var id: String
            /// The text as copied to the clipboard: images and tags as their `alt`.
            var plainText: String
            var layout: LayoutDump
        }
        struct Dump: Encodable { var blocks: [Entry] }
        let dump = Dump(blocks: zip(renderer.scene.blocks, renderer.layouts).map { Entry(id: $0.id, plainText: $1.exportedText, layout: LayoutDump($1)) })
        FileHandle.standardOutput.write(try LayoutDump.encode(dump))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
