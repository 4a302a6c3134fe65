import CPango
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// SwiftUI's `Font`: text styles, system and custom fonts, and the modifiers, as layout resolves them.
@Suite struct FontTests {
    func layout(_ text: Text, size category: DynamicTypeSize = .large, base: Style = Style()) -> TextLayout {
        TestFonts.pin()
        return TextLayout(text.richText(baseStyle: base),
                          options: LayoutOptions(environment: TextEnvironment(sizeCategory: category)))
    }

    func run(_ text: Text, size category: DynamicTypeSize = .large, base: Style = Style()) -> TextLayout.Run {
        layout(text, size: category, base: base).runs[0]
    }

    @Test func boldSystemFontIsHeavierAndWider() {
        let regular = layout(Text("Hamburgefonts").font(.system(size: 30)))
        let bold = layout(Text("Hamburgefonts").font(.system(size: 30, weight: .bold)))
        #expect(regular.runs[0].font.weight == .regular)
        #expect(bold.runs[0].font.weight == .bold)
        #expect(bold.textSize.width > regular.textSize.width + 5)
        #expect(regular.runs[0].font.size == 30 && bold.runs[0].font.size == 30)
    }

    @Test func customPicksTheNamedFamily() {
        #expect(run(Text("Serif").font(.custom("DejaVu Serif", size: 20))).font.family == "DejaVu Serif")
        #expect(run(Text("Mono").font(.custom("DejaVu Sans Mono", fixedSize: 20))).font.family == "DejaVu Sans Mono")
        #expect(run(Text("Sans").font(.body)).font.family == "DejaVu Sans")
    }

    @Test func textStylesFollowDynamicTypeAndFixedSizesDoNot() {
        for style in Font.TextStyle.allCases {
            let font = Font.system(style)
            #expect(run(Text("a").font(font)).font.size == style.pointSize(for: .large))
            #expect(run(Text("a").font(font), size: .accessibility3).font.size == style.pointSize(for: .accessibility3))
        }
        #expect(run(Text("a").font(.body)).font.size == 17)
        #expect(run(Text("a").font(.body), size: .accessibility3).font.size == 40)
        #expect(run(Text("a").font(.largeTitle), size: .xSmall).font.size == 31)
        // custom(_:size:) scales as body does; relativeTo: as its style; fixedSize: and system(size:) never.
        #expect(abs(run(Text("a").font(.custom("DejaVu Serif", size: 34)), size: .accessibility3).font.size - 80) < 0.01)
        #expect(abs(run(Text("a").font(.custom("DejaVu Serif", size: 28, relativeTo: .title)), size: .accessibility1).font.size - 38) < 0.01)
        #expect(run(Text("a").font(.custom("DejaVu Serif", fixedSize: 20)), size: .accessibility3).font.size == 20)
        #expect(run(Text("a").font(.system(size: 20)), size: .accessibility5).font.size == 20)
    }

    @Test func headlineIsSemiboldButACustomFontRelativeToItIsNot() {
        #expect(run(Text("a").font(.headline)).style.weight == .semibold)
        #expect(run(Text("a").font(.custom("DejaVu Sans", size: 17, relativeTo: .headline))).style.weight == .regular)
        #expect(run(Text("a").font(.system(.body, design: .serif, weight: .heavy))).style.weight == .heavy)
        #expect(run(Text("a").font(.system(.body, design: .serif, weight: .heavy))).font.family == "DejaVu Serif")
    }

    @Test func monospacedDigitGivesFiguresEqualAdvances() {
        func advances(_ font: Font) -> Set<Double> {
            Set(layout(Text("0123456789").font(font)).glyphs.map { ($0.typographicBounds.width * 1000).rounded() })
        }
        #expect(advances(.custom("Inter", size: 40)).count > 1, "Inter's default figures are proportional")
        #expect(advances(.custom("Inter", size: 40).monospacedDigit()).count == 1)
        let text = Text("0123456789").font(.custom("Inter", size: 40)).monospacedDigit()
        #expect(Set(layout(text).glyphs.map { ($0.typographicBounds.width * 1000).rounded() }).count == 1)
    }

    @Test func italicPicksTheItalicFace() {
        let upright = run(Text("a").font(.custom("DejaVu Serif", size: 20)))
        let italic = run(Text("a").font(.custom("DejaVu Serif", size: 20).italic()))
        #expect(!upright.font.isItalic)
        #expect(italic.font.isItalic)
        #expect(italic.font.family == "DejaVu Serif")
    }

    @Test func monospacedPicksTheFixedWidthFamily() {
        #expect(run(Text("a").font(.body.monospaced())).font.family == "DejaVu Sans Mono")
        #expect(run(Text("a").font(.system(size: 20, design: .monospaced))).font.family == "DejaVu Sans Mono")
        #expect(run(Text("a").font(.title).monospaced()).font.family == "DejaVu Sans Mono")
    }

    @Test func widthAsksForAStretchAndTheWdthAxis() {
        let condensed = run(Text("a").font(.body.width(.condensed)))
        #expect(condensed.style.stretch == 75)
        #expect(condensed.style.variations["wdth"] == 75)
        #expect(condensed.font.description.contains("wdth=75"), "\(condensed.font)")
        #expect(run(Text("a").font(.body.width(.compressed))).style.stretch == 62.5)
        #expect(run(Text("a").font(.body.width(.expanded))).style.stretch == 125)
        #expect(run(Text("a").font(.body.width(.standard))).style.stretch == 100)
        #expect(run(Text("a").font(.body)).style.variations["wdth"] == nil)
        #expect(run(Text("a").font(.body)).style.stretch == 100)
        #expect(run(Text("a").font(.body).fontWidth(.condensed)).style.stretch == 75)
        // An axis value the font sets itself wins over the width's.
        #expect(run(Text("a").font(.body.width(.condensed).variations(["wdth": 90]))).style.variations["wdth"] == 90)
        #expect(PangoLayoutBuilder.pangoStretch(75) == PANGO_STRETCH_CONDENSED)
    }

    @Test func laterFontModifiersWin() {
        #expect(Font.body.bold().weight(.light).descriptor.weight == .light)
        #expect(Font.body.weight(.light).bold().descriptor.weight == .bold)
        #expect(run(Text("a").font(.body.bold().weight(.light))).style.weight == .light)
        #expect(run(Text("a").font(.title2.weight(.heavy))).style.weight == .heavy)
    }

    @Test func textModifiersApplyOverTheFontInAnyOrder() {
        let after = Text("a").font(.system(size: 20, weight: .light)).fontWeight(.heavy)
        let before = Text("a").fontWeight(.heavy).font(.system(size: 20, weight: .light))
        #expect(run(after).style.weight == .heavy)
        #expect(run(before).style.weight == .heavy)
        #expect(run(Text("a").bold().font(.title)).font.weight == .bold)
        #expect(run(Text("a").italic().font(.title)).font.isItalic)
        #expect(run(Text("a").fontDesign(.serif).font(.body)).font.family == "DejaVu Serif")
        // A font chosen by name keeps its family.
        #expect(run(Text("a").font(.custom("DejaVu Sans", size: 17)).fontDesign(.serif)).font.family == "DejaVu Sans")
        #expect(run(Text("a").font(nil)).font.size == 17)
        #expect(run(Text("a").fontWeight(nil).fontDesign(nil).fontWidth(nil)) .style.weight == .regular)
    }

    @Test func theInnerFontWinsAndReplacesTheInheritedOneWhole() {
        #expect(run(Text("a").font(.title).font(.body)).font.size == 28)
        let concatenated = (Text("big").font(.largeTitle) + Text("body")).font(.caption)
        let runs = layout(concatenated).runs
        #expect(runs.first?.font.size == 34)
        #expect(runs.last?.font.size == 12)
        // A block whose scene font names a text style: a fixed-size font does not scale with it.
        let block = Style(font: FontDescriptor(family: "DejaVu Serif", textStyle: .title, italic: true))
        let fixed = run(Text("a").font(.custom("DejaVu Sans", fixedSize: 20)), size: .accessibility2, base: block)
        #expect(fixed.font.size == 20)
        #expect(fixed.font.family == "DejaVu Sans")
        #expect(!fixed.font.isItalic)
    }

    @Test func markdownElementFontsTakeAFont() {
        TestFonts.pin()
        let view = MarkdownView(text: "# Title\n\nbody").font(.title2.weight(.heavy), for: .h1)
        let layout = TextLayout(view, options: LayoutOptions(width: 400))
        let title = layout.runs.first { $0.text.contains("Title") }
        #expect(title?.font.size == 22)
        #expect(title?.style.weight == .heavy)
    }
}
