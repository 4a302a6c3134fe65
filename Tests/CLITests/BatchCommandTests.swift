import Foundation
import Testing

/// `texteffects batch` through the real binary: one output per data row, equal byte for byte to
/// `render --set` with the same values; bad rows reported and the others rendered (exit 1); a
/// bad template or data file refused before any work (exit 2); resuming, `--force`, shards, and
/// names that collide or would leave `--out`.
@Suite("batch: one output per data row")
struct BatchCommandTests {
    static let template = ##"""
    {"version": 1, "canvas": {"width": 240, "height": 100, "background": "{{accent}}"}, "duration": 1, "fps": 1,
     "parameters": {"title": {}, "price": {"type": "number", "format": "$%.2f"}, "accent": {"type": "color", "default": "#203040"}},
     "blocks": [{"id": "t", "frame": {"x": 8, "y": 8, "width": 224}, "markup": "<b>{{title}}</b> {{price}}",
                 "style": {"font": {"family": "DejaVu Sans", "size": 22}, "color": "#FFFFFF"}}]}
    """##

    static let csv = """
    id,title,price,accent,notes
    lamp,Arc <lamp> & co,89,#E4572E,first
    chair,Oak chair,349.5,,an empty accent takes the default
    bad,Broken price,cheap,#000000,a price that is no number
    kettle,Kettle,12,#3B8B5A,
    """

    /// Runs `render --set` for the same values and returns its one frame.
    static func rendered(_ values: [String: String], in dir: TemporaryDirectory) throws -> Data {
        let out = "single-\(UUID().uuidString)"
        var arguments = ["render", "card.json", "--out", out, "--quiet"]
        for (name, value) in values.sorted(by: { $0.key < $1.key }) { arguments += ["--set", "\(name)=\(value)"] }
        let result = try CLI.run(arguments, in: dir.url)
        #expect(result.status == 0, "\(result)")
        return try Data(contentsOf: dir.url.appendingPathComponent(out).appendingPathComponent("frame_0000.png"))
    }

    /// A CSV of `count` rows r0, r1, … with titles long enough to wrap.
    static func numberedRows(_ count: Int) -> String {
        "id,title,price\n" + (0..<count).map { "r\($0),Row number \($0) with a longer title,\($0).25\n" }.joined()
    }

    /// The manifest's lines as objects.
    static func manifest(_ url: URL) throws -> [[String: Any]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    @Test("every good row gives the PNG render --set gives; bad rows fail alone with file:line; exit 1")
    func rowsRenderLikeRenderSet() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        try dir.write("data.csv", Self.csv)
        let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}.png"], in: dir.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(#"data.csv:4: row 3: card.json: parameters.price: the value "cheap" is not a number"#), "\(result.stderr)")
        #expect(result.stderr.contains("rendered 3 rows, 1 failed"), "\(result.stderr)")
        let out = dir.url.appendingPathComponent("out")
        #expect(TemporaryDirectory.contents(of: out) == ["chair.png", "kettle.png", "lamp.png", "manifest.jsonl"])
        #expect(try Data(contentsOf: out.appendingPathComponent("lamp.png"))
                == Self.rendered(["title": "Arc <lamp> & co", "price": "89", "accent": "#E4572E"], in: dir))
        // The empty accent takes the default; the extra column is ignored.
        #expect(try Data(contentsOf: out.appendingPathComponent("chair.png")).elementsEqual(Self.rendered(["title": "Oak chair", "price": "349.5"], in: dir)))
        #expect(try Data(contentsOf: out.appendingPathComponent("kettle.png"))
                == Self.rendered(["title": "Kettle", "price": "12", "accent": "#3B8B5A"], in: dir))
        let lines = try Self.manifest(out.appendingPathComponent("manifest.jsonl"))
        #expect(lines.map { $0["row"] as? Int } == [1, 2, 3, 4])
        #expect(lines.map { $0["line"] as? Int } == [2, 3, 4, 5])
        #expect(lines.map { $0["status"] as? String } == ["rendered", "rendered", "failed", "rendered"])
        #expect(lines.map { $0["output"] as? String } == ["lamp.png", "chair.png", nil, "kettle.png"])
        #expect((lines[2]["error"] as? String)?.contains("is not a number") == true)
        #expect(lines.allSatisfy { ($0["time"] as? Double).map { $0 >= 0 } == true })
    }

    @Test("the same data gives the same bytes on one thread and on four")
    func threadsDoNotChangeOutputs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        try dir.write("data.csv", Self.numberedRows(12))
        for threads in ["1", "4"] {
            let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "out\(threads)", "--threads", threads, "--quiet"], in: dir.url)
            #expect(result.status == 0, "\(result)")
        }
        let names = TemporaryDirectory.contents(of: dir.url.appendingPathComponent("out1")).filter { $0.hasSuffix(".png") }
        #expect(names.count == 12 && names.contains("1.png") && names.contains("12.png"), "default names are row numbers: \(names)")
        for name in names {
            #expect(try (Data(contentsOf: dir.url.appendingPathComponent("out1/\(name)"))).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("out4/\(name)"))), "\(name)")
        }
    }

    @Test("a second run skips complete outputs and renders the missing; --force renders all again")
    func resumes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        try dir.write("data.csv", "id,title,price\na,First,1\nb,Second,2\nc,Third,3\n")
        let first = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}", "--quiet"], in: dir.url)
        #expect(first.status == 0, "\(first)")
        let out = dir.url.appendingPathComponent("out")
        let original = try Data(contentsOf: out.appendingPathComponent("b.png"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("b.png"))
        let again = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}"], in: dir.url)
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("rendered 1 row, skipped 2 already done"), "\(again.stderr)")
        #expect(try Self.manifest(out.appendingPathComponent("manifest.jsonl")).map { $0["status"] as? String } == ["skipped", "rendered", "skipped"])
        #expect(try Data(contentsOf: out.appendingPathComponent("b.png")).elementsEqual(original))
        let forced = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}", "--force"], in: dir.url)
        #expect(forced.status == 0 && forced.stderr.contains("rendered 3 rows"), "\(forced)")
    }

    @Test("SIGINT mid-batch exits 130 leaving only whole outputs and a manifest of the rows done; the next run finishes the rest")
    func interruptedBatchResumes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template.replacingOccurrences(of: #""width": 240, "height": 100"#, with: #""width": 1600, "height": 900"#))
        var rows = "id,title,price\n"
        for index in 0..<400 { rows += "r\(index),Row \(index),\(index)\n" }
        try dir.write("data.csv", rows)
        let out = dir.url.appendingPathComponent("out")
        let running = try InterruptionTests.Running(["batch", "card.json", "data.csv", "--out", out.path, "--name", "{{id}}", "--threads", "2"], in: dir.url)
        #expect(running.wait(upTo: 30) { TemporaryDirectory.list(out).filter { $0.hasSuffix(".png") }.count >= 5 })
        let result = running.interrupt(with: SIGINT)
        #expect(result.status == 130, "\(result.stderr)")
        let names = TemporaryDirectory.list(out)
        #expect(!names.contains { $0.hasPrefix(".") }, "temporary files left: \(names.filter { $0.hasPrefix(".") })")
        let done = names.filter { $0.hasSuffix(".png") }
        #expect(done.count < 400, "the batch was interrupted before its end")
        for name in done { #expect(InterruptionTests.isCompletePNG(try Data(contentsOf: out.appendingPathComponent(name))), "\(name)") }
        let recorded = try Self.manifest(out.appendingPathComponent("manifest.jsonl")).filter { $0["status"] as? String == "rendered" }
        #expect(Set(recorded.compactMap { $0["output"] as? String }) == Set(done), "the manifest lists the rows done")
        let resumed = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}"], in: dir.url, timeout: 120)
        #expect(resumed.status == 0, "\(resumed)")
        #expect(resumed.stderr.contains("rendered \(400 - done.count) rows, skipped \(done.count) already done"), "\(resumed.stderr)")
        #expect(TemporaryDirectory.list(out).filter { $0.hasSuffix(".png") }.count == 400)
    }

    @Test("names that collide or would leave --out fail their rows; patterns that would are refused")
    func namesStayInsideOut() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        try dir.write("data.csv", "id,title,price\nok,A,1\n../escape,B,2\nok,C,3\nsub/dir,D,4\n..,E,5\nmanifest.jsonl,F,6\n")
        let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}"], in: dir.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(#"row 2: --name's {{id}} is "../escape", which cannot be part of a file name"#), "\(result.stderr)")
        #expect(result.stderr.contains("row 3: the output name ok.png is also row 1's"), "\(result.stderr)")
        #expect(result.stderr.contains(#"row 4: --name's {{id}} is "sub/dir""#), "\(result.stderr)")
        #expect(result.stderr.contains(#"row 5: --name's {{id}} is "..""#), "\(result.stderr)")
        #expect(result.stderr.contains("rendered 2 rows, 4 failed"), "\(result.stderr)")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("out")) == ["manifest.jsonl", "manifest.jsonl.png", "ok.png"])
        #expect(TemporaryDirectory.list(dir.url) == ["card.json", "data.csv", "out"], "nothing written beside --out")
        // The pattern may make folders of its own, never leave --out.
        try dir.write("sub.csv", "id,kind,title,price\na,lamps,A,1\nb,chairs,B,2\n")
        let folders = try CLI.run(["batch", "card.json", "sub.csv", "--out", "out2", "--name", "{{kind}}/{{id}}.png", "--quiet"], in: dir.url)
        #expect(folders.status == 0, "\(folders)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out2/lamps/a.png").path))
        for pattern in ["../{{id}}", "/tmp/{{id}}", "a//{{id}}", ""] {
            let refused = try CLI.run(["batch", "card.json", "data.csv", "--out", "out3", "--name", pattern], in: dir.url)
            #expect(refused.status == 2 && refused.stderr.contains("--name"), "\(pattern): \(refused)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out3").path))
    }

    @Test("of two rows with one output name the later always fails, on any number of threads; a and a.png are one name")
    func collisionsGoToTheLaterRow() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        var rows = "id,title,price\n"
        for index in 0..<16 { rows += "d\(index),First \(index),1\nd\(index)\(index % 2 == 0 ? ".png" : ""),Second \(index),2\n" }
        try dir.write("data.csv", rows)
        for threads in ["1", "4"] {
            let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "out\(threads)", "--name", "{{id}}", "--threads", threads], in: dir.url)
            #expect(result.status == 1, "\(result)")
            let failed = try Self.manifest(dir.url.appendingPathComponent("out\(threads)/manifest.jsonl")).filter { $0["status"] as? String == "failed" }
            #expect(failed.compactMap { $0["row"] as? Int } == Array(stride(from: 2, through: 32, by: 2)), "threads \(threads)")
        }
        for index in 0..<16 {
            #expect(try (Data(contentsOf: dir.url.appendingPathComponent("out1/d\(index).png"))).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("out4/d\(index).png"))))
        }
    }

    @Test("an empty or hidden output name fails its row, and a folder that is not this row's frames is left alone, even with --force")
    func foldersThatAreNotOutputsStay() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template.replacingOccurrences(of: #""duration": 1, "fps": 1"#, with: #""duration": 1, "fps": 2"#))
        try dir.write("data.csv", "id,title,price\na,A,1\nb,B,2\n")
        try dir.write("out/notes.txt", "mine")
        try dir.write("out/b/notes.txt", "mine too")
        for force in [[], ["--force"]] {
            let hidden = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", ".png"] + force, in: dir.url)
            #expect(hidden.status == 1 && hidden.stderr.contains("is empty or hidden"), "\(hidden)")
            let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "out", "--name", "{{id}}"] + force, in: dir.url)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("row 2: b holds other files than frames (notes.txt); it is left alone"), "\(result.stderr)")
            #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("out/a")) == ["frame_0000.png", "frame_0001.png"])
            #expect(try String(contentsOf: dir.url.appendingPathComponent("out/notes.txt"), encoding: .utf8) == "mine")
            #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("out/b")) == ["notes.txt"])
        }
    }

    /// The scanlines a PNG's IDAT chunks inflate to (Python's zlib, independent of texteffects).
    static func scanlines(of png: URL) throws -> String {
        let script = """
        import hashlib, struct, sys, zlib
        d = open(sys.argv[1], 'rb').read(); i = 8; idat = b''
        while i < len(d):
            n = struct.unpack('>I', d[i:i+4])[0]
            if d[i+4:i+8] == b'IDAT': idat += d[i+8:i+8+n]
            i += 12 + n
        print(d[16:26].hex(), hashlib.sha256(zlib.decompress(idat)).hexdigest())
        """
        let result = try CLI.runExecutable(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, png.path], in: png.deletingLastPathComponent())
        #expect(result.status == 0, "\(result)")
        return result.stdout
    }

    @Test("--png-compression fast: the same pixels as the default, other bytes, the same on one thread and four and as render's; a bad value exits 2")
    func fastCompression() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        try dir.write("data.csv", Self.numberedRows(6))
        for (out, extra) in [("portable", []), ("fast1", ["--png-compression", "fast", "--threads", "1"]), ("fast4", ["--png-compression", "fast", "--threads", "4"])] {
            let result = try CLI.run(["batch", "card.json", "data.csv", "--out", out, "--name", "{{id}}", "--quiet"] + extra, in: dir.url)
            #expect(result.status == 0, "\(out): \(result)")
        }
        for index in 0..<6 {
            let name = "r\(index).png"
            let portable = dir.url.appendingPathComponent("portable/\(name)"), fast = dir.url.appendingPathComponent("fast1/\(name)")
            #expect(try Data(contentsOf: portable) != Data(contentsOf: fast), "\(name): another compressor, other bytes")
            #expect(try Self.scanlines(of: portable) == Self.scanlines(of: fast), "\(name): the same size and pixels")
            #expect(try Data(contentsOf: fast).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("fast4/\(name)"))), "\(name)")
        }
        let single = try CLI.run(["render", "card.json", "--set", "title=Row number 0 with a longer title", "--set", "price=0.25",
                                  "--out", "single", "--png-compression", "fast", "--quiet"], in: dir.url)
        #expect(single.status == 0, "\(single)")
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("single/frame_0000.png")).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("fast1/r0.png"))))
        let bad = try CLI.run(["batch", "card.json", "data.csv", "--out", "bad", "--png-compression", "tiny"], in: dir.url)
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("--png-compression") && bad.stderr.contains("portable") && bad.stderr.contains("fast"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("bad").path), "nothing written")
    }

    @Test("a bad template, data file, header or name pattern exits 2 before any output")
    func badTemplateOrDataExit2() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        try dir.write("data.csv", Self.csv)
        try dir.write("plain.json", #"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "text": "no parameters"}]}"#)
        try dir.write("typo.json", Self.template.replacingOccurrences(of: #""markup""#, with: #""markupp""#))
        try dir.write("broken.json", "{\"parameters\": ")
        try dir.write("short.csv", "id,price\na,1\n")
        try dir.write("data.xlsx", "x")
        let cases: [([String], String)] = [
            (["plain.json", "data.csv"], "plain.json: parameters: a batch template declares parameters"),
            (["typo.json", "data.csv"], "typo.json: blocks[0]: needs one of text, markdown, markup or code"),
            (["broken.json", "data.csv"], "broken.json: not valid JSON"),
            (["missing.json", "data.csv"], "missing.json: cannot read the file"),
            (["card.json", "nope.csv"], "nope.csv"),
            (["card.json", "data.xlsx"], "data.xlsx: is not a data file"),
            (["card.json", "short.csv"], #"short.csv: no column for "title" (a parameter without a default)"#),
            (["card.json", "data.csv", "--name", "{{sku}}"], "--name: {{sku}} is not a column of data.csv"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["batch"] + arguments + ["--out", "out"], in: dir.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out").path), "nothing written")
    }

    @Test("JSON Lines rows, and a template of several frames: a folder of frames per row, like render --set")
    func jsonLinesAndFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template.replacingOccurrences(of: #""duration": 1, "fps": 1"#, with: #""duration": 1, "fps": 3"#)
            .replacingOccurrences(of: #""id": "t","#, with: #""id": "t", "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1}],"#))
        try dir.write("data.jsonl", #"{"id": "x", "title": "From JSON", "price": 2.5}"# + "\n" + ##"{"id": "y", "title": "Second", "price": 3, "accent": "#E4572E"}"## + "\n")
        let result = try CLI.run(["batch", "card.json", "data.jsonl", "--out", "out", "--name", "{{id}}.png", "--quiet"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        let frames = dir.url.appendingPathComponent("out/x")
        #expect(TemporaryDirectory.contents(of: frames) == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
        let single = try CLI.run(["render", "card.json", "--set", "title=From JSON", "--set", "price=2.5", "--out", "single", "--quiet"], in: dir.url)
        #expect(single.status == 0, "\(single)")
        for frame in ["frame_0000.png", "frame_0001.png", "frame_0002.png"] {
            #expect(try Data(contentsOf: frames.appendingPathComponent(frame)).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("single/\(frame)"))), "\(frame)")
        }
    }

    @Test("--shard K/N renders contiguous rows; all shards together give the single batch's files")
    func shardsSplitRows() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.template)
        var rows = "id,title,price\n"
        for index in 1...7 { rows += "r\(index),Row \(index),\(index)\n" }
        try dir.write("data.csv", rows)
        let whole = try CLI.run(["batch", "card.json", "data.csv", "--out", "whole", "--name", "{{id}}", "--quiet"], in: dir.url)
        #expect(whole.status == 0, "\(whole)")
        var seen: [[String]] = []
        for shard in ["1/3", "2/3", "3/3"] {
            let before = Set(TemporaryDirectory.list(dir.url.appendingPathComponent("parts")))
            let result = try CLI.run(["batch", "card.json", "data.csv", "--out", "parts", "--name", "{{id}}", "--shard", shard, "--quiet"], in: dir.url)
            #expect(result.status == 0, "\(result)")
            seen.append(Set(TemporaryDirectory.list(dir.url.appendingPathComponent("parts"))).subtracting(before).filter { $0.hasSuffix(".png") }.sorted())
        }
        #expect(seen == [["r1.png", "r2.png"], ["r3.png", "r4.png"], ["r5.png", "r6.png", "r7.png"]])
        let parts = TemporaryDirectory.contents(of: dir.url.appendingPathComponent("parts"))
        #expect(parts.filter { $0.hasPrefix("manifest") } == ["manifest-1-of-3.jsonl", "manifest-2-of-3.jsonl", "manifest-3-of-3.jsonl"])
        for name in seen.joined() {
            #expect(try (Data(contentsOf: dir.url.appendingPathComponent("parts/\(name)"))).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("whole/\(name)"))), "\(name)")
        }
        let auto = try CLI.run(["batch", "card.json", "data.csv", "--out", "auto", "--name", "{{id}}", "--shard", "auto", "--quiet"], in: dir.url,
                               environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
        #expect(auto.status == 0, "\(auto)")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("auto")).filter { $0.hasSuffix(".png") } == ["r3.png", "r4.png"])
    }
}

/// The README's batch example, as written there.
@Suite("batch: the README's example")
struct BatchReadmeExampleTests {
    @Test("Examples/batch/products.csv renders six cards and reports the seventh row's price")
    func readmeExample() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let result = try CLI.run(["batch", CLI.repoRoot.appendingPathComponent("Scenes/product-card.json").path,
                                  CLI.repoRoot.appendingPathComponent("Examples/batch/products.csv").path,
                                  "--out", "cards", "--name", "{{id}}.png"], in: dir.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(#"products.csv:8: row 7: "#) && result.stderr.contains(#"parameters.price: the value "cheap" is not a number"#), "\(result.stderr)")
        #expect(result.stderr.contains("rendered 6 rows, 1 failed"), "\(result.stderr)")
        let names = TemporaryDirectory.list(dir.url.appendingPathComponent("cards"))
        #expect(names == ["arc-lamp.png", "kid-chair.png", "lilac-lounge.png", "manifest.jsonl", "morning-mug.png", "reading-lamp.png", "tide-mug.png"])
        for name in names where name.hasSuffix(".png") {
            let data = try Data(contentsOf: dir.url.appendingPathComponent("cards/\(name)"))
            #expect(PNG.size(of: data).map { $0 == (1200, 630) } == true, "\(name)")
        }
    }
}
