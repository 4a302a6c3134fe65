import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Template scenes: `parameters` declared, `{{name}}` filled in every string field, values
/// always text where they land, and every bad value an error at its JSON path.
@Suite struct SceneTemplateTests {
    /// A product card template: a title in markup, a Markdown blurb, a formatted price, a colour,
    /// a link and an image path, all from parameters.
    static let card = #"""
    {"version": 1, "canvas": {"width": 600, "height": 300, "background": "{{accent}}"},
     "parameters": {
       "title": {"type": "string"},
       "blurb": {"type": "string", "default": "Made to last."},
       "price": {"type": "number", "format": "$%.2f"},
       "accent": {"type": "color", "default": "#0A84FF"},
       "url": {},
       "photo": {"type": "image", "default": "photo.png"}
     },
     "blocks": [
       {"id": "title", "frame": {"x": 20, "y": 20, "width": 560}, "markup": "<b>{{title}}</b> for {{ price }}"},
       {"id": "blurb", "frame": {"x": 20, "y": 120, "width": 560}, "markdown": "_{{blurb}}_"},
       {"id": "link", "frame": {"x": 20, "y": 200, "width": 560}, "text": [{"text": "Buy {{title}}", "link": "{{url}}"}]}
     ]}
    """#

    static func decode(_ json: String, _ values: [String: JSONValue], locale: String? = nil) throws -> Scene {
        var decoder = SceneDecoder(effects: .builtIn)
        decoder.templateValues = values
        return try decoder.decode(Data(json.utf8))
    }

    /// The problems decoding reports, as `path: message` lines.
    static func problems(_ json: String, _ values: [String: JSONValue]) -> [String] {
        do {
            _ = try decode(json, values)
            return []
        } catch let error as SceneError {
            return error.problems.map { "\($0.path): \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func everyStringFieldIsFilled() throws {
        let scene = try Self.decode(Self.card, ["title": .string("Desk Lamp"), "price": .string("19.5"), "url": .string("https://shop.example/lamp")])
        #expect(scene.blocks[0].text.plainText == "Desk Lamp for $19.50")
        #expect(scene.blocks[0].text.spans.first?.style.font?.weight == .bold, "the template's own markup styles the value")
        #expect(scene.blocks[1].text.plainText == "Made to last.", "the default")
        #expect(scene.blocks[2].text.plainText == "Buy Desk Lamp")
        #expect(scene.blocks[2].text.spans.first?.link == "https://shop.example/lamp")
        #expect(scene.canvas.background == Color(parsing: "#0A84FF"))
        // Numbers given as JSON numbers (a JSON Lines row) format the same way.
        let typed = try Self.decode(Self.card, ["title": .string("Lamp"), "price": .number(7), "url": .string("u")])
        #expect(typed.blocks[0].text.plainText == "Lamp for $7.00")
    }

    @Test func numbersFollowTheScenesLocale() throws {
        let json = #"{"version": 1, "canvas": {"width": 200, "height": 100}, "environment": {"language": "de"}, "parameters": {"n": {"type": "number", "format": "%.2f €"}}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 200}, "text": "{{n}}"}]}"#
        let scene = try Self.decode(json, ["n": .string("1234.5")])
        #expect(scene.blocks[0].text.plainText == "1.234,50 €")
    }

    @Test func dataCannotStyleTheTextOrBreakTheDocument() throws {
        let hostile = "<i>x</i> & *y* [z](http://evil) # h\n\n- item"
        let scene = try Self.decode(Self.card, ["title": .string(hostile), "blurb": .string(hostile), "price": .number(1), "url": .string("u")])
        // In markup: shown as written, and nothing of it is italic.
        #expect(scene.blocks[0].text.plainText == hostile + " for $1.00")
        #expect(scene.blocks[0].text.spans.allSatisfy { $0.style.font?.italic != true && $0.style.italic != true })
        // In Markdown: one paragraph of the same characters (line breaks become spaces), no link, no list.
        let blurb = scene.blocks[1]
        #expect(blurb.text.plainText == "<i>x</i> & *y* [z](http://evil) # h  - item")
        #expect(blurb.text.spans.allSatisfy { $0.link == nil })
        #expect(blurb.markdown?.document.children.count == 1)
        // A parameter of type markup does style, where the scene reads markup.
        let styled = Self.card.replacingOccurrences(of: #""title": {"type": "string"}"#, with: #""title": {"type": "markup"}"#)
        let bold = try Self.decode(styled, ["title": .string("<i>New</i> lamp"), "price": .number(1), "url": .string("u")])
        #expect(bold.blocks[0].text.plainText == "New lamp for $1.00")
        #expect(bold.blocks[0].text.spans.first.map { $0.style.font?.italic == true || $0.style.italic == true } == true)
    }

    @Test func badValuesAreErrorsAtTheirPaths() {
        #expect(Self.problems(Self.card, ["price": .string("12"), "url": .string("u")])
                == [#"parameters.title: no value is given (with --set title=… or a data column "title") and it has no default"#])
        #expect(Self.problems(Self.card, ["title": .string("t"), "price": .string("cheap"), "url": .string("u")])
                == [#"parameters.price: the value "cheap" is not a number"#])
        #expect(Self.problems(Self.card, ["title": .string("t"), "price": .number(1), "url": .string("u"), "accent": .string("blurple")])
                == [#"parameters.accent: the value "blurple" is not a colour (#RRGGBB, #RRGGBBAA or a name)"#])
        #expect(Self.problems(Self.card, ["title": .string("t"), "price": .number(1), "url": .string("u"), "colour": .string("red")])
                == [#"parameters: a value is given for "colour", which is not a parameter (the scene has accent, blurb, photo, price, title, url)"#])
        let typo = Self.card.replacingOccurrences(of: "Buy {{title}}", with: "Buy {{titel}}")
        #expect(Self.problems(typo, ["title": .string("t"), "price": .number(1), "url": .string("u")])
                == ["blocks[2].text[0].text: {{titel}} is not a parameter (the scene has accent, blurb, photo, price, title, url)"])
        let badFormat = Self.card.replacingOccurrences(of: #""$%.2f""#, with: #""%@ and %d""#)
        #expect(Self.problems(badFormat, ["title": .string("t"), "price": .number(1), "url": .string("u")]).first?
                    .hasPrefix("parameters.price.format: ") == true)
        let huge = String(repeating: "a", count: TemplateLimits.maximumValueCharacters + 1)
        #expect(Self.problems(Self.card, ["title": .string(huge), "price": .number(1), "url": .string("u")])
                == ["parameters.title: the value has \(huge.count) characters; a value has at most \(TemplateLimits.maximumValueCharacters)"])
    }

    /// No link, e-mail link, HTML or extension syntax arises from a value in Markdown, even
    /// where GitHub finds links in the parsed text; the author's own links still work, with
    /// values in their destinations.
    @Test func valuesInMarkdownNeverBecomeLinks() throws {
        TestFonts.pin()
        let json = #"""
        {"canvas": {"width": 600, "height": 200}, "parameters": {"who": {}, "url": {}},
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 600},
                     "markdown": "Ask {{who}} or www.example.org, [our site]({{url}})"}]}
        """#
        for value in ["support@shop.example", "xmpp:a@b.co", "mailto:a@b.co", "www.example.com", "https://x.org/a?b=1",
                      "<b>hi</b> <!-- c -->", "~~gone~~ [x](y) ![i](p.png) | a |", "a\\@b.co"] {
            let block = try Self.decode(json, ["who": .string(value), "url": .string("https://shop.example/a_b?c=1")]).blocks[0]
            let layout = block.layout(in: TextEnvironment())
            #expect(layout.links.map(\.url) == ["http://www.example.org", "https://shop.example/a_b?c=1"], "\(value)")
            #expect(layout.exportedText == "Ask \(value) or www.example.org, our site",
                    "\(value)")
        }
    }

    @Test func aSceneWithoutParametersKeepsItsBracesAndRefusesValues() throws {
        let plain = #"{"version": 1, "canvas": {"width": 200, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 200}, "text": "{{not a template}} {{x}}"}]}"#
        #expect(try Self.decode(plain, [:]).blocks[0].text.plainText == "{{not a template}} {{x}}")
        #expect(Self.problems(plain, ["x": .string("1")]) == [#": a value is given for "x" but the scene declares no parameters"#])
    }

    @Test func placeholdersAreNamesInDoubleBraces() {
        let text = "{{a}} {{ b.c-d_e }} {{1x}} {{}} {{a b}} {{{z}}}"
        #expect(TemplatePlaceholders.matches(in: text).map(\.name) == ["a", "b.c-d_e", "z"])
        #expect(SceneTemplate.escaped("a<b>&'\"", kind: .string, context: .markup) == "a&lt;b&gt;&amp;&apos;&quot;")
        let mark = String(MarkdownParser.dataMark)
        #expect(SceneTemplate.escaped("*a* [b]\nc", kind: .string, context: .markdown)
                == [mark, #"\*a"#, mark, #"\* "#, mark, #"\[b"#, mark, #"\] c"#].joined())
        #expect(SceneTemplate.escaped("*a*", kind: .markdown, context: .markdown) == "*a*")
    }
}
