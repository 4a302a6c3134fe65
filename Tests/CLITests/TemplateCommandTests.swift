import Foundation
import Testing

/// `--set name=value` through the real binary: a template scene filled from the command line
/// renders, validates and measures; a missing or bad value exits 2 naming the parameter.
@Suite("template scenes filled with --set")
struct TemplateCommandTests {
    static let scene = #"""
    {"version": 1, "canvas": {"width": 320, "height": 120, "background": "{{background}}"}, "duration": 1, "fps": 1,
     "parameters": {"title": {}, "price": {"type": "number", "format": "%.2f"}, "background": {"type": "color", "default": "#102030"}},
     "blocks": [{"id": "t", "frame": {"x": 10, "y": 10, "width": 300}, "markup": "<b>{{title}}</b> {{price}}",
                 "style": {"font": {"family": "DejaVu Sans", "size": 24}, "color": "#FFFFFF"}}]}
    """#

    @Test("render, validate and measure fill the template; the value is text, even in markup")
    func setFillsTheTemplate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        let render = try CLI.run(["render", "card.json", "--set", "title=<i>Lamp</i> & co", "--set", "price=4.5", "--out", "out", "--quiet"], in: dir.url)
        #expect(render.status == 0, "\(render)")
        #expect(TemporaryDirectory.contents(of: dir.url.appendingPathComponent("out")) == ["frame_0000.png"])
        let validate = try CLI.run(["validate", "card.json", "--set", "title=x", "--set", "price=1"], in: dir.url)
        #expect(validate.status == 0, "\(validate)")
        let measure = try CLI.run(["measure", "card.json", "--set", "title=<i>Lamp</i> & co", "--set", "price=4.5"], in: dir.url)
        #expect(measure.status == 0, "\(measure)")
        #expect(measure.stdout.contains("<i>Lamp</i> & co 4.50"), "the text as given, markup characters and all: \(measure.stdout.prefix(600))")
    }

    @Test("a value may start with a combining mark, ZWJ or variation selector: the split is on the first \"=\" scalar")
    func valueStartingWithAMark() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        // "=" + U+0301 is one Character, which is not "=": a Character split finds no "=".
        for mark in ["\u{301}", "\u{200D}", "\u{FE0F}"] {
            let measure = try CLI.run(["measure", "card.json", "--set", "title=\(mark)x", "--set", "price=1"], in: dir.url)
            #expect(measure.status == 0, "\(measure)")
            let expected = Array("\(mark)x 1.00".utf8)
            let output = Array(measure.stdout.utf8)
            let found = output.count >= expected.count
                && (0...(output.count - expected.count)).contains { Array(output[$0..<($0 + expected.count)]) == expected }
            #expect(found, "the value keeps its leading U+\(String(mark.unicodeScalars.first!.value, radix: 16, uppercase: true)): \(measure.stdout.prefix(600))")
        }
        let validate = try CLI.run(["validate", "card.json", "--set", "title=\u{301}x", "--set", "price=1"], in: dir.url)
        #expect(validate.status == 0, "\(validate)")
    }

    @Test("a missing, ill-typed or unknown value exits 2 naming the parameter, writing nothing")
    func badValuesExit2() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene)
        let missing = try CLI.run(["render", "card.json", "--set", "title=x", "--out", "out", "--quiet"], in: dir.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("card.json: parameters.price: no value is given"), "\(missing.stderr)")
        let typed = try CLI.run(["validate", "card.json", "--set", "title=x", "--set", "price=cheap"], in: dir.url)
        #expect(typed.status == 2 && typed.stderr.contains(#"parameters.price: the value "cheap" is not a number"#), "\(typed.stderr)")
        let unknown = try CLI.run(["validate", "card.json", "--set", "title=x", "--set", "price=1", "--set", "colour=red"], in: dir.url)
        #expect(unknown.status == 2 && unknown.stderr.contains(#"a value is given for "colour", which is not a parameter"#), "\(unknown.stderr)")
        let twice = try CLI.run(["validate", "card.json", "--set", "title=x", "--set", "title=y"], in: dir.url)
        #expect(twice.status != 0 && twice.stderr.contains("--set title is given more than once"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out").path))
    }
}
