import Foundation

extension FFmpegEncoder {
    /// Starts ffmpeg burning overlay frames into `video`: an H.264 MP4 of the video's size
    /// (padded to even by one pixel where it is odd), frame rate and length, with its audio streams copied (encoded to AAC only when their
    /// codec has no MP4 form).
    ///
    /// Frames are `region`'s pixels of each overlay frame (the band the captions occupy), laid
    /// over the video at the region's corner from the video's first frame on; when they run out
    /// before the video ends, the rest of the video passes through unchanged. The picture is
    /// encoded as `ffmpeg -vf subtitles=…` does by default (libx264, CRF 23, preset medium,
    /// 4:2:0), so a burn-in compares like for like with libass.
    ///
    /// The overlay is blended in 4:2:0, the video's own form, as libass blends: frames go down
    /// the pipe with straight colour and only the band is converted, never the whole picture.
    /// Left to choose (`format=auto`), ffmpeg 5 blends in RGB and converts every full frame
    /// there and back, which cost more than all of the captions' drawing.
    package convenience init(burningInto video: VideoInfo, region: PixelRect, destination: URL) throws {
        let source = "file:" + URL(fileURLWithPath: video.path).standardizedFileURL.path
        // H.264 in 4:2:0 needs even sizes: a video of odd width or height gains one black pixel
        // column or row, as `render --format mp4` pads, rather than being scaled.
        let even = video.width % 2 == 0 && video.height % 2 == 0 ? "" : "pad=ceil(iw/2)*2:ceil(ih/2)*2,"
        let overlay = "[0:v][1:v]overlay=x=\(region.x):y=\(region.y):eof_action=pass:format=yuv420,\(even)format=yuv420p[video]"
        let audio = video.audioCodecs.isEmpty ? [] : ["-map", "0:a"] + (video.audioFitsMP4 ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "192k"])
        try self.init(format: .mp4, destination: destination,
                      arguments: ["-i", source]
                          + Self.rawFrameInput(width: region.width, height: region.height, rate: video.frameRate, offset: video.startTime)
                          + ["-filter_complex", overlay, "-map", "[video]"] + audio
                          + ["-c:v", "libx264", "-movflags", "+faststart", "-f", "mp4"])
        sendsStraightAlpha = true
    }
}
