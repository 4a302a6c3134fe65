import Foundation
import Testing

/// Fonts are never chosen silently (issue 32, item 6): a family fontconfig does not have is a
/// warning naming where the scene asks for it and what is drawn instead, an error with
/// `--strict-fonts` or `fonts.strict`, and no font at all is an error, never a blank frame.
/// `texteffects fonts` lists what a scene can name.
@Suite("honest fonts: missing families, strict fonts, no fonts, the fonts listing")
struct HonestFontsTests {
    /// A one-frame scene whose first block asks for `family`; `top` goes in at the top level.
    static func scene(family: String, top: String = "") -> String {
        #"""
        {"version": 1, \#(top) "canvas": {"width": 240, "height": 80}, "duration": 1, "fps": 1,
         "blocks": [{"id": "t", "frame": {"x": 8, "y": 8, "width": 224}, "text": "Hello",
                     "style": {"font": {"family": "\#(family)", "size": 24}}},
                    {"id": "u", "frame": {"x": 8, "y": 40, "width": 224}, "text": "again",
                     "style": {"font": {"family": "\#(family)", "size": 18}}}]}
        """#
    }

    static let missingLine = #"card.json: blocks[0].style.font.family: "Helvetica Neue" is not installed; using "DejaVu Sans""#

    /// Whether anything under `dir` is a PNG (a frame folder or a still file, whichever render writes).
    static func wrotePNG(_ dir: TemporaryDirectory) -> Bool {
        dir.contents().contains { $0.hasSuffix(".png") }
    }

    /// A fontconfig configuration with no font folder at all (a container without fonts).
    static func emptyConfiguration(in dir: TemporaryDirectory) throws -> String {
        try dir.write("empty-fonts/fonts.conf", """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><cachedir>\(dir.url.appendingPathComponent("empty-fonts/cache").path)</cachedir></fontconfig>
            """).path
    }

    @Test("a missing family warns once, naming the JSON path, the family and the one used, and renders (exit 0)")
    func missingFamilyWarnsAndRenders() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene(family: "Helvetica Neue"))
        let result = try CLI.run(["render", "card.json", "--out", "out"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        // Two blocks ask for it; it is said once, at the first (then the summary, not on a terminal).
        #expect(result.messageLines == [Self.missingLine], "\(result)")
        #expect(result.stderrLines.last?.wholeMatch(of: /wrote 1 frame to \/.+\/out in \d+\.\d\d s/) != nil, "\(result)")
        #expect(Self.wrotePNG(dir), "\(dir.contents())")

        // validate and measure say the same and succeed; measure's report stays on standard output.
        let validate = try CLI.run(["validate", "card.json"], in: dir.url)
        #expect(validate.status == 0 && validate.stderrLines == [Self.missingLine], "\(validate)")
        let measure = try CLI.run(["measure", "card.json"], in: dir.url)
        #expect(measure.status == 0 && measure.stderrLines == [Self.missingLine], "\(measure)")
        #expect((try? JSONSerialization.jsonObject(with: measure.stdoutData)) != nil, "\(measure)")
    }

    @Test("--quiet leaves the warning out, as it does everything but errors")
    func quietSilencesTheWarning() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene(family: "Helvetica Neue"))
        let result = try CLI.run(["render", "card.json", "--out", "out", "--quiet"], in: dir.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }

    @Test("--strict-fonts makes a missing family an error: exit 2, one line, nothing written")
    func strictFontsRefuses() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene(family: "Helvetica Neue"))
        let result = try CLI.run(["render", "card.json", "--out", "out", "--strict-fonts"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == [#"card.json: blocks[0].style.font.family: "Helvetica Neue" is not installed (it would be drawn in "DejaVu Sans"; --strict-fonts allows no substitute)"#], "\(result)")
        #expect(dir.contents() == ["card.json"])

        let validate = try CLI.run(["validate", "card.json", "--strict-fonts"], in: dir.url)
        #expect(validate.status == 2 && validate.stderrLines == result.stderrLines, "\(validate)")
        let measure = try CLI.run(["measure", "card.json", "--strict-fonts"], in: dir.url)
        #expect(measure.status == 2 && measure.stdout.isEmpty && measure.stderrLines == result.stderrLines, "\(measure)")
    }

    @Test("the scene's fonts.strict is the same as --strict-fonts, and says so")
    func sceneStrictRefuses() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene(family: "Helvetica Neue", top: #""fonts": {"strict": true},"#))
        let result = try CLI.run(["render", "card.json", "--out", "out"], in: dir.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines == [#"card.json: blocks[0].style.font.family: "Helvetica Neue" is not installed (it would be drawn in "DejaVu Sans"; fonts.strict allows no substitute)"#], "\(result)")
        #expect(dir.contents() == ["card.json"])
    }

    @Test("installed families (any case or spacing), generic names and lists with an installed name pass silently, also strict",
          arguments: ["Inter", "dejavu sans", "Noto Sans CJK JP", "Material Icons", "sans-serif", "System", "monospace", "Helvetica Neue, Inter"])
    func installedFamilyIsSilent(family: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", Self.scene(family: family))
        let result = try CLI.run(["render", "card.json", "--out", "out", "--strict-fonts"], in: dir.url)
        #expect(result.status == 0 && result.messageLines.isEmpty, "\(family): \(result)")
        #expect(Self.wrotePNG(dir))
    }

    @Test("families in spans, tags, truncation tokens, markup, Markdown styles and caption styles are checked where written")
    func everyPlaceAFamilyIsNamed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.srt", "1\n00:00:00,000 --> 00:00:01,000\nHello\n")
        try dir.write("card.json", #"""
            {"version": 1, "canvas": {"width": 240, "height": 200}, "duration": 1, "fps": 1,
             "captions": {"source": "talk.srt", "style": {"font": {"family": "Roboto"}}},
             "blocks": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 200},
               "text": [{"text": "x", "font": {"family": "Futura"}}, {"tag": "NEW", "font": {"family": "Gill Sans"}}],
               "lineLimit": 1, "truncation": {"token": [{"text": "more", "font": {"family": "Arial"}}]}},
              {"id": "b", "frame": {"x": 0, "y": 60, "width": 200}, "markup": "<span face='Comic Sans MS'>x</span>"},
              {"id": "c", "frame": {"x": 0, "y": 100, "width": 200}, "markdown": "# Hi", "markdownStyle": {"h1": {"font": {"family": "Georgia"}}}}
             ]}
            """#)
        let result = try CLI.run(["validate", "card.json"], in: dir.url)
        #expect(result.status == 0, "\(result)")
        #expect(Set(result.stderrLines) == [
            #"card.json: blocks[0].text[0].font.family: "Futura" is not installed; using "DejaVu Sans""#,
            #"card.json: blocks[0].text[1].font.family: "Gill Sans" is not installed; using "DejaVu Sans""#,
            #"card.json: blocks[0].truncation.token[0].font.family: "Arial" is not installed; using "DejaVu Sans""#,
            #"card.json: blocks[1].markup: "Comic Sans MS" is not installed; using "DejaVu Sans""#,
            #"card.json: blocks[2].markdownStyle.h1.font.family: "Georgia" is not installed; using "DejaVu Sans""#,
            #"card.json: captions.style.font.family: "Roboto" is not installed; using "DejaVu Sans""#,
        ], "\(result)")
    }

    @Test("captions --style FILE: its families are checked in that file; strict, nothing is written")
    func captionStyleFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("talk.srt", "1\n00:00:00,000 --> 00:00:00,100\nHello\n")
        try dir.write("style.json", #"{"font": {"family": "Roboto"}}"#)
        let warned = try CLI.run(["captions", "talk.srt", "--style", "style.json", "--size", "160x90", "--out", "frames"], in: dir.url)
        #expect(warned.status == 0, "\(warned)")
        #expect(warned.messageLines == [#"style.json: font.family: "Roboto" is not installed; using "DejaVu Sans""#], "\(warned)")
        let strict = try CLI.run(["captions", "talk.srt", "--style", "style.json", "--size", "160x90", "--out", "strict", "--strict-fonts"], in: dir.url)
        #expect(strict.status == 2, "\(strict)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("strict").path))
    }

    @Test("batch: the template's missing family is warned once for all rows; strict, exit 2 before any row; a row's own family fails that row")
    func batchFonts() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("card.json", #"""
            {"version": 1, "canvas": {"width": 160, "height": 60}, "duration": 1, "fps": 1,
             "parameters": {"title": {}, "face": {"default": "Inter"}},
             "blocks": [{"id": "t", "frame": {"x": 4, "y": 4, "width": 150}, "text": "{{title}}", "style": {"font": {"family": "Helvetica Neue"}}},
                        {"id": "u", "frame": {"x": 4, "y": 30, "width": 150}, "text": "x", "style": {"font": {"family": "{{face}}"}}}]}
            """#)
        try dir.write("rows.csv", "title,face\nA,Inter\nB,Papyrus\nC,Papyrus\n")
        let warned = try CLI.run(["batch", "card.json", "rows.csv", "--out", "out"], in: dir.url)
        #expect(warned.status == 0, "\(warned)")
        let fontLines = warned.stderrLines.filter { $0.contains("is not installed") }
        #expect(fontLines == [
            #"card.json: blocks[0].style.font.family: "Helvetica Neue" is not installed; using "DejaVu Sans""#,
            #"card.json: blocks[1].style.font.family: "Papyrus" is not installed; using "DejaVu Sans""#,
        ], "\(warned)")

        let strict = try CLI.run(["batch", "card.json", "rows.csv", "--out", "strict", "--strict-fonts"], in: dir.url)
        #expect(strict.status == 2, "\(strict)")
        #expect(strict.stderrLines == [#"card.json: blocks[0].style.font.family: "Helvetica Neue" is not installed (it would be drawn in "DejaVu Sans"; --strict-fonts allows no substitute)"#], "\(strict)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("strict").path))

        // With the template's own family installed, only the rows that name a missing one fail.
        try dir.write("card.json", try String(contentsOf: dir.url.appendingPathComponent("card.json"), encoding: .utf8)
            .replacingOccurrences(of: "Helvetica Neue", with: "DejaVu Sans"))
        let rows = try CLI.run(["batch", "card.json", "rows.csv", "--out", "rows", "--strict-fonts", "--name", "{{title}}"], in: dir.url)
        #expect(rows.status == 1, "\(rows)")
        #expect(rows.stderr.contains(#"rows.csv:3: row 2: card.json: blocks[1].style.font.family: "Papyrus" is not installed"#), "\(rows)")
        #expect(TemporaryDirectory.list(dir.url.appendingPathComponent("rows")).filter { $0 != "manifest.jsonl" } == ["A.png"])
    }

    @Test("no font at all is an error naming the problem (exit 2), never a blank frame, in every command")
    func noFontsAtAll() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let environment = ["FONTCONFIG_FILE": try Self.emptyConfiguration(in: dir)]
        try dir.write("card.json", Self.scene(family: "DejaVu Sans"))
        let message = "card.json: fonts: fontconfig finds no fonts, so no text could be drawn (is FONTCONFIG_FILE right? install fonts-dejavu-core)"
        for arguments in [["render", "card.json", "--out", "out"], ["validate", "card.json"], ["measure", "card.json"]] {
            let result = try CLI.run(arguments, in: dir.url, environment: environment)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderrLines == [message], "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
        }
        #expect(!Self.wrotePNG(dir), "\(dir.contents())")

        try dir.write("talk.srt", "1\n00:00:00,000 --> 00:00:00,100\nHello\n")
        let captions = try CLI.run(["captions", "talk.srt", "--size", "160x90", "--out", "frames"], in: dir.url, environment: environment)
        #expect(captions.status == 2 && captions.stderrLines == [message.replacingOccurrences(of: "card.json", with: "talk.srt")], "\(captions)")
        #expect(!Self.wrotePNG(dir), "\(dir.contents())")

        let listing = try CLI.run(["fonts"], in: dir.url, environment: environment)
        #expect(listing.status == 2 && listing.stdout.isEmpty, "\(listing)")
    }

    @Test("texteffects fonts lists fontconfig's families with their styles, one a line, sorted; --json as objects")
    func fontsListsThePinnedFamilies() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let result = try CLI.run(["fonts"], in: dir.url)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("DejaVu Sans: Bold, Bold Oblique, Book, ExtraLight, Oblique"), "\(result)")
        #expect(lines.contains("Material Icons: Regular"), "\(result)")
        #expect(lines.contains { $0.hasPrefix("Inter: ") && $0.contains("Semi Bold") }, "\(result)")
        let names = lines.map { String($0.prefix { $0 != ":" }) }
        #expect(names == names.sorted { $0.lowercased() < $1.lowercased() }, "\(names)")

        let json = try CLI.run(["fonts", "--json"], in: dir.url)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let families = try #require(object["families"] as? [[String: Any]])
        #expect(families.count == lines.count)
        #expect(families.contains { $0["family"] as? String == "DejaVu Sans" && $0["sceneFolder"] as? Bool == false })
    }

    @Test("texteffects fonts SCENE adds the scene's fonts folders, marking their families, which the scene may then name")
    func fontsListsASceneFolder() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // DejaVu Math TeX Gyre comes with the pinned fonts-dejavu-extra but is left out of the
        // pinned configuration; here it is the scene's own font. That configuration rejects every
        // file it does not list, app fonts too, so the test's own accepts the scene's folder.
        let folder = dir.url.appendingPathComponent("scene/fonts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf"),
                                         to: folder.appendingPathComponent("Math.ttf"))
        let config = try dir.write("fonts.conf", """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <include>\(CLI.fontsConf.path)</include>
              <selectfont><acceptfont><glob>\(folder.path)/*</glob></acceptfont></selectfont>
            </fontconfig>
            """)
        let environment = ["FONTCONFIG_FILE": config.path]
        try dir.write("scene/card.json", Self.scene(family: "DejaVu Math TeX Gyre", top: #""fonts": {"directories": ["fonts"]},"#))
        let listed = try CLI.run(["fonts", "scene/card.json"], in: dir.url, environment: environment)
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("DejaVu Math TeX Gyre: Regular  (fonts.directories)"), "\(listed)")
        #expect(lines.contains("DejaVu Sans: Bold, Bold Oblique, Book, ExtraLight, Oblique"), "\(listed)")

        // Without the scene, the family is not there; the scene itself finds it, strict or not.
        let system = try CLI.run(["fonts"], in: dir.url, environment: environment)
        #expect(system.status == 0 && !system.stdout.contains("DejaVu Math TeX Gyre"), "\(system)")
        let strict = try CLI.run(["render", "scene/card.json", "--out", "out", "--strict-fonts"], in: dir.url, environment: environment)
        #expect(strict.status == 0 && strict.messageLines.isEmpty, "\(strict)")

        // A scene naming a family it does not have hears of it from `fonts` too (standard error).
        try dir.write("scene/other.json", Self.scene(family: "Helvetica Neue"))
        let other = try CLI.run(["fonts", "scene/other.json"], in: dir.url, environment: environment)
        #expect(other.status == 0 && other.stderrLines == [#"scene/other.json: blocks[0].style.font.family: "Helvetica Neue" is not installed; using "DejaVu Sans""#], "\(other)")
    }
}
