import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The SwiftUI-like `Text` API: interpolation, formatted values, dates, the result builder, and
/// parity with scene JSON (both must build the same layout).
@Suite struct TextBuilderTests {
    static let assets = TestFonts.repositoryRoot.appendingPathComponent("Scenes/assets")
    static let enUS = Locale(identifier: "en_US")
    static let utc = TimeZone(identifier: "UTC")!
    /// 2024-06-03 09:41:00 UTC.
    static let keynote = Date(timeIntervalSince1970: 1_717_407_660)

    static func plain(_ text: Text) -> String { text.richText().plainText }
    /// ICU puts a narrow no-break space before AM/PM; compare with plain spaces.
    static func normalized(_ s: String) -> String { s.replacingOccurrences(of: "\u{202F}", with: " ") }

    @Test func formatStylesInterpolate() {
        #expect(Self.plain(Text("Total: \(12.5, format: .currency(code: "EUR").locale(Self.enUS))")) == "Total: €12.50")
        #expect(Self.plain(Text("\(0.25, format: .percent.locale(Self.enUS)) off")) == "25% off")
        #expect(Self.plain(Text("\(1_234_567, format: .number.locale(Locale(identifier: "de_DE"))) views")) == "1.234.567 views")
        #expect(Self.plain(Text(9.99, format: .currency(code: "USD").locale(Self.enUS))) == "$9.99")
    }

    @Test func datesUseTheGivenLocaleAndTimeZone() {
        #expect(Self.plain(Text(Self.keynote, style: .date, locale: Self.enUS, timeZone: Self.utc)) == "June 3, 2024")
        #expect(Self.normalized(Self.plain(Text(Self.keynote, style: .time, locale: Self.enUS, timeZone: Self.utc))) == "9:41 AM")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(Self.normalized(Self.plain(Text("at \(Self.keynote, style: .time, locale: Self.enUS, timeZone: tokyo)"))) == "at 6:41 PM")
        let format = Date.FormatStyle(date: .numeric, time: .omitted, locale: Locale(identifier: "de_DE"), timeZone: Self.utc)
        #expect(Self.plain(Text("Stand: \(Self.keynote, format: format)")) == "Stand: 3.6.2024")
    }

    @Test func interpolatedTextsKeepTheirStyles() throws {
        let logo = try Image(contentsOfFile: Self.assets.appendingPathComponent("logo.svg").path)
        let text = Text("Hello \(Text("world").bold()) \(logo)!")
        #expect(text.spans.map(\.text) == ["Hello ", "world", " ", "\u{FFFC}", "!"])
        #expect(text.spans[1].style.bold == true)
        #expect(text.spans[3].isInlineBox)
        #expect(Text("plain").spans == [Span("plain")])
    }

    @Test func resultBuilderJoinsInOrder() throws {
        let logo = try Image(contentsOfFile: Self.assets.appendingPathComponent("logo.svg").path)
        let isNew = true
        let text = Text {
            Text(logo, height: .font, alt: "[logo]")
            " Fresh "
            Text("deals").bold()
            if isNew { Text(tag: "NEW") }
            for n in 1...2 { Text(" \(n)") }
        }
        #expect(text.spans.map(\.exportedText) == ["[logo]", " Fresh ", "deals", "NEW", " 1", " 2"])
        #expect(text.richText().exportedText == "[logo] Fresh dealsNEW 1 2")
    }

    @Test func modifiersReachImagesAndTags() throws {
        let logo = try Image(contentsOfFile: Self.assets.appendingPathComponent("logo.svg").path)
        let text = (Text(logo) + Text("x")).font(.headline).baselineOffset(-2).accessibilityLabel("logo")
        #expect(text.spans[0].style.font == Font.headline.descriptor)
        #expect(text.spans[0].alt == "logo")
        #expect(text.spans[1].alt == nil)
        #expect(text.spans[0].style.baselineOffset == -2)
    }

    /// The same content from scene JSON and from the Swift API lays out identically.
    @Test func builderAndSceneDecoderBuildIdenticalLayouts() throws {
        TestFonts.pin()
        let json = ##"""
        {"canvas": {"width": 390, "height": 300},
         "environment": {"sizeCategory": "xxLarge", "language": "zh-CN"},
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 320},
           "style": {"font": {"textStyle": "body"}, "color": "#1C1C1E"},
           "text": [
             {"tag": "京东超市", "background": "#E4393C", "color": "#FFFFFF", "cornerRadius": 4, "padding": [4, 1], "font": {"textStyle": "caption"}, "alt": "[JD]"},
             {"text": " 德芙 Dove ", "bold": true},
             {"image": "assets/logo.svg", "baselineOffset": -3, "alt": "[logo]"},
             {"text": " Headline", "font": {"textStyle": "headline"}},
             {"text": " gradient", "color": {"linearGradient": {"colors": ["#FF375F", "#0A84FF"], "angle": 0}}},
             {"text": " wavy", "underline": {"style": "wavy", "color": "#FF3B30"}},
             {"text": " struck", "strikethrough": true, "kerning": 1.5},
             {"text": " link", "link": "https://shop.test/dove", "attributes": {"emphasis": {}}},
             {"image": "assets/dot.png", "height": 12, "alt": "•"}
           ]}]}
        """##
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), baseDirectory: Self.assets.deletingLastPathComponent())
        let block = scene.blocks[0]
        let fromScene = TextLayout(block.text, options: block.layoutOptions(in: scene.environment))

        let logo = try Image(contentsOfFile: Self.assets.appendingPathComponent("logo.svg").path)
        let dot = try Image(contentsOfFile: Self.assets.appendingPathComponent("dot.png").path)
        struct Emphasis: TextAttribute, Codable { static var attributeName: String { "emphasis" } }
        var emphasis = AttributeSet()
        emphasis.set("emphasis", json: .object([:]))
        let badge = Text(tag: "京东超市", background: .color(Color(parsing: "#E4393C")!), cornerRadius: 4, padding: CGSize(width: 4, height: 1))
            .font(.caption).foregroundColor(.white).accessibilityLabel("[JD]")
        var linkSpan = Span(" link", link: "https://shop.test/dove", attributes: emphasis)
        linkSpan.style = Style()
        let built = Text {
            badge
            Text(" 德芙 Dove ").bold()
            Text(logo, height: .font, alt: "[logo]").baselineOffset(-3)
            Text(" Headline").font(.system(.headline))
            Text(" gradient").foregroundStyle(LinearGradient(colors: [Color(parsing: "#FF375F")!, Color(parsing: "#0A84FF")!]))
            Text(" wavy").underline(decoration: .wavy, color: Color(parsing: "#FF3B30")!)
            Text(" struck").strikethrough().kerning(1.5)
            Text(spans: [linkSpan])
            Text(dot, height: .points(12), alt: "•")
        }
        let fromSwift = TextLayout(built.richText(baseStyle: block.text.baseStyle), options: block.layoutOptions(in: scene.environment))
        let a = LayoutDump(fromScene), b = LayoutDump(fromSwift)
        #expect(a == b)
        if a != b {
            try? LayoutDump.encode(a).write(to: URL(fileURLWithPath: "/tmp/parity-scene.json"))
            try? LayoutDump.encode(b).write(to: URL(fileURLWithPath: "/tmp/parity-swift.json"))
        }
        #expect(fromScene.exportedText == fromSwift.exportedText)
        #expect(fromScene.exportedText.hasPrefix("[JD] 德芙 Dove [logo] Headline"))
        #expect(fromScene.runs.filter { $0.inlineBox != nil }.count == 3)
    }

    @Test func swiftUIStylesAndFontDesignsApply() {
        TestFonts.pin()
        let text = Text("serif").font(.system(size: 20, design: .serif)).foregroundStyle(.red)
            + Text(" mono").font(.system(size: 20, weight: .bold, design: .monospaced)).foregroundStyle(.secondary)
        let layout = TextLayout(text, options: LayoutOptions(width: 400))
        #expect(layout.runs[0].font.family == "DejaVu Serif")
        #expect(layout.runs.last?.font.family == "DejaVu Sans Mono")
        #expect(layout.runs[0].style.paint == .color(.red))
        #expect(layout.runs.last?.style.paint == .color(Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)))
    }
}
