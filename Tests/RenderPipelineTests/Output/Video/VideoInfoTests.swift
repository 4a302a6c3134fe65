import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Reading ffprobe's description of a video, and the band of the frame captions occupy.
@Suite struct VideoInfoTests {
    static func info(_ json: String) throws(VideoProbeError) -> VideoInfo {
        try VideoInfo(path: "v.mp4", ffprobeJSON: Data(json.utf8))
    }

    @Test func sizeRateLengthAndAudio() throws {
        let video = try Self.info(#"""
            {"streams": [
              {"codec_type": "video", "codec_name": "mjpeg", "width": 600, "height": 600, "avg_frame_rate": "0/0",
               "r_frame_rate": "90000/1", "disposition": {"attached_pic": 1}},
              {"codec_type": "video", "codec_name": "h264", "width": 1920, "height": 1080, "avg_frame_rate": "30000/1001",
               "r_frame_rate": "30000/1001", "start_time": "0.033367", "disposition": {"attached_pic": 0}},
              {"codec_type": "audio", "codec_name": "aac"}, {"codec_type": "audio", "codec_name": "pcm_s16le"}],
             "format": {"duration": "60.060000"}}
            """#)
        #expect(video.width == 1920 && video.height == 1080, "cover art is skipped")
        #expect(video.frameRate.description == "30000/1001")
        #expect(video.frameCount == 1800)
        #expect(abs(video.startTime - 0.033367) < 1e-9)
        #expect(video.audioCodecs == ["aac", "pcm_s16le"])
        #expect(!video.audioFitsMP4)
    }

    @Test func aSidewaysPhoneVideoIsShownUpright() throws {
        let video = try Self.info(#"""
            {"streams": [{"codec_type": "video", "width": 1920, "height": 1080, "avg_frame_rate": "1544000/51473",
              "r_frame_rate": "30/1", "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]}],
             "format": {"duration": "2.5"}}
            """#)
        #expect(video.width == 1080 && video.height == 1920)
        // A variable rate too fine for an exact fraction is approximated, not dropped (the
        // overlay follows the video's own timestamps, so the rate only sets the frame count).
        #expect(abs(video.frameRate.value - 1544000.0 / 51473) < 0.01)
        #expect(video.audioCodecs.isEmpty && video.audioFitsMP4)
    }

    @Test func problemsHaveACaseEach() {
        let cases: [(String, VideoProbeError)] = [
            ("not json", .unreadable(reason: "ffprobe printed no JSON")),
            (#"{"streams": [{"codec_type": "audio"}], "format": {"duration": "3"}}"#, .noVideoStream),
            (#"{"streams": [{"codec_type": "video", "width": 0, "height": 10, "avg_frame_rate": "25/1"}], "format": {"duration": "3"}}"#,
             .unusable(reason: "its video stream has no picture size from 1 to 16384 pixels a side")),
            (#"{"streams": [{"codec_type": "video", "width": 10, "height": 10, "avg_frame_rate": "0/0", "r_frame_rate": "0/0"}], "format": {"duration": "3"}}"#,
             .unusable(reason: "its video stream has no frame rate")),
            (#"{"streams": [{"codec_type": "video", "width": 10, "height": 10, "avg_frame_rate": "25/1"}], "format": {}}"#,
             .unusable(reason: "it has no length")),
            (#"{"streams": [{"codec_type": "video", "width": 10, "height": 10, "avg_frame_rate": "25/1"}], "format": {"duration": "1e9"}}"#,
             .unusable(reason: "it is longer than 24 hours")),
        ]
        for (json, expected) in cases {
            #expect(throws: expected, "\(json)") { try Self.info(json) }
        }
    }

    @Test func aFileThatIsNotRegularIsNeverHandedToFFprobe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videoinfo-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.mp4").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: VideoProbeError.notAFile(reason: "it is not a regular file")) { try VideoInfo(probing: fifo) }
        #expect(throws: VideoProbeError.notAFile(reason: "it is a folder")) { try VideoInfo(probing: folder.path) }
        #expect(throws: VideoProbeError.notAFile(reason: "no such file")) { try VideoInfo(probing: folder.path + "/none.mp4") }
    }

    /// The caption band: cropped frames hold exactly the whole frame's pixels there, and the
    /// whole frame has nothing outside it, for each preset, in scripts whose ink reaches beyond
    /// the line (Arabic marks, emoji, italic overhang, descenders) and with a word that pops.
    @Test func theCaptionRegionHoldsEverythingCaptionsDraw() throws {
        TestFonts.pin()
        let words = try Captions.words(#"""
            {"segments": [{"start": 0.0, "end": 2.0, "text": "Every word pops as it is spoken here",
              "words": [{"word": "Every", "start": 0.0, "end": 0.3}, {"word": "word", "start": 0.3, "end": 0.6},
                        {"word": "pops", "start": 0.6, "end": 0.9}, {"word": "as", "start": 0.9, "end": 1.1},
                        {"word": "it", "start": 1.1, "end": 1.3}, {"word": "is", "start": 1.3, "end": 1.5},
                        {"word": "spoken", "start": 1.5, "end": 1.8}, {"word": "here", "start": 1.8, "end": 2.0}]}]}
            """#)
        let scripts = try Captions.vtt("""
            00:00.000 --> 00:00.700
            <i>fjord jiggly Qy</i> 👩‍👩‍👧 🎉

            00:00.700 --> 00:01.400
            إِنَّ الْعِلْمَ نُورٌ

            00:01.400 --> 00:02.000
            Ẫ Ỗ Ứ Ặ ÅÇ g̃ 山々
            """)
        for (name, track, family) in [("bold-pop", words, "Inter"), ("karaoke", words, "Inter"), ("broadcast", scripts, "DejaVu Sans"),
                                      ("karaoke", scripts, "DejaVu Sans"), ("bold-pop", scripts, "DejaVu Sans")] {
            var style = try #require(CaptionStyle.preset(named: name))
            style.font.family = family
            var scene = Scene(canvas: Scene.Canvas(width: 640, height: 360, background: nil), blocks: [])
            scene.fps = 30
            scene.duration = 2
            scene.captions = SceneCaptions(source: "w.json", track: track, style: style)
            let renderer = try SceneRenderer(scene: scene)
            let region = try #require(renderer.captionRegion)
            #expect(region.x % 2 == 0 && region.y % 2 == 0 && region.width % 2 == 0 && region.height % 2 == 0)
            #expect(region.height <= 360 / 2 && region.width < 640, "a band, not the frame: \(region)")
            let cropped = renderer.cropped(to: region)
            for frame in stride(from: 1, to: 60, by: 4) {
                let whole = try renderer.renderFrame(frame), part = try cropped.renderFrame(frame)
                #expect(part.width == region.width && part.height == region.height)
                var outside = 0, differing = 0
                for y in 0..<360 {
                    for x in 0..<640 {
                        let inside = x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height
                        if !inside {
                            if whole.pixel(x: x, y: y).alpha > 0 { outside += 1 }
                        } else if whole.pixel(x: x, y: y) != part.pixel(x: x - region.x, y: y - region.y) {
                            differing += 1
                        }
                    }
                }
                #expect(outside == 0, "\(name), frame \(frame): \(outside) pixels drawn outside \(region)")
                #expect(differing == 0, "\(name), frame \(frame): \(differing) pixels differ in the crop")
            }
        }
    }
}
