import Effects
import Foundation
import Testing
@testable import RenderPipeline

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
}
