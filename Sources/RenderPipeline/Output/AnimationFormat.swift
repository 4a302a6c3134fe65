/// The files frames can be written as.
public enum AnimationFormat: String, CaseIterable, Sendable {
    /// One PNG file per frame, written natively.
    case png
    case gif, apng, webp, mp4
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
        }
    }
}
