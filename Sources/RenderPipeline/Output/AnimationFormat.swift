/// The files frames can be written as.
public enum AnimationFormat: String, CaseIterable, Sendable {
    /// One PNG file per frame, written natively.
    case png
    case gif, apng, webp, mp4
    /// QuickTime with ProRes 4444 and its alpha channel (`prores_ks`, `yuva444p10le`): overlays for editors.
    case mov
    /// WebM with VP9 and its alpha channel (`libvpx-vp9`, `yuva420p`): overlays for browsers.
    case webm
    /// Render and discard: for timing the drawing alone, or a dry run.
    case none

    /// The file extension of a single-file animation.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .gif: "gif"
        case .apng: "png"
        case .webp: "webp"
        case .mp4: "mp4"
        case .mov: "mov"
        case .webm: "webm"
        case .none: ""
        }
    }

    /// ffmpeg arguments after the raw-frame input for a `width` × `height` video.
    func ffmpegOutputArguments(width: Int, height: Int) -> [String] {
        switch self {
        case .png, .none: []
        case .gif:
            // One palette for the whole animation, built from its own frames.
            ["-filter_complex", "[0:v]split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
             "-loop", "0", "-f", "gif"]
        case .apng: ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
        case .webp: ["-c:v", "libwebp", "-lossless", "0", "-quality", "90", "-pix_fmt", "yuva420p", "-loop", "0", "-f", "webp"]
        case .mp4:
            // H.264 needs even sizes; pad by at most one pixel instead of scaling.
            (width % 2 == 0 && height % 2 == 0 ? [] : ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"])
                + ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mp4"]
        case .mov:
            ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-alpha_bits", "16", "-f", "mov"]
        case .webm:
            // VP9 with alpha needs 4:2:0 and even sizes; the alpha is kept by libvpx as a second stream in the file.
            (width % 2 == 0 && height % 2 == 0 ? [] : ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=black@0"])
                + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "30", "-row-mt", "1", "-auto-alt-ref", "0", "-f", "webm"]
        }
    }
}
