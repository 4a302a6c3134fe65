import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

struct Spoiler: TextAttribute, Codable {
    var radius: Double?
    static let attributeName = "blur"
}

struct Emphasis: TextAttribute {}

@Suite struct TextModelTests {
    @Test func runsSplitExactlyAtCustomAttributeEdges() {
        TestFonts.pin()
        var secret = AttributeSet()
        secret.set(Emphasis())
        let text = RichText(spans: [Span("plain "), Span("secret", attributes: secret), Span(" plain")])
        let layout = TextLayout(text, options: LayoutOptions(width: 500))
        #expect(layout.runs.map { String($0.text) } == ["plain ", "secret", " plain"])
        #expect(layout.runs.map { $0[Emphasis.self] != nil } == [false, true, false])
    }

    /// As in CoreText and Pango markup, a change of color or attribute in one font does not
    /// stop shaping: "r," kerns across the run edge exactly as in one run.
    @Test func kerningCarriesAcrossRunsOfOneFont() {
        TestFonts.pin()
        let serif = Style(font: FontDescriptor(family: "DejaVu Serif", size: 30))
        var secret = AttributeSet()
        secret.set(Emphasis())
        let split = TextLayout(RichText(spans: [Span("spoiler", style: Style(color: .color(.red)), attributes: secret), Span(", ")], baseStyle: serif),
                               options: LayoutOptions())
        let whole = TextLayout(RichText(spans: [Span("spoiler, ")], baseStyle: serif), options: LayoutOptions())
        #expect(split.runs.count == 2)
        let splitAdvances = split.runs.flatMap { $0.map(\.typographicBounds.width) }
        let wholeAdvances = whole.runs.flatMap { $0.map(\.typographicBounds.width) }
        #expect(splitAdvances == wholeAdvances)
        // DejaVu Serif kerns "r," (the unkerned r is wider): the kern survived the run edge.
        let unkerned = TextLayout(RichText(spans: [Span("r")], baseStyle: serif), options: LayoutOptions()).runs[0][0]
        #expect(splitAdvances[6] < unkerned.typographicBounds.width - 1)
    }

    /// "und" (no particular language, as pango-view in the C locale) still finds a font for
    /// every script, as the benchmark scenes and docs/rich-text.md rely on.
    @Test func undeterminedLanguageFindsAFontForEveryScript() {
        TestFonts.pin()
        let text = RichText(spans: [Span("Harbor Гавань 港口")])
        let layout = TextLayout(text, options: LayoutOptions(environment: TextEnvironment(language: "und")))
        let glyphs = layout.runs.flatMap { Array($0) }
        #expect(!glyphs.isEmpty)
        #expect(glyphs.allSatisfy { !$0.record.isMissing })
        let han = layout.runs.filter { $0.text.contains("港") }
        #expect(han.count == 1 && han[0].font.family.contains("CJK"), "Han falls back to the CJK font: \(han.map(\.font.family))")
    }

    @Test func adjacentSpansWithTheSameAttributesFormOneRun() {
        TestFonts.pin()
        let text = RichText(spans: [Span("one "), Span("two")])
        #expect(TextLayout(text, options: LayoutOptions()).runs.count == 1)
    }

    @Test func sceneJSONAttributesDecodeAsTypedAttributes() {
        TestFonts.pin()
        let span = Span("1 000 000 ₽", attributes: AttributeSet(json: ["blur": .object(["radius": .number(6)])]))
        let layout = TextLayout(RichText(spans: [Span("Balance: "), span]), options: LayoutOptions())
        let runs = layout.runs
        #expect(runs[0][Spoiler.self] == nil)
        #expect(runs[1][Spoiler.self] == Spoiler(radius: 6))
        #expect(runs[1].attributes.json("blur") == .object(["radius": .number(6)]))
    }

    @Test func linksAreCarriedOnRuns() {
        TestFonts.pin()
        let text = Text("Read ") + Text("the terms").link("https://bank.test/terms") + Text(".")
        let runs = TextLayout(text, options: LayoutOptions()).runs
        #expect(runs.map(\.link) == [nil, "https://bank.test/terms", nil])
    }

    @Test(arguments: DynamicTypeSize.allCases)
    func textStylesFollowTheDynamicTypeTable(category: DynamicTypeSize) {
        TestFonts.pin()
        let environment = TextEnvironment(sizeCategory: category)
        for style in TextStyle.allCases {
            let text = RichText("Aa", style: Style(font: .system(style)))
            let run = TextLayout(text, options: LayoutOptions(environment: environment)).runs[0]
            #expect(abs(run.font.size - style.pointSize(for: category)) < 0.01, "\(style) at \(category)")
        }
    }

    @Test func dynamicTypeTableHasApplesAnchors() {
        #expect(TextStyle.body.pointSize(for: .large) == 17)
        #expect(TextStyle.largeTitle.pointSize(for: .accessibility5) == 60)
        #expect(TextStyle.caption2.pointSize(for: .xSmall) == 11)
        #expect(TextStyle.headline.defaultWeight == .semibold)
        // A custom size on a text style scales with the category, as UIFontMetrics does.
        #expect(abs(TextStyle.body.scaled(34, for: .accessibility3) - 80) < 0.001)
    }

    @Test func innerTextModifiersWinOverOuterOnes() {
        let text = (Text("a").foregroundColor(.red) + Text("b")).foregroundColor(.blue).bold()
        #expect(text.spans[0].style.color == .color(.red))
        #expect(text.spans[1].style.color == .color(.blue))
        #expect(text.spans.allSatisfy { $0.style.bold == true })
    }

    @Test func boldStyleResolvesToBoldWeight() {
        let resolved = Style(font: FontDescriptor(family: "DejaVu Sans", size: 12), bold: true).resolved(in: TextEnvironment())
        #expect(resolved.weight == .bold)
        #expect(resolved.family == "DejaVu Sans")
        #expect(Style(font: FontDescriptor(monospaced: true)).resolved(in: TextEnvironment()).family == "Monospace")
    }

    @Test func colorsParse() {
        #expect(Color(parsing: "#FFF") == Color(red: 1, green: 1, blue: 1))
        #expect(Color(parsing: "#39639E")?.description == "#39639EFF")
        #expect(Color(parsing: "#FF000080")?.alpha ?? 0 > 0.49)
        #expect(Color(parsing: "red") == Color(red: 1, green: 0, blue: 0), "CSS red, not SwiftUI's systemRed")
        #expect(Color(parsing: "#12G") == nil)
        #expect(Color(parsing: "") == nil)
    }
}
