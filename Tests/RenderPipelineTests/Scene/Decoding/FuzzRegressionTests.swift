import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Replays every input `make fuzz` ever found a problem with (Tests/Fixtures/FuzzRegressions/
/// TARGET/), through the same calls as the fuzz target of that name (Fuzz/Sources/TARGET): a
/// crash or hang fails the suite; each input must also end in a value or a reported error.
@Suite struct FuzzRegressionTests {
    static let folder = TestFonts.repositoryRoot.appendingPathComponent("Tests/Fixtures/FuzzRegressions")

    static func inputs(_ target: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(target)/\($0)" }
    }

    static func data(_ input: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(input))
    }

    @Test(arguments: inputs("FuzzScene"))
    func scene(input: String) throws {
        TestFonts.pin()
        let scenes = TestFonts.repositoryRoot.appendingPathComponent("Scenes")
        do {
            let scene = try SceneDecoder(effects: .builtIn).decode(try Self.data(input), displayName: "fuzz.json", baseDirectory: scenes)
            let renderer = try SceneRenderer(scene: scene)
            if scene.canvas.pixelWidth * scene.canvas.pixelHeight <= 512 * 512 {
                _ = try renderer.renderFrame(min(1, scene.frameCount - 1))
            }
        } catch let error as SceneError {
            #expect(!error.problems.isEmpty)
        }
    }

    @Test(arguments: inputs("FuzzMarkdown"))
    func markdown(input: String) throws {
        TestFonts.pin()
        let markdown = String(decoding: try Self.data(input), as: UTF8.self)
        _ = Text(markdown: markdown)
        let layout = TextLayout(MarkdownView(markdown), options: LayoutOptions(width: 320))
        #expect(layout.storage.lines.count >= 0)
    }

    @Test(arguments: inputs("FuzzMarkup"))
    func markup(input: String) throws {
        TestFonts.pin()
        let markup = String(decoding: try Self.data(input), as: UTF8.self)
        guard let text = try? Text(markup: markup) else { return }
        _ = TextLayout(text, options: LayoutOptions(width: 320))
    }

    @Test(arguments: inputs("FuzzCaptions"))
    func captions(input: String) throws {
        let data = try Self.data(input)
        for format in [CaptionFormat.subRip, .webVTT, .wordTimings, nil] {
            do { _ = try CaptionTrack(data: data, fileName: "fuzz", format: format) } catch let error as CaptionError {
                #expect(!error.problems.isEmpty)
            }
        }
    }

    @Test(arguments: inputs("FuzzDataRows"))
    func dataRows(input: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["rows.csv", "rows.tsv", "rows.jsonl"] {
            let url = folder.appendingPathComponent(name)
            try Self.data(input).write(to: url)
            guard let rows = try? DataRows(url: url) else { continue }
            let columns = rows.columns
            for result in rows {
                switch result {
                case .row(let row): #expect(row.values.count <= max(columns.count, 1_000))
                case .problem(let problem): #expect(!problem.message.isEmpty && problem.line >= 1)
                }
            }
        }
    }

    @Test(arguments: inputs("FuzzCaptionStyle"))
    func captionStyle(input: String) throws {
        TestFonts.pin()
        let track = try CaptionTrack(parsing: "WEBVTT\n\n00:00.000 --> 00:01.000\nEvery <00:00.300>word\n", fileName: "fuzz.vtt")
        guard let value = try? JSONValue(parsing: try Self.data(input)) else { return }
        let problems = SceneProblems()
        let style = JSONNode(value: value, path: "", problems: problems).captionStyle()
        guard problems.isEmpty else { return }
        var scene = Scene(canvas: Scene.Canvas(width: 160, height: 90, background: nil), blocks: [])
        scene.fps = 10
        scene.duration = 1
        scene.captions = SceneCaptions(source: "fuzz", track: track, style: style)
        _ = try SceneRenderer(scene: scene).renderFrame(5)
    }
}
