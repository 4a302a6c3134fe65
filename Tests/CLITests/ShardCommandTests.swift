import Foundation
import Testing

/// `render --shard K/N` through the real binary: the shards' PNG frames together are the
/// single render's, byte for byte, and `--shard auto` takes its part from a Slurm array.
@Suite("sharded renders")
struct ShardCommandTests {
    static let scene = #"""
    {"version": 1, "canvas": {"width": 160, "height": 60, "background": "#101828"}, "duration": 1, "fps": 10,
     "blocks": [{"id": "t", "frame": {"x": 8, "y": 8, "width": 144}, "text": "Sharded",
                 "style": {"font": {"family": "DejaVu Sans", "size": 24}, "color": "#FFFFFF"},
                 "effects": [{"type": "wave", "amplitude": 4}]}]}
    """#

    static func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test("three shards write exactly the single render's frames, byte for byte")
    func shardsEqualTheSingleRender() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("wave.json", Self.scene)
        let whole = try CLI.run(["render", "wave.json", "--out", "whole", "--quiet"], in: dir.url)
        #expect(whole.status == 0, "\(whole)")
        for k in 1...3 {
            let part = try CLI.run(["render", "wave.json", "--shard", "\(k)/3", "--out", "parts", "--quiet"], in: dir.url)
            #expect(part.status == 0, "\(part)")
        }
        let expected = try Self.files(dir.url.appendingPathComponent("whole")), sharded = try Self.files(dir.url.appendingPathComponent("parts"))
        #expect(expected.count == 10 && sharded == expected)
        // Shard 2 of 3 alone holds frames 3–5.
        let second = try CLI.run(["render", "wave.json", "--shard", "2/3", "--out", "second", "--quiet"], in: dir.url)
        #expect(second.status == 0)
        #expect(try Self.files(dir.url.appendingPathComponent("second")).keys.sorted() == ["frame_0003.png", "frame_0004.png", "frame_0005.png"])
    }

    @Test("--shard auto reads a Slurm array task; a bad shard exits with the reason")
    func autoAndErrors() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("wave.json", Self.scene)
        let slurm = ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "5"]
        let auto = try CLI.run(["render", "wave.json", "--shard", "auto", "--out", "auto", "--quiet"], in: dir.url, environment: slurm)
        #expect(auto.status == 0, "\(auto)")
        #expect(try Self.files(dir.url.appendingPathComponent("auto")).keys.sorted() == ["frame_0006.png", "frame_0007.png"])
        let none = try CLI.run(["render", "wave.json", "--shard", "auto", "--out", "none", "--quiet"], in: dir.url)
        #expect(none.status == 2 && none.stderr.contains("--shard auto: no shard in the environment"), "\(none)")
        let bad = try CLI.run(["render", "wave.json", "--shard", "4/3", "--out", "bad"], in: dir.url)
        #expect(bad.status != 0 && bad.stderr.contains("--shard must be K/N with 1 ≤ K ≤ N"), "\(bad)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("none").path))
    }

    @Test("without --out, each shard of a video writes a file of its own, and join puts them together")
    func videoShardsGetTheirOwnNames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("wave.json", Self.scene)
        for k in 1...2 {
            let part = try CLI.run(["render", "wave.json", "--format", "mp4", "--shard", "\(k)/2", "--quiet"], in: dir.url)
            #expect(part.status == 0, "\(part)")
        }
        #expect(TemporaryDirectory.list(dir.url).filter { $0.hasSuffix(".mp4") } == ["wave-part-1-of-2.mp4", "wave-part-2-of-2.mp4"])
        let joined = try CLI.run(["join", "wave-part-1-of-2.mp4", "wave-part-2-of-2.mp4", "--out", "wave.mp4", "--quiet"], in: dir.url)
        #expect(joined.status == 0, "\(joined)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("wave.mp4").path))
    }
}
