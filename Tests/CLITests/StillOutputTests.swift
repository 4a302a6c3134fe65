import Foundation
import Testing

/// Stills through the real binary: a scene with no `duration` or `fps` and nothing animated is
/// one frame, `--out NAME.png` writes that one file and `batch --name "{{id}}.png"` writes
/// files; animated scenes, and scenes that state their duration, keep their frames.
@Suite("stills: one frame, one file")
struct StillOutputTests {
    /// A 1200×630 card with no `duration` or `fps`, and effects that draw the same every frame.
    static let card = """
    {"version": 1, "canvas": {"width": 1200, "height": 630, "background": "#10243E"},
     "blocks": [{"id": "title", "frame": {"x": 60, "y": 60, "width": 1080}, "text": "Shipping stills in texteffects",
                 "style": {"font": {"family": "DejaVu Sans", "size": 64, "weight": "bold"}, "color": "#FFFFFF"},
                 "effects": [{"type": "shadow"}, {"type": "fill", "color": "#FFD166"}]}]}
    """

    /// The card with a travelling wave: animated, though it gives no duration.
    static let waving = card.replacingOccurrences(of: #"{"type": "shadow"}"#, with: #"{"type": "wave"}"#)

    @Test("a still writes exactly --out card.png: a PNG of the canvas size, the same bytes on a second run and as its frame_0000.png")
    func stillWritesOneFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.card)
        let first = try CLI.run(["card.json", "--out", "card.png"], in: dir.url)
        #expect(first.status == 0, "\(first)")
        let card = dir.url.appendingPathComponent("card.png")
        var isFolder: ObjCBool = true
        #expect(FileManager.default.fileExists(atPath: card.path, isDirectory: &isFolder) && !isFolder.boolValue, "card.png is not a file")
        let bytes = try Data(contentsOf: card)
        let size = PNG.size(of: bytes)
        #expect(size?.width == 1200 && size?.height == 630, "\(String(describing: size))")
        // Nothing else is left: no folder, no temporary file.
        #expect(dir.contents() == ["card.json", "card.png"])

        let second = try CLI.run(["card.json", "--out", "card.png", "--threads", "1"], in: dir.url)
        #expect(second.status == 0, "\(second)")
        #expect(try Data(contentsOf: card).elementsEqual(bytes), "a second run (on one thread) wrote other bytes")

        // --out DIR keeps today's layout, now of one frame: the same bytes.
        let folder = try CLI.run(["card.json", "--out", "frames"], in: dir.url)
        #expect(folder.status == 0, "\(folder)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("frames")) == ["frame_0000.png"])
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("frames/frame_0000.png")).elementsEqual(bytes))
    }

    @Test("a still's --out NAME.png may be in missing folders or end in .PNG; a folder of that name is exit 2, NAME.png/ is a folder")
    func stillFileNames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.card)
        let nested = try CLI.run(["card.json", "--out", "a/b/Card.PNG"], in: dir.url)
        #expect(nested.status == 0, "\(nested)")
        #expect(PNG.size(of: try Data(contentsOf: dir.url.appendingPathComponent("a/b/Card.PNG")))?.width == 1200)

        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("old.png"), withIntermediateDirectories: true)
        let onFolder = try CLI.run(["card.json", "--out", "old.png"], in: dir.url)
        #expect(onFolder.status == 2, "\(onFolder)")
        #expect(onFolder.stderr.contains("--out: old.png is a folder"), "\(onFolder.stderr)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("old.png")).isEmpty, "something was written into the folder")
        let intoFolder = try CLI.run(["card.json", "--out", "old.png/"], in: dir.url)
        #expect(intoFolder.status == 0, "\(intoFolder)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("old.png")) == ["frame_0000.png"])
    }

    @Test("an animated scene without a duration keeps its 30 frames; --out NAME.png is exit 2 naming why, unless one frame is picked")
    func animatedSceneKeepsItsFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("wave.json", Self.waving)
        let frames = try CLI.run(["wave.json", "--out", "frames"], in: dir.url)
        #expect(frames.status == 0, "\(frames)")
        let names = TemporaryDirectory.list(dir.url.appendingPathComponent("frames"))
        #expect(names.count == 30 && names.first == "frame_0000.png" && names.last == "frame_0029.png", "\(names)")
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("frames/frame_0000.png"))
                != Data(contentsOf: dir.url.appendingPathComponent("frames/frame_0007.png")), "the wave does not move")

        let refused = try CLI.run(["wave.json", "--out", "wave.png"], in: dir.url)
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderrLines == ["--out: wave.png is one PNG file, which holds one frame, and this render has 30 (blocks[0].effects[0] (wave) changes over time); "
            + "give a folder for the frames (--out wave), one of them (--frame-range N), or one animated file (--out wave.mp4, or .gif, .apng, .webp, .mov, .webm)"],
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("wave.png").path), "something was written")

        // One frame picked out of the animation is one file: the same bytes as that frame.
        let poster = try CLI.run(["wave.json", "--out", "wave.png", "--frame-range", "7"], in: dir.url)
        #expect(poster.status == 0, "\(poster)")
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("wave.png"))
                == Data(contentsOf: dir.url.appendingPathComponent("frames/frame_0007.png")))
    }

    @Test("a scene that states its duration keeps its frames, and so does a still given --fps or --frames")
    func statedTimelinesKeepTheirFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("timed.json", Scenes.good(frames: 3))
        let timed = try CLI.run(["timed.json", "--out", "timed"], in: dir.url)
        #expect(timed.status == 0, "\(timed)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("timed")) == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
        let refused = try CLI.run(["timed.json", "--out", "timed.png"], in: dir.url)
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("this render has 3 (the scene gives its duration)"), "\(refused.stderr)")

        try dir.write("card.json", Self.card)
        let rated = try CLI.run(["card.json", "--out", "rated", "--fps", "4"], in: dir.url)
        #expect(rated.status == 0, "\(rated)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("rated")).count == 4)
        let counted = try CLI.run(["card.json", "--out", "counted.png", "--frames", "2"], in: dir.url)
        #expect(counted.status == 2 && counted.stderr.contains("(--frames 2)"), "\(counted)")
    }

    @Test("batch --name {{id}}.png writes a file per row of a still template, which the manifest names; an animated template a folder of frames")
    func batchWritesFiles() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let template = Self.card
            .replacingOccurrences(of: #""blocks""#, with: #""parameters": {"title": {}}, "blocks""#)
            .replacingOccurrences(of: "Shipping stills in texteffects", with: "{{title}}")
        try dir.write("card.json", template)
        try dir.write("wave.json", template.replacingOccurrences(of: #"{"type": "shadow"}"#, with: #"{"type": "wave"}"#))
        try dir.write("rows.csv", "id,title\nlamp,A lamp\nchair,An oak chair\n")

        let stills = try CLI.run(["batch", "card.json", "rows.csv", "--out", "cards", "--name", "{{id}}.png"], in: dir.url)
        #expect(stills.status == 0, "\(stills)")
        let cards = dir.url.appendingPathComponent("cards")
        #expect(TemporaryDirectory.contents(of: cards) == ["chair.png", "lamp.png", "manifest.jsonl"])
        #expect(PNG.size(of: try Data(contentsOf: cards.appendingPathComponent("lamp.png")))?.height == 630)
        let manifest = try String(contentsOf: cards.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        #expect(manifest.contains(#""output":"lamp.png","status":"rendered""#) && manifest.contains(#""output":"chair.png","status":"rendered""#),
                "\(manifest)")
        // Each file is what render --set writes to --out NAME.png.
        let single = try CLI.run(["card.json", "--set", "title=A lamp", "--out", "lamp.png"], in: dir.url)
        #expect(single.status == 0, "\(single)")
        #expect(try Data(contentsOf: cards.appendingPathComponent("lamp.png")).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("lamp.png"))))

        let animated = try CLI.run(["batch", "wave.json", "rows.csv", "--out", "waves", "--name", "{{id}}.png"], in: dir.url)
        #expect(animated.status == 0, "\(animated)")
        let waves = dir.url.appendingPathComponent("waves")
        #expect(TemporaryDirectory.list(waves) == ["chair", "lamp", "manifest.jsonl"])
        #expect(TemporaryDirectory.list(waves.appendingPathComponent("lamp")).count == 30)
    }
}
