/// The files frames can be written as.
package enum AnimationFormat: String, CaseIterable, Sendable {
    /// One PNG file per frame, written natively.
    case png
    /// One JPEG file per frame, written natively (TurboJPEG; see `JPEGEncoder`).
    case jpg
    case gif, apng, webp, mp4
    /// QuickTime with ProRes 4444 and its alpha channel (`prores_ks`, `yuva444p10le`): overlays for editors.
    case mov
    /// WebM with VP9 and its alpha channel (`libvpx-vp9`, `yuva420p`): overlays for browsers.
    case webm
    /// Render and discard: for timing the drawing alone, or a dry run.
    case none
    /// Vector output (see ``VectorFormat``): an SVG file per frame, or one PDF of a page per frame.
    case svg, pdf

    /// The file extension of a single-file animation.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpg: "jpg"
        case .gif: "gif"
        case .apng: "png"
        case .webp: "webp"
        case .mp4: "mp4"
        case .mov: "mov"
        case .webm: "webm"
        case .none: ""
        case .svg: "svg"
        case .pdf: "pdf"
        }
    }

    /// The widest and tallest frame this format's encoder takes: libwebp's 16383, libx264's and
    /// libvpx's 16384 (after padding to even sizes), GIF's 65535; PNG, APNG and ProRes have no
    /// limit of their own below the canvas's.
    package var maximumFrameSide: Int? {
        switch self {
        case .webp: 16383
        case .mp4, .webm: 16384
        case .gif, .jpg: 65535
        case .pdf: VectorFormat.maximumPDFPageSide
        case .png, .apng, .mov, .none, .svg: nil
        }
    }

    /// The most pixels a frame of this format has, where the encoder's memory sets the bound:
    /// VP9's largest level (6.2, 8192 × 4352), as libvpx-vp9 takes about 200 bytes a pixel
    /// (7.6 GB at that size; a 16384 × 16128 frame exhausted 23 GB).
    package var maximumFramePixels: Int? {
        self == .webm ? 35_651_584 : nil
    }

    /// ffmpeg refuses raw frames unless (width + 128) × (height + 128) is below this
    /// (`av_image_check_size`: `Picture size 16384x16384 is invalid`): about 16255 × 16255.
    package static let ffmpegPictureAreaLimit = 1 << 28

    /// Whether frames go through ffmpeg.
    var usesFFmpeg: Bool { self != .png && self != .jpg && self != .none && vectorFormat == nil }

    /// The vector format this is, if any.
    package var vectorFormat: VectorFormat? { VectorFormat(rawValue: rawValue) }

    /// Why this format cannot hold `width` × `height` pixel frames, naming the format and its
    /// limit, or nil when it can: checked before any frame is drawn.
    package func frameSizeProblem(width: Int, height: Int) -> String? {
        if self == .jpg, width > 65535 || height > 65535 {
            return "is \(width)×\(height) pixels, larger than jpg takes (JPEG frames are at most 65535 pixels a side)"
        }
        if self == .pdf, let side = maximumFrameSide, width > side || height > side {
            return "is \(width)×\(height) pixels, larger than a PDF page (at most \(side) units a side, 200 inches, for PDF readers)"
        }
        guard usesFFmpeg else { return nil }
        // mp4 and webm pad odd sizes by one pixel: the encoder sees the padded size.
        let padded = self == .mp4 || self == .webm
        let w = padded ? width + width % 2 : width, h = padded ? height + height % 2 : height
        if let side = maximumFrameSide, w > side || h > side {
            return "is \(width)×\(height) pixels, larger than \(rawValue) takes (\(encoderName) frames are at most \(side) pixels a side)"
        }
        if let pixels = maximumFramePixels, w * h > pixels {
            return "is \(width)×\(height) pixels, larger than \(rawValue) takes (\(encoderName) frames are at most \(pixels) pixels, VP9 level 6.2's 8192×4352)"
        }
        if (w + 128) * (h + 128) >= Self.ffmpegPictureAreaLimit {
            return "is \(width)×\(height) pixels, larger than \(rawValue) takes (ffmpeg takes frames whose (width + 128) × (height + 128) is under \(Self.ffmpegPictureAreaLimit), such as 16255×16255)"
        }
        return nil
    }

    /// The encoder's name, for messages.
    private var encoderName: String {
        switch self {
        case .gif: "GIF"
        case .apng: "APNG"
        case .webp: "libwebp"
        case .mp4: "libx264"
        case .mov: "ProRes"
        case .webm: "libvpx-vp9"
        case .png, .jpg, .none, .svg, .pdf: rawValue
        }
    }

    /// ffmpeg arguments after the raw-frame input for a `width` × `height` video.
    ///
    /// Frames arrive as Cairo draws them, with premultiplied alpha; ffmpeg reads `bgra` as
    /// straight alpha. Formats that keep transparency undo the premultiplication first unless
    /// the frames are `opaque` (where both are the same), or every half-transparent edge would
    /// come out darker than the PNG frames. MP4 drops alpha: premultiplied colour is the frame
    /// over black, as it should be.
    package func ffmpegOutputArguments(width: Int, height: Int, opaque: Bool = false) -> [String] {
        let even = width % 2 == 0 && height % 2 == 0
        let straight = opaque ? [] : ["unpremultiply=inplace=1"]
        func filters(_ list: [String]) -> [String] { list.isEmpty ? [] : ["-vf", list.joined(separator: ",")] }
        switch self {
        case .png, .jpg, .none, .svg, .pdf: return []
        case .gif:
            // One palette for the whole animation, built from its own frames.
            return ["-filter_complex", "[0:v]" + (straight + ["split[a][b]"]).joined(separator: ",")
                        + ";[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                    "-loop", "0", "-f", "gif"]
        case .apng: return filters(straight) + ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
        case .webp:
            return filters(straight) + ["-c:v", "libwebp", "-lossless", "0", "-quality", "90", "-pix_fmt", "yuva420p", "-loop", "0", "-f", "webp"]
        case .mp4:
            // Shards (`render --shard K/N`) join without re-encoding with these arguments as they
            // are, so none are added for them: every encode starts on an IDR frame at timestamp 0,
            // libx264's GOPs are closed unless asked otherwise (open-gop is off), B-frames never
            // reach past the end of a part (the encoder flushes there), and the SPS and PPS depend
            // only on these settings, the size and the rate (not on the frame count or libx264's
            // threads), so every shard's match. `join` sets the decoding times a part too short
            // for B-frames leaves at zero delay. Forcing `-bf 0` or a fixed `-g` would cost
            // quality and make shards differ from a single render for nothing.
            // H.264 needs even sizes; pad by at most one pixel instead of scaling.
            return filters(even ? [] : ["pad=ceil(iw/2)*2:ceil(ih/2)*2"]) + ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mp4"]
        case .mov:
            return filters(straight) + ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-alpha_bits", "16", "-f", "mov"]
        case .webm:
            // VP9 with alpha needs 4:2:0 and even sizes; the alpha is kept by libvpx as a second stream in the file.
            // Every encode starts on a key frame, and without alt-ref frames (`-auto-alt-ref 0`)
            // none is hidden, so shards join without re-encoding (ProRes, intra-only, always does).
            return filters(straight + (even ? [] : ["pad=ceil(iw/2)*2:ceil(ih/2)*2:color=black@0"]))
                + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "30", "-row-mt", "1", "-auto-alt-ref", "0", "-f", "webm"]
        }
    }
}
