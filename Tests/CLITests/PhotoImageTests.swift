import Foundation
import TextEffects
import Testing

/// JPEG and WebP image spans through the real binary: drawn in the frame, and a damaged file
/// reported at its span's JSON path (exit 2; in `batch`, only its row fails). The files are made
/// by `cjpeg` and `cwebp` (scripts/install-deps.sh installs them).
@Suite("JPEG and WebP images")
struct PhotoImageTests {
    /// `tool arguments…` in `dir`, which must succeed.
    static func make(_ tool: String, _ arguments: [String], in dir: TemporaryDirectory) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = dir.url
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments) failed (install it with scripts/install-deps.sh)")
    }

    /// Writes a flat 40 × 40 `red.jpg` (220, 30, 40) and `blue.webp` (20, 40, 210), and cut halves of both.
    static func writePhotos(in dir: TemporaryDirectory) throws {
        let ppm = Data("P6\n40 40\n255\n".utf8) + Data((0..<1600).flatMap { _ in [UInt8(220), 30, 40] })
        let pam = Data("P7\nWIDTH 40\nHEIGHT 40\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
            + Data((0..<1600).flatMap { _ in [UInt8(20), 40, 210, 255] })
        try ppm.write(to: dir.url.appendingPathComponent("red.ppm"))
        try pam.write(to: dir.url.appendingPathComponent("blue.pam"))
        try make("cjpeg", ["-quality", "95", "-outfile", "red.jpg", "red.ppm"], in: dir)
        try make("cwebp", ["-quiet", "-q", "95", "blue.pam", "-o", "blue.webp"], in: dir)
        // The JPEG cut inside its scan data (its headers whole), the WebP at half.
        let jpeg = [UInt8](try Data(contentsOf: dir.url.appendingPathComponent("red.jpg")))
        let sos = try #require((2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let scan = sos + 2 + (Int(jpeg[sos + 2]) << 8 | Int(jpeg[sos + 3]))
        try Data(jpeg.prefix(scan + (jpeg.count - scan) / 2)).write(to: dir.url.appendingPathComponent("cut-red.jpg"))
        let webp = try Data(contentsOf: dir.url.appendingPathComponent("blue.webp"))
        try webp.prefix(webp.count / 2).write(to: dir.url.appendingPathComponent("cut-blue.webp"))
    }

    static func scene(_ images: [String]) -> String {
        let spans = images.map { #"{"image": "\#($0)", "height": 40}"# }.joined(separator: ", ")
        return ##"{"canvas": {"width": 120, "height": 60, "background": "#FFFFFF"}, "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 100}, "text": [\##(spans)]}]}"##
    }

    /// How many pixels of the frame are within 12 levels a channel of `r`, `g`, `b`.
    static func count(_ r: Double, _ g: Double, _ b: Double, in frame: ImageSurface) -> Int {
        var count = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = frame.pixel(x: x, y: y)
                if abs(p.red * 255 - r) <= 12, abs(p.green * 255 - g) <= 12, abs(p.blue * 255 - b) <= 12, p.alpha == 1 { count += 1 }
            }
        }
        return count
    }

    @Test("a scene with a .jpg and a .webp image span renders both photos' colours")
    func rendersJPEGAndWebP() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhotos(in: dir)
        try dir.write("photos.json", Self.scene(["red.jpg", "blue.webp"]))
        let result = try CLI.run(["render", "photos.json", "--out", "out", "--quiet"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let frame = try ImageSurface(png: dir.url.appendingPathComponent("out/frame_0000.png").path)
        // Each photo drawn 40 × 40: its inside (the edges are filtered against the white) is its colour.
        #expect(Self.count(220, 30, 40, in: frame) >= 36 * 36)
        #expect(Self.count(20, 40, 210, in: frame) >= 36 * 36)
        // The same bytes again.
        let again = try CLI.run(["render", "photos.json", "--out", "again", "--quiet"], in: dir.url)
        #expect(again.status == 0, "\(again)")
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("out/frame_0000.png"))
                == Data(contentsOf: dir.url.appendingPathComponent("again/frame_0000.png")))
    }

    @Test("a truncated JPEG or WebP exits 2 naming the span's JSON path, in render and validate")
    func truncatedPhotosAreSceneErrors() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhotos(in: dir)
        try dir.write("bad.json", Self.scene(["red.jpg", "cut-red.jpg", "cut-blue.webp"]))
        for arguments in [["render", "bad.json", "--out", "out"], ["validate", "bad.json"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderrLines == [
                #"bad.json: blocks[0].text[1].image: "cut-red.jpg" cannot be read (not a valid JPEG: Premature end of JPEG file)"#,
                #"bad.json: blocks[0].text[2].image: "cut-blue.webp" cannot be read (not a valid WebP: truncated)"#,
            ], "\(arguments): \(result)")
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out").path))
        }
    }

    @Test("in batch, a row whose photo is truncated fails alone; the others render")
    func batchFailsOnlyTheRowWithTheBadPhoto() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhotos(in: dir)
        try dir.write("card.json", #"""
            {"version": 1, "canvas": {"width": 120, "height": 60, "background": "#FFFFFF"}, "parameters": {"photo": {"type": "image"}},
             "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 100}, "text": [{"image": "{{photo}}", "height": 40}]}]}
            """#)
        try dir.write("data.csv", "id,photo\nred,red.jpg\ncut,cut-blue.webp\nblue,blue.webp\n")
        let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}.png"], in: dir.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(#"data.csv:3: row 2: card.json: blocks[0].text[0].image: "cut-blue.webp" cannot be read (not a valid WebP: truncated)"#),
                "\(result.stderr)")
        #expect(result.stderr.contains("rendered 2 rows, 1 failed"), "\(result.stderr)")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("out")) == ["blue.png", "manifest.jsonl", "red.png"])
        let blue = try ImageSurface(png: dir.url.appendingPathComponent("out/blue.png").path)
        #expect(Self.count(20, 40, 210, in: blue) >= 36 * 36)
    }
}
