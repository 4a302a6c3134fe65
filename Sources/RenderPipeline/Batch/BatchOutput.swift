import Foundation

/// One row's output: its path inside the batch's folder and how it is written.
///
/// A still in `png` is one file (`NAME.png`); several frames in `png` are a folder of frames
/// (`NAME/frame_0000.png`, …, the name without `.png`), filled under a hidden name and renamed
/// into place whole; an animation is one file, which ffmpeg writes under a hidden name. So an
/// output that exists is complete, which is what resuming relies on.
struct BatchOutput {
    enum Kind {
        case still, frames, animation
    }

    /// Relative to the batch's folder.
    let path: String
    let kind: Kind
    let format: AnimationFormat

    init(name: String, format: AnimationFormat, frameCount: Int) {
        self.format = format
        let ext = "." + format.fileExtension
        let hasExtension = name.lowercased().hasSuffix(ext)
        switch format {
        case .png where frameCount == 1:
            kind = .still
            path = hasExtension ? name : name + ext
        case .png:
            kind = .frames
            path = hasExtension ? String(name.dropLast(ext.count)) : name
        default:
            kind = .animation
            path = hasExtension ? name : name + ext
        }
    }

    /// Renders `frames` of `renderer` into `url`, on the calling thread; nothing is left at `url`
    /// or beside it unless the whole output is.
    func write(_ renderer: SceneRenderer, to url: URL, frames: Range<Int>, isCancelled: @escaping @Sendable () -> Bool) throws {
        try OutputPlace.createFolder(url.deletingLastPathComponent())
        let scene = renderer.scene
        switch kind {
        case .still:
            try renderer.render(frames, to: ClosureSink { _, surface in try PNGWriter.write(surface, to: url) },
                                concurrency: 1, isCancelled: isCancelled)
        case .animation:
            let encoder = try FFmpegEncoder(format: format, destination: url, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight,
                                            fps: scene.fps, opaque: scene.canvas.background?.alpha == 1)
            try renderer.render(frames, to: encoder, concurrency: 1, isCancelled: isCancelled)
        case .frames:
            let temporary = AtomicFile.temporaryURL(for: url)
            do {
                let writer = try PNGFrameWriter(directory: temporary, frameCount: frames.count)
                try renderer.render(frames, to: writer, concurrency: 1, isCancelled: isCancelled)
                if FileManager.default.fileExists(atPath: url.path) {
                    // --force: the old frames go aside first, so the folder is never half old, half new.
                    let old = AtomicFile.temporaryURL(for: url)
                    try AtomicFile.replace(old, with: url)
                    try? FileManager.default.removeItem(at: old)
                }
                try AtomicFile.replace(url, with: temporary)
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                throw error
            }
        }
    }
}
