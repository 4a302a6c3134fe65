import Foundation
import Testing

/// `--format svg` and `--format pdf` through the real binary: the files they write, a batch's
/// file per row and one combined PDF, and what is refused before any work (exit 2).
@Suite("vector output: SVG and PDF files")
struct VectorOutputCLITests {
    /// A still with a link: one frame.
    static let card = """
    {"version": 1, "canvas": {"width": 600, "height": 200, "background": "#FFFFFF"},
     "blocks": [{"id": "title", "frame": {"x": 20, "y": 20, "width": 560}, "markdown": "Read [the terms](https://bank.test/terms?a=1&b=2) now",
                 "style": {"font": {"family": "DejaVu Sans", "size": 32}, "color": "#10243E"}}]}
    """

    /// The card with a travelling wave over two seconds at 10 fps: 20 frames.
    static let waving = card.replacingOccurrences(of: #""style":"#, with: #""effects": [{"type": "wave"}], "style":"#)
        .replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, "duration": 2, "fps": 10,"#)

    @Test("a still goes to --out NAME.svg and --out NAME.pdf, a file each, with the link; nothing else is left")
    func stillFiles() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.card)
        let svg = try CLI.run(["card.json", "--format", "svg", "--out", "card.svg"], in: dir.url)
        #expect(svg.status == 0, "\(svg)")
        let pdf = try CLI.run(["card.json", "--format", "pdf", "--out", "card.pdf"], in: dir.url)
        #expect(pdf.status == 0, "\(pdf)")
        #expect(dir.contents() == ["card.json", "card.pdf", "card.svg"])
        let svgText = try String(contentsOf: dir.url.appendingPathComponent("card.svg"), encoding: .utf8)
        #expect(svgText.hasPrefix("<?xml") && svgText.contains("<a xlink:href=\"https://bank.test/terms?a=1&amp;b=2\""), "\(svgText.prefix(300))")
        let pdfBytes = try Data(contentsOf: dir.url.appendingPathComponent("card.pdf"))
        #expect(pdfBytes.starts(with: Data("%PDF-".utf8)))
        #expect(String(decoding: pdfBytes, as: UTF8.self).contains("/URI (https://bank.test/terms?a=1&b=2)"))

        // The name alone asks for the format, as card.jpg does: the same files, not folders.
        let named = try CLI.run(["card.json", "--out", "named.svg"], in: dir.url)
        #expect(named.status == 0, "\(named)")
        // A second later the PDF is still byte for byte the same: no creation date is stamped.
        Thread.sleep(forTimeInterval: 1.1)
        let namedPDF = try CLI.run(["card.json", "--out", "named.pdf"], in: dir.url)
        #expect(namedPDF.status == 0, "\(namedPDF)")
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("named.svg")).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("card.svg"))))
        #expect(try Data(contentsOf: dir.url.appendingPathComponent("named.pdf")).elementsEqual(Data(contentsOf: dir.url.appendingPathComponent("card.pdf"))))
    }

    @Test("an animation is a folder of frame_NNNN.svg, or one PDF of a page per frame")
    func animationFiles() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("wave.json", Self.waving)
        let svg = try CLI.run(["wave.json", "--format", "svg", "--out", "frames", "--frame-range", "0-2"], in: dir.url)
        #expect(svg.status == 0, "\(svg)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("frames")) == ["frame_0000.svg", "frame_0001.svg", "frame_0002.svg"])
        let pdf = try CLI.run(["wave.json", "--format", "pdf"], in: dir.url)
        #expect(pdf.status == 0, "\(pdf)")
        let text = String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("wave.pdf")), as: UTF8.self)
        #expect(text.contains("/Count 20"), "not 20 pages")
    }

    @Test("refused before any work: an animation to one SVG file, more pages than a PDF holds, --links-overlay")
    func refusals() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("wave.json", Self.waving)
        let oneSVG = try CLI.run(["wave.json", "--format", "svg", "--out", "wave.svg"], in: dir.url)
        #expect(oneSVG.status == 2, "\(oneSVG)")
        #expect(oneSVG.stderr.contains("is one SVG file, which holds one frame") && oneSVG.stderr.contains("--format pdf"), "\(oneSVG.stderr)")
        let long = try CLI.run(["wave.json", "--format", "pdf", "--fps", "1000", "--frames", "10001"], in: dir.url)
        #expect(long.status == 2, "\(long)")
        #expect(long.stderr.contains("a PDF holds at most 10000 pages"), "\(long.stderr)")
        let overlay = try CLI.run(["wave.json", "--format", "pdf", "--links-overlay"], in: dir.url)
        #expect(overlay.status == 2, "\(overlay)")
        #expect(overlay.stderr.contains("--links-overlay"), "\(overlay.stderr)")
        #expect(dir.contents() == ["wave.json"])
    }

    @Test("batch: a PDF per row with --name \"{{id}}.pdf\", or every row's page in one --pdf-pages file, in row order")
    func batchPDFs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", """
        {"version": 1, "parameters": {"title": {"type": "string", "default": "Hello"}},
         "canvas": {"width": 400, "height": 100, "background": "#FFFFFF"},
         "blocks": [{"id": "t", "frame": {"x": 10, "y": 10, "width": 380}, "text": "{{title}}",
                     "style": {"font": {"family": "DejaVu Sans", "size": 30}, "color": "#000000"}}]}
        """)
        try dir.write("rows.csv", "id,title\na,Alpha\nb,Bravo\nc,Charlie\n")
        let each = try CLI.run(["batch", "card.json", "rows.csv", "--out", "out", "--name", "{{id}}.pdf"], in: dir.url)
        #expect(each.status == 0, "\(each)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("out")) == ["a.pdf", "b.pdf", "c.pdf", "manifest.jsonl"])
        let combined = try CLI.run(["batch", "card.json", "rows.csv", "--out", "log", "--pdf-pages", "all.pdf", "--threads", "2"], in: dir.url)
        #expect(combined.status == 0, "\(combined)")
        let pdf = try Data(contentsOf: dir.url.appendingPathComponent("all.pdf"))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/Count 3"))
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("log")) == ["manifest.jsonl"])
        let wrong = try CLI.run(["batch", "card.json", "rows.csv", "--out", "log", "--pdf-pages", "all.pdf", "--format", "png"], in: dir.url)
        #expect(wrong.status == 2, "\(wrong)")
    }

    /// Rows drawn on four threads into recordings and shown in row order are the bytes of one
    /// thread's PDF; the photo and the inline SVG every row shows are in it once, the photo (a
    /// JPEG stored upright) as its own bytes.
    @Test("batch --pdf-pages: the same bytes on one thread and four, a shared photo and SVG once in the file")
    func combinedPDFOnThreads() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for asset in ["sunset.jpg", "lamp.svg"] {
            try FileManager.default.copyItem(at: CLI.repoRoot.appendingPathComponent("Scenes/assets/\(asset)"),
                                             to: dir.url.appendingPathComponent(asset))
        }
        try dir.write("card.json", """
        {"version": 1, "parameters": {"title": {"type": "string", "default": "Hello"}},
         "canvas": {"width": 400, "height": 160, "background": "#FFFFFF"},
         "blocks": [{"id": "p", "frame": {"x": 0, "y": 0, "width": 160}, "text": [{"image": "sunset.jpg", "width": 160, "height": 160, "contentMode": "fill"}]},
                    {"id": "l", "frame": {"x": 330, "y": 90, "width": 60}, "text": [{"image": "lamp.svg", "height": 60}]},
                    {"id": "t", "frame": {"x": 180, "y": 20, "width": 200}, "text": "{{title}}",
                     "style": {"font": {"family": "DejaVu Sans", "size": 24}, "color": "#000000"}}]}
        """)
        try dir.write("rows.csv", "id,title\n" + (1...24).map { "r\($0),Row number \($0)" }.joined(separator: "\n") + "\n")
        try dir.write("one.csv", "id,title\nr1,Row number 1\n")
        func pdf(_ rows: String, threads: String) throws -> String {
            let run = try CLI.run(["batch", "card.json", rows, "--out", "log", "--pdf-pages", "all.pdf", "--threads", threads, "--force"], in: dir.url)
            #expect(run.status == 0, "\(run)")
            return String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("all.pdf")), as: UTF8.self)
        }
        func count(_ word: String, _ text: String) -> Int { text.components(separatedBy: word).count - 1 }
        let one = try pdf("rows.csv", threads: "1"), four = try pdf("rows.csv", threads: "4")
        #expect(one == four, "one thread and four")
        #expect(one.contains("/Count 24"))
        #expect(count("/DCTDecode", one) == 1, "the photo once, as its JPEG")
        // Each page is a form (its recording); the lamp's drawing adds the same forms for one row as for 24.
        let single = try pdf("one.csv", threads: "1")
        #expect(count("/Subtype /Form", one) - 24 == count("/Subtype /Form", single) - 1, "the lamp once")
        #expect(count("/Subtype /Form", single) > 1)
    }
}
