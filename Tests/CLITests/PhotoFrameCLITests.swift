import Foundation
import TextEffects
import Testing

/// Photos in image spans and JPEG/WebP stills through the real binary: `--out card.jpg` and
/// `card.webp` decode (with libjpeg-turbo's `djpeg` and libwebp's `dwebp`) to the PNG's pixels
/// within a stated tolerance, the same bytes on every render; `--format jpg` frames, animated
/// `.webp`; bad frame fields exit 2 at their JSON path; batch writes `.jpg`/`.webp` files and a
/// corrupt photo fails only its row.
@Suite("photo frames and JPEG/WebP stills")
struct PhotoFrameCLITests {
    /// A 1200 × 800 stand-in for a photo: a red-to-blue gradient with a green disc in the middle.
    static func writePhoto(in dir: TemporaryDirectory) throws {
        var ppm = Data("P6\n120 80\n255\n".utf8)
        for y in 0..<80 {
            for x in 0..<120 {
                let inDisc = (x - 60) * (x - 60) + (y - 40) * (y - 40) < 400
                ppm.append(contentsOf: inDisc ? [30, 200, 60] : [UInt8(200 - x), 40, UInt8(60 + x)])
            }
        }
        try ppm.write(to: dir.url.appendingPathComponent("photo.ppm"))
        try PhotoImageTests.make("cjpeg", ["-quality", "92", "-outfile", "photo.jpg", "photo.ppm"], in: dir)
    }

    static let card = #"""
        {"version": 1, "canvas": {"width": 240, "height": 120, "background": "#FFFDF9"}, "parameters": {"photo": {"type": "image", "default": "photo.jpg"}},
         "blocks": [
           {"id": "photo", "frame": {"x": 10, "y": 10, "width": 220},
            "text": [{"image": "{{photo}}", "width": 100, "height": 100, "contentMode": "fill", "clipShape": "circle"},
                     {"image": "{{photo}}", "width": 100, "height": 60, "contentMode": "fill", "alignment": "leading",
                      "clipShape": {"type": "roundedRectangle", "cornerRadius": 12, "style": "continuous"}}]},
           {"id": "t", "frame": {"x": 10, "y": 80, "width": 220}, "style": {"font": {"family": "DejaVu Sans", "size": 20}, "color": "#E0557A"}, "text": "Photos"}
         ]}
        """#

    /// `tool arguments…` in `dir`; the bytes of the file `output` it writes.
    static func output(_ tool: String, _ arguments: [String], file output: String, in dir: TemporaryDirectory) throws -> Data {
        let result = try CLI.runExecutable(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, in: dir.url)
        try #require(result.status == 0, "\(tool) \(arguments): \(result)")
        return try Data(contentsOf: dir.url.appendingPathComponent(output))
    }

    /// The RGB samples of a binary PPM.
    static func samples(ofPPM data: Data) throws -> [UInt8] {
        var fields = 0, index = data.startIndex, inField = false
        while fields < 4, index < data.endIndex {
            let isSpace = [0x20, 0x0A, 0x09, 0x0D].contains(data[index])
            if isSpace, inField { fields += 1 }
            inField = !isSpace
            index += 1
        }
        return [UInt8](data[index...])
    }

    /// The PNG's pixels as RGB samples (the frame is opaque).
    static func samples(ofPNG url: URL) throws -> [UInt8] {
        let surface = try ImageSurface(png: url.path)
        return surface.withPixels { bytes in
            (0..<surface.height).flatMap { y in (0..<surface.width).flatMap { x in
                let o = y * surface.stride + x * 4
                return [bytes[o + 2], bytes[o + 1], bytes[o]]
            } }
        }
    }

    @Test(".jpg and .webp stills decode to the PNG's pixels (mean within 2 levels; 99 % of samples within 12 for JPEG's 4:4:4, 24 for lossy WebP's 4:2:0) and are the same bytes every time")
    func jpegAndWebPStills() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhoto(in: dir)
        try dir.write("card.json", Self.card)
        for out in ["card.png", "card.jpg", "card.webp", "again.jpg", "again.webp", "card-lossless.webp"] {
            let extra = out == "card-lossless.webp" ? ["--lossless"] : []
            let result = try CLI.run(["render", "card.json", "--out", out, "--quiet"] + extra, in: dir.url)
            #expect(result.status == 0, "\(out): \(result)")
        }
        let jpeg = try Data(contentsOf: dir.url.appendingPathComponent("card.jpg"))
        #expect(jpeg.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(jpeg == (try Data(contentsOf: dir.url.appendingPathComponent("again.jpg"))))
        let webp = try Data(contentsOf: dir.url.appendingPathComponent("card.webp"))
        #expect(webp.prefix(4) == Data("RIFF".utf8) && webp[8..<12] == Data("WEBP".utf8))
        #expect(webp == (try Data(contentsOf: dir.url.appendingPathComponent("again.webp"))))
        let png = try Self.samples(ofPNG: dir.url.appendingPathComponent("card.png"))
        for (name, decoded) in [
            ("card.jpg", try Self.output("djpeg", ["-pnm", "-outfile", "jpg.ppm", "card.jpg"], file: "jpg.ppm", in: dir)),
            ("card.webp", try Self.output("dwebp", ["-quiet", "card.webp", "-ppm", "-o", "webp.ppm"], file: "webp.ppm", in: dir)),
        ] {
            let samples = try Self.samples(ofPPM: decoded)
            #expect(samples.count == png.count, "\(name)")
            let differences = zip(samples, png).map { abs(Int($0) - Int($1)) }.sorted()
            let mean = Double(differences.reduce(0, +)) / Double(differences.count)
            #expect(mean < 2, "\(name): mean difference \(mean)")
            // WebP's lossy mode halves the chroma resolution: coloured text edges differ more.
            #expect(differences[differences.count * 99 / 100] <= (name == "card.jpg" ? 12 : 24), "\(name): 99th percentile \(differences[differences.count * 99 / 100])")
        }
        let lossless = try Self.samples(ofPPM: try Self.output("dwebp", ["-quiet", "card-lossless.webp", "-ppm", "-o", "lossless.ppm"], file: "lossless.ppm", in: dir))
        #expect(lossless == png, "lossless WebP is the PNG's pixels")
    }

    @Test("a circle-clipped photo leaves the frame's corners the canvas colour; the photo shows inside")
    func circleClipInTheFrame() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhoto(in: dir)
        try dir.write("card.json", Self.card)
        let result = try CLI.run(["render", "card.json", "--out", "card.png", "--quiet"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let frame = try ImageSurface(png: dir.url.appendingPathComponent("card.png").path)
        let background = frame.pixel(x: 1, y: 1)
        // The circle's box: x 10…110; its top-left corner is the canvas, its middle the green disc.
        let box = try #require((0..<120).first { y in frame.pixel(x: 60, y: y) != background })
        #expect(frame.pixel(x: 12, y: box + 1) == background)
        let middle = frame.pixel(x: 60, y: box + 50)
        #expect(middle.green > 0.7 && middle.red < 0.2, "\(middle)")
    }

    @Test("--format jpg writes frames as JPEG files; an animated scene to --out NAME.webp is an animated WebP; --out NAME.jpg of an animation is refused")
    func framesAndAnimations() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhoto(in: dir)
        try dir.write("anim.json", Self.card.replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, "fps": 2, "duration": 1,"#))
        let frames = try CLI.run(["render", "anim.json", "--format", "jpg", "--out", "frames", "--quiet"], in: dir.url)
        #expect(frames.status == 0, "\(frames)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("frames")) == ["frame_0000.jpg", "frame_0001.jpg"])
        let animated = try CLI.run(["render", "anim.json", "--out", "anim.webp", "--quiet"], in: dir.url)
        #expect(animated.status == 0, "\(animated)")
        let webp = try Data(contentsOf: dir.url.appendingPathComponent("anim.webp"))
        #expect(webp.range(of: Data("ANIM".utf8)) != nil, "an animated WebP (ffmpeg)")
        let refused = try CLI.run(["render", "anim.json", "--out", "anim.jpg"], in: dir.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--out: anim.jpg is one JPEG file, which holds one frame, and this render has 2"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("anim.jpg").path))
    }

    @Test("bad frame fields exit 2 naming their JSON path; nothing is written")
    func badFields() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhoto(in: dir)
        try dir.write("bad.json", #"""
            {"canvas": {"width": 120, "height": 60, "background": "#FFFFFF"}, "blocks": [{"id": "a", "frame": {"x": 10, "y": 10, "width": 100}, "text": [
             {"image": "photo.jpg", "width": -3, "height": 40},
             {"image": "photo.jpg", "height": 0},
             {"image": "photo.jpg", "height": 40, "contentMode": "cover"},
             {"image": "photo.jpg", "height": 40, "clipShape": "star"},
             {"image": "photo.jpg", "height": 40, "clipShape": "roundedRectangle"},
             {"image": "photo.jpg", "height": 40, "clipShape": {"type": "circle", "cornerRadius": 3}},
             {"image": "photo.jpg", "height": 40, "cornerRadius": 4, "clipShape": "circle"},
             {"image": "photo.jpg", "height": 40, "alignment": "middle"},
             {"text": "x", "contentMode": "fit"},
             {"image": "photo.jpg", "height": 40, "clipShape": "unevenRoundedRectangle"},
             {"image": "photo.jpg", "height": 40, "clipShape": {"type": "capsule", "cornerRadii": {"topLeading": 3}}},
             {"image": "photo.jpg", "height": 40, "clipShape": {"type": "unevenRoundedRectangle", "cornerRadii": {"topLeading": -3}}}
            ]}]}
            """#)
        let result = try CLI.run(["render", "bad.json", "--out", "out.png"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        let lines = result.stderrLines
        for expected in [
            "bad.json: blocks[0].text[0].width: -3 is out of range (0.5–10000)",
            "bad.json: blocks[0].text[1].height: 0 is out of range (0.5–10000)",
            #"bad.json: blocks[0].text[2].contentMode: "cover" is not one of: fit, fill"#,
            #"bad.json: blocks[0].text[3].clipShape: "star" is not one of: circle, capsule, roundedRectangle, unevenRoundedRectangle"#,
            "bad.json: blocks[0].text[4].clipShape: a roundedRectangle needs its corner radius",
            "bad.json: blocks[0].text[5].clipShape.cornerRadius: applies only to roundedRectangle",
            "bad.json: blocks[0].text[6].cornerRadius: give the corner radius inside clipShape",
            #"bad.json: blocks[0].text[7].alignment: "middle" is not one of: topLeading"#,
            "bad.json: blocks[0].text[8].contentMode: applies only to image spans",
            "bad.json: blocks[0].text[9].clipShape: an unevenRoundedRectangle needs its corner radii",
            "bad.json: blocks[0].text[10].clipShape.cornerRadii: applies only to unevenRoundedRectangle",
            "bad.json: blocks[0].text[11].clipShape.cornerRadii.topLeading: -3 is out of range",
        ] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "missing \(expected) in \(lines)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out.png").path))
    }

    @Test("batch --name {{id}}.jpg and {{id}}.webp write files; a corrupt photo fails only its row")
    func batchStills() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Self.writePhoto(in: dir)
        try dir.write("card.json", Self.card)
        let photo = try Data(contentsOf: dir.url.appendingPathComponent("photo.jpg"))
        try photo.prefix(photo.count / 2).write(to: dir.url.appendingPathComponent("cut.jpg"))
        try dir.write("data.csv", "id,photo\na,photo.jpg\ncut,cut.jpg\nb,photo.jpg\n")
        for ext in ["jpg", "webp"] {
            let result = try CLI.run(["batch", "card.json", "data.csv", "--out", ext, "--name", "{{id}}.\(ext)", "--quiet"], in: dir.url)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(#"data.csv:3: row 2: card.json: blocks[0].text[0].image: "cut.jpg" cannot be read"#), "\(result.stderr)")
            #expect(TemporaryDirectory.list(dir.url.appendingPathComponent(ext)) == ["a.\(ext)", "b.\(ext)", "manifest.jsonl"])
            let single = try CLI.run(["render", "card.json", "--out", "single.\(ext)", "--quiet"], in: dir.url)
            #expect(single.status == 0, "\(single)")
            #expect(try (Data(contentsOf: dir.url.appendingPathComponent("\(ext)/a.\(ext)"))).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("single.\(ext)"))),
                    "a batch row is render's file byte for byte")
        }
    }
}
