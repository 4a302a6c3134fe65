import CCairo
import CPango
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The default renderer draws what Pango itself draws.
@Suite struct PangoParityTests {
    static let samples: [(name: String, text: RichText, width: Double)] = [
        ("plain", RichText("Hello, world! Привет, мир! 你好，世界。 office ffi", style: Style(font: FontDescriptor(family: "Sans", size: 20))), 300),
        ("styled", RichText(spans: [
            Span("Bold ", style: Style(bold: true)),
            Span("red ", style: Style(color: .color(.red))),
            Span("half-transparent ", style: Style(color: .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))),
            Span("raised ", style: Style(baselineOffset: 6)),
            Span("spaced out", style: Style(kerning: 3)),
            Span(" italic", style: Style(italic: true)),
        ], baseStyle: Style(font: FontDescriptor(family: "DejaVu Sans", size: 18))), 260),
        ("centered", RichText("Centered lines of text in a narrow column, wrapping more than once.",
                              style: Style(font: FontDescriptor(family: "DejaVu Serif", size: 16))), 180),
    ]

    /// Pixel-identical to `pango_cairo_show_layout` on the same PangoLayout.
    @Test(arguments: samples.map(\.name))
    func matchesPangoCairoShowLayoutExactly(name: String) throws {
        TestFonts.pin()
        let sample = Self.samples.first { $0.name == name }!
        var options = LayoutOptions(width: sample.width)
        if name == "centered" { options.alignment = .center }
        let ours = try ImageSurface(width: Int(sample.width), height: 160)
        var context = GraphicsContext(surface: ours)
        context.fill(Path(CGRect(x: 0, y: 0, width: sample.width, height: 160)), with: .white)
        DefaultTextRenderer().draw(layout: TextLayout(sample.text, options: options), in: &context)

        let reference = try ImageSurface(width: Int(sample.width), height: 160)
        PangoLayoutBuilder(text: sample.text, options: options, fonts: .system).withPangoLayout { layout in
            CairoContext(surface: reference).withUnsafeCairoContext { cr in
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
                cairo_set_source_rgb(cr, 0, 0, 0)
                pango_cairo_show_layout(cr, layout)
            }
        }
        let stats = try #require(ImageDiff.stats(ours, reference))
        if stats.differing > 0 {
            try? PNGWriter.write(ours, to: URL(fileURLWithPath: "/tmp/parity-\(name)-ours.png"))
            try? PNGWriter.write(reference, to: URL(fileURLWithPath: "/tmp/parity-\(name)-pango.png"))
        }
        #expect(stats.differing == 0, "\(stats.differing) pixels differ, max delta \(stats.maxDelta)")
    }

    /// Matches `pango-view` rendering the same text, font and width with the same settings
    /// (grayscale antialiasing, no hinting, unhinted metrics, subpixel positions).
    /// Tolerance: every channel within 1 level. The sample is one line of Latin and Cyrillic
    /// with ligatures: pango-view 1.50 spaces wrapped lines (and lines with CJK fallback fonts)
    /// at whole pixels even with --hint-metrics=off, so its later lines sit up to 2 px lower;
    /// multi-line and CJK drawing is checked against `pango_cairo_show_layout` above instead.
    @Test func matchesPangoView() throws {
        TestFonts.pin()
        let pangoView = ["/usr/bin/pango-view", "/usr/local/bin/pango-view"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try #require(pangoView, "pango-view is missing: install pango1.0-tools (scripts/install-deps.sh does)")
        let text = "Pango lays it out, texteffects draws it: office ffi. Привет, мир!"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("te-pv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.txt")
        try text.write(to: input, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("pv.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-q", "--pixels", "--font=DejaVu Sans 20", "--width=720", "--margin=0", "--hinting=none",
                             "--hint-metrics=off", "--antialias=gray", "--subpixel-positions", "-o", output.path, input.path]
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = TestFonts.configFile
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = try ImageSurface(png: output.path)

        let layout = TextLayout(RichText(text, style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 20))),
                                options: LayoutOptions(width: 720))
        let ours = try ImageSurface(width: theirs.width, height: theirs.height)
        var context = GraphicsContext(surface: ours)
        context.fill(Path(CGRect(x: 0, y: 0, width: theirs.width, height: theirs.height)), with: .white)
        DefaultTextRenderer().draw(layout: layout, in: &context)
        #expect(layout.count == 1)
        let stats = try #require(ImageDiff.stats(ours, theirs, threshold: 1))
        #expect(stats.outliers == 0, "\(stats.outliers) pixels differ by more than 1 level (max \(stats.maxDelta))")
    }
}
