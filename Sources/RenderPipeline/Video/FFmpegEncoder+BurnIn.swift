import Foundation

extension FFmpegEncoder {
    /// Starts ffmpeg burning overlay frames into `video`: an H.264 MP4 of the video's size,
    /// frame rate and length, with its audio streams copied (encoded to AAC only when their
    /// codec has no MP4 form).
    ///
    /// Frames are `region`'s pixels of each overlay frame (the band the captions occupy), laid
    /// over the video at the region's corner (as premultiplied alpha, which Cairo draws) from the
    /// video's first frame on; when they run out
    /// before the video ends, the rest of the video passes through unchanged. The picture is
    /// encoded as `ffmpeg -vf subtitles=…` does by default (libx264, CRF 23, preset medium,
    /// 4:2:0), so a burn-in compares like for like with libass.
    package convenience init(burningInto video: VideoInfo, region: PixelRect, destination: URL) throws {
        let source = "file:" + URL(fileURLWithPath: video.path).standardizedFileURL.path
        let overlay = "[0:v][1:v]overlay=x=\(region.x):y=\(region.y):eof_action=pass:format=auto:alpha=premultiplied,format=yuv420p[video]"
        let audio = video.audioCodecs.isEmpty ? [] : ["-map", "0:a"] + (video.audioFitsMP4 ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "192k"])
        try self.init(format: .mp4, destination: destination,
                      arguments: ["-i", source]
                          + Self.rawFrameInput(width: region.width, height: region.height, rate: video.frameRate, offset: video.startTime)
                          + ["-filter_complex", overlay, "-map", "[video]"] + audio
                          + ["-c:v", "libx264", "-movflags", "+faststart", "-f", "mp4"])
    }
}
