import Foundation
import Testing

/// One problem a bad scene must report: a stderr line `<file>: <path>: …` containing `fragments`.
struct ExpectedProblem: Sendable {
    /// The JSON path; empty for problems with the whole file (such as invalid JSON).
    var path: String
    /// Text the rest of the line must contain, e.g. the offending value as JSON.
    var fragments: [String]

    init(_ path: String, _ fragments: String...) {
        self.path = path
        self.fragments = fragments
    }
}

/// A scene that must be rejected with exactly `problems`.
struct BadScene: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var problems: [ExpectedProblem]

    var testDescription: String { name }
}

/// A block that is fine on its own, for scenes whose problem is elsewhere.
private let okBlock = #"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi"}"#
private let okCanvas = #""canvas": {"width": 200, "height": 100}"#

private func scene(_ blocks: String, top: String = "") -> String {
    "{\(top)\(okCanvas), \"blocks\": [\(blocks)]}"
}

let badScenes: [BadScene] = [
    BadScene(name: "invalid JSON syntax",
             json: #"{"canvas": {"width": 200, "height": 100}, "blocks": [ "#,
             problems: [ExpectedProblem("", "JSON")]),
    BadScene(name: "missing canvas",
             json: "{\"blocks\": [\(okBlock)]}",
             problems: [ExpectedProblem("canvas", "required")]),
    BadScene(name: "missing blocks",
             json: "{\(okCanvas)}",
             problems: [ExpectedProblem("blocks", "required")]),
    BadScene(name: "empty blocks",
             json: "{\(okCanvas), \"blocks\": []}",
             problems: [ExpectedProblem("blocks", "block")]),
    BadScene(name: "bad color",
             json: scene(##"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"text": "Hi"}, {"text": "there", "color": "#12G"}]}"##),
             problems: [ExpectedProblem("blocks[0].text[1].color", ##""#12G""##, "not a color")]),
    BadScene(name: "unknown effect name",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "effects": [{"type": "debug"}, {"type": "sparkle"}]}"#),
             problems: [ExpectedProblem("blocks[0].effects[1].type", #""sparkle""#)]),
    BadScene(name: "unknown effect parameter",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "effects": [{"type": "debug", "boxez": ["line"]}]}"#),
             problems: [ExpectedProblem("blocks[0].effects[0].boxez", "debug")]),
    BadScene(name: "bad effect parameter value",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "effects": [{"type": "debug", "boxes": ["line", "circle"]}]}"#),
             problems: [ExpectedProblem("blocks[0].effects[0].boxes[1]", #""circle""#)]),
    BadScene(name: "duplicate block ids",
             json: scene(#"\#(okBlock), {"id": "b", "frame": {"x": 0, "y": 0, "width": 100}, "text": "B"}, {"id": "a", "frame": {"x": 0, "y": 50, "width": 100}, "text": "Again"}"#),
             problems: [ExpectedProblem("blocks[2].id", #""a""#, "blocks[0]")]),
    BadScene(name: "string where a number is expected",
             json: scene(#"\#(okBlock), {"id": "b", "frame": {"x": 0, "y": 0, "width": "wide"}, "text": "B"}"#),
             problems: [ExpectedProblem("blocks[1].frame.width", #""wide""#, "number")]),
    BadScene(name: "negative width",
             json: scene(#"\#(okBlock), {"id": "b", "frame": {"x": 0, "y": 0, "width": -40}, "text": "B"}"#),
             problems: [ExpectedProblem("blocks[1].frame.width", "-40", "range")]),
    BadScene(name: "negative canvas height",
             json: #"{"canvas": {"width": 200, "height": -1}, "blocks": [\#(okBlock)]}"#,
             problems: [ExpectedProblem("canvas.height", "-1")]),
    BadScene(name: "unknown field (typo)",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"text": "Hi", "colour": "red"}]}"#),
             problems: [ExpectedProblem("blocks[0].text[0].colour", "unknown")]),
    BadScene(name: "unknown top-level field",
             json: scene(okBlock, top: #""durations": 3, "#),
             problems: [ExpectedProblem("durations", "unknown")]),
    BadScene(name: "version 2",
             json: scene(okBlock, top: #""version": 2, "#),
             problems: [ExpectedProblem("version", "2")]),
    BadScene(name: "both text and markup",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "markup": "<b>Hi</b>"}"#),
             problems: [ExpectedProblem("blocks[0]", "text", "markup")]),
    BadScene(name: "block without text",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}}"#),
             problems: [ExpectedProblem("blocks[0]", "text")]),
    BadScene(name: "bad textStyle name",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "style": {"font": {"textStyle": "giant"}}}"#),
             problems: [ExpectedProblem("blocks[0].style.font.textStyle", #""giant""#)]),
    BadScene(name: "opacity keyframes out of order",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "opacity": [{"t": 0, "value": 0}, {"t": 0.8, "value": 1}, {"t": 0.4, "value": 0.5}]}"#),
             problems: [ExpectedProblem("blocks[0].opacity[2].t", "0.4")]),
    BadScene(name: "opacity out of range",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "opacity": 1.5}"#),
             problems: [ExpectedProblem("blocks[0].opacity", "1.5")]),
    BadScene(name: "font folder that does not exist",
             json: scene(okBlock, top: #""fonts": {"directories": ["no-such-fonts"]}, "#),
             problems: [ExpectedProblem("fonts.directories[0]", #""no-such-fonts""#)]),
    BadScene(name: "viewport without a height and with a zero width",
             json: scene(okBlock, top: #""viewport": {"x": 0, "y": 0, "width": 0}, "#),
             problems: [ExpectedProblem("viewport.width", "0", "out of range"), ExpectedProblem("viewport.height", "required")]),
    BadScene(name: "bad viewport scroll keyframes",
             json: scene(okBlock, top: #""viewport": {"x": 0, "y": 0, "width": 200, "height": 100, "scroll": [{"t": 1, "value": {"x": 0, "y": 10}}, {"t": 0.5, "value": {"x": 0, "y": 0}}, {"t": 2, "value": {"x": "down", "y": 0}, "easing": "bouncy"}]}, "#),
             problems: [ExpectedProblem("viewport.scroll[1].t", "0.5", "time order"),
                        ExpectedProblem("viewport.scroll[2].value.x", #""down""#),
                        ExpectedProblem("viewport.scroll[2].easing", #""bouncy""#)]),
    BadScene(name: "unknown viewport field",
             json: scene(okBlock, top: #""viewport": {"x": 0, "y": 0, "width": 200, "height": 100, "zoom": 2}, "#),
             problems: [ExpectedProblem("viewport.zoom", "unknown field")]),
    BadScene(name: "bad analytics values",
             json: scene(okBlock, top: #""analytics": {"impressionRatio": 1.5, "impressionSeconds": -1}, "#),
             problems: [ExpectedProblem("analytics.impressionRatio", "1.5", "out of range"),
                        ExpectedProblem("analytics.impressionSeconds", "-1", "out of range")]),
    BadScene(name: "zero impression ratio and a string for seconds",
             json: scene(okBlock, top: #""analytics": {"impressionRatio": 0, "impressionSeconds": "1s"}, "#),
             problems: [ExpectedProblem("analytics.impressionRatio", "0"),
                        ExpectedProblem("analytics.impressionSeconds", #""1s""#)]),
    BadScene(name: "minimumScaleFactor below 0, above 1, a string; allowsTightening not a boolean",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "minimumScaleFactor": -0.1}, "#
                         + #"{"id": "b", "frame": {"x": 0, "y": 20, "width": 100}, "text": "Hi", "minimumScaleFactor": 1.5}, "#
                         + #"{"id": "c", "frame": {"x": 0, "y": 40, "width": 100}, "text": "Hi", "minimumScaleFactor": "x"}, "#
                         + #"{"id": "d", "frame": {"x": 0, "y": 60, "width": 100}, "markdown": "Hi", "minimumScaleFactor": 2, "allowsTightening": "yes"}"#),
             problems: [ExpectedProblem("blocks[0].minimumScaleFactor", "-0.1", "out of range (0–1)"),
                        ExpectedProblem("blocks[1].minimumScaleFactor", "1.5", "out of range (0–1)"),
                        ExpectedProblem("blocks[2].minimumScaleFactor", #""x""#, "a number"),
                        ExpectedProblem("blocks[3].minimumScaleFactor", "2", "out of range (0–1)"),
                        ExpectedProblem("blocks[3].allowsTightening", #""yes""#, "true or false")]),
    BadScene(name: "minimumScaleFactor NaN, which JSON cannot hold",
             json: scene(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi", "minimumScaleFactor": NaN}"#),
             problems: [ExpectedProblem("", "not valid JSON")]),
    BadScene(name: "three problems at once",
             json: ##"""
             {"version": 2, "canvas": {"width": 200, "height": 100},
              "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": -5},
                          "text": [{"text": "Hi", "color": "#12G"}]}]}
             """##,
             problems: [ExpectedProblem("version", "2"),
                        ExpectedProblem("blocks[0].frame.width", "-5"),
                        ExpectedProblem("blocks[0].text[0].color", ##""#12G""##)]),
]

@Suite("Bad scenes")
struct BadSceneTests {
    /// Checks that `lines` are exactly the expected problems of `scene`, each prefixed by `file`.
    static func expectProblems(_ lines: [String], file: String, _ scene: BadScene, _ result: CLI.Result,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(lines.count == scene.problems.count, "expected \(scene.problems.count) problem line(s)\n\(result)",
                sourceLocation: sourceLocation)
        var unmatched = lines
        for problem in scene.problems {
            let prefix = problem.path.isEmpty ? "\(file): " : "\(file): \(problem.path): "
            let index = unmatched.firstIndex { line in
                guard line.hasPrefix(prefix) else { return false }
                let rest = line.dropFirst(prefix.count)
                return problem.fragments.allSatisfy { rest.contains($0) }
            }
            #expect(index != nil, "no line `\(prefix)…` containing \(problem.fragments)\n\(result)",
                    sourceLocation: sourceLocation)
            if let index { unmatched.remove(at: index) }
        }
        #expect(unmatched.isEmpty, "unexpected lines: \(unmatched)", sourceLocation: sourceLocation)
    }

    @Test("render and validate reject the scene with one line per problem and write nothing",
          arguments: badScenes)
    func rejected(_ scene: BadScene) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("bad.json", scene.json)

        // The default command (output would go to ./bad/), an explicit --out, and validate.
        let runs: [[String]] = [
            ["bad.json"],
            ["bad.json", "--frames", "2", "--out", "out"],
            ["render", "bad.json", "--out", "nested/out", "--quiet"],
            ["bad.json", "--links", "links.json", "--links-overlay"],
            ["bad.json", "--links", "links.json", "--no-frames"],
            ["validate", "bad.json"],
        ]
        var stderrs: [String] = []
        for arguments in runs {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
            Self.expectProblems(result.stderrLines, file: "bad.json", scene, result)
            stderrs.append(result.stderr)
            #expect(dir.contents() == ["bad.json"], "\(arguments) left files behind: \(dir.contents())")
        }
        // Every command reports the same problems.
        #expect(Set(stderrs).count == 1, "commands disagree: \(stderrs)")
    }

    @Test("problem lines start with the scene path as given on the command line")
    func pathAsGiven() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = badScenes.first { $0.name == "three problems at once" }!
        try dir.write("scenes/sub/broken.json", scene.json)

        let relative = try CLI.run(["validate", "scenes/sub/broken.json"], in: dir.url)
        #expect(relative.status == 2)
        Self.expectProblems(relative.stderrLines, file: "scenes/sub/broken.json", scene, relative)

        let absolutePath = dir.url.appendingPathComponent("scenes/sub/broken.json").path
        let absolute = try CLI.run([absolutePath, "--out", "frames"], in: dir.url)
        #expect(absolute.status == 2)
        Self.expectProblems(absolute.stderrLines, file: absolutePath, scene, absolute)
        #expect(dir.contents() == ["scenes", "scenes/sub", "scenes/sub/broken.json"])
    }

    @Test("a scene file that does not exist exits 2 naming it")
    func missingFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for arguments in [["nowhere.json"], ["validate", "nowhere.json"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.hasPrefix("nowhere.json: "), "\(result)")
        }
        #expect(dir.contents().isEmpty)
    }

    @Test("bad option values exit 2 and write nothing",
          arguments: [["--frames", "0"], ["--frames", "-3"], ["--frames", "many"],
                      ["--fps", "0"], ["--fps", "-30"], ["--scale", "0"], ["--scale", "100"]])
    func badOptions(_ options: [String]) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Scenes.good())
        let result = try CLI.run(["card.json", "--out", "out"] + options, in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(!result.stderr.isEmpty, "\(result)")
        #expect(dir.contents() == ["card.json"], "left files behind: \(dir.contents())")
    }
}
