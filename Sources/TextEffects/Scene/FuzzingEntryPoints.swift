import Foundation

/// Entry points for the libFuzzer targets in `Fuzz/`, a package of its own that cannot see this
/// package's `package` API: each runs one reader on untrusted bytes as the CLI does and drops the
/// result. Imported with `@_spi(Fuzzing)`; not part of the library's API.
@_spi(Fuzzing) public enum FuzzingEntryPoints {
    /// Parses Markdown as inline text (`Text(markdown:)`) and as a document laid out 320 points
    /// wide, as a block's `markdown` field is drawn.
    public static func layOutMarkdown(_ markdown: String) {
        _ = Text(markdown: markdown)
        _ = TextLayout(MarkdownView(markdown), options: LayoutOptions(width: 320))
    }

    /// Reads a caption file's bytes as each format in turn (SubRip, WebVTT, word timings) and
    /// as its content says, as `texteffects captions` reads it.
    public static func readCaptions(_ data: Data) {
        for format in [CaptionFormat.subRip, .webVTT, .wordTimings, nil] {
            _ = try? CaptionTrack(data: data, fileName: "fuzz", format: format)
        }
    }

    /// Converts Pango markup into spans, as a block's `markup` field is read, and lays them out
    /// 320 points wide when the markup is valid.
    public static func layOutMarkup(_ markup: String) {
        guard let text = try? Text(markup: markup) else { return }
        _ = TextLayout(text, options: LayoutOptions(width: 320))
    }

    /// Reads every row of a data file (CSV, TSV or JSON Lines, by the extension of `url`), as
    /// `batch` reads it.
    public static func readDataRows(at url: URL) {
        guard let rows = try? DataRows(url: url) else { return }
        for _ in rows {}
    }

    /// Decodes a caption style file's bytes as `captions --style FILE` does, and when the style
    /// is valid, draws frames `frames` of `captions` (a caption file's text) with it on a
    /// 160 × 90 canvas at 10 fps.
    public static func drawCaptionStyle(_ bytes: Data, captions: String, frames: [Int]) {
        guard let track = try? CaptionTrack(parsing: captions, fileName: "fuzz"),
              let value = try? JSONValue(parsing: bytes) else { return }
        let problems = SceneProblems()
        let style = JSONNode(value: value, path: "", problems: problems).captionStyle()
        guard problems.isEmpty else { return }
        var scene = Scene(canvas: Scene.Canvas(width: 160, height: 90, background: nil), blocks: [])
        scene.fps = 10
        scene.duration = 1
        scene.captions = SceneCaptions(source: "fuzz", track: track, style: style)
        guard let renderer = try? SceneRenderer(scene: scene) else { return }
        for frame in frames { _ = try? renderer.renderFrame(frame) }
    }
}
