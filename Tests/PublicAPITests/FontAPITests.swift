import Foundation
import RenderPipeline
import Testing

/// SwiftUI's `Font` as a library user writes it (no @testable): the same code as in an iOS app.
@Suite struct FontAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func layout(_ text: Text, _ category: DynamicTypeSize = .large) -> TextLayout {
        setenv("FONTCONFIG_FILE", Self.root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
        return TextLayout(text, options: LayoutOptions(dynamicTypeSize: category))
    }

    func width(_ text: Text, _ category: DynamicTypeSize = .large) -> Double {
        Double(layout(text, category).first?.typographicBounds.width ?? 0)
    }

    func advances(_ text: Text) -> [Double] {
        layout(text).flatMap { line in line.flatMap { run in run.map { Double($0.typographicBounds.width) } } }
    }

    @Test func boldSystemFontLaysOutWider() {
        let regular = width(Text("Hamburgefonts").font(.system(size: 30)))
        let bold = width(Text("Hamburgefonts").font(.system(size: 30, weight: .bold)))
        #expect(bold > regular + 5)
        #expect(width(Text("Hamburgefonts").font(.system(size: 30)).bold()) == bold)
        #expect(width(Text("Hamburgefonts").font(.system(size: 30).bold())) == bold)
    }

    @Test func customPicksTheFamily() {
        let run = layout(Text("Serif").font(.custom("DejaVu Serif", size: 20))).first!.first!
        #expect(run.font.family == "DejaVu Serif")
        #expect(width(Text("Serif").font(.custom("DejaVu Serif", size: 20)))
                != width(Text("Serif").font(.custom("DejaVu Sans", size: 20))))
    }

    @Test func bodyFollowsDynamicTypeAndFixedSizeDoesNot() {
        let body = Text("Dynamic Type").font(.body)
        #expect(width(body, .accessibility3) > width(body, .large) * 2)
        #expect(width(body, .xSmall) < width(body, .large))
        let fixed = Text("Dynamic Type").font(.custom("DejaVu Sans", fixedSize: 17))
        #expect(width(fixed, .accessibility3) == width(fixed, .large))
        #expect(width(fixed) == width(body), "body is DejaVu Sans at 17 pt at the default size")
        let scaled = Text("Dynamic Type").font(.custom("DejaVu Sans", size: 17))
        #expect(width(scaled, .accessibility3) == width(body, .accessibility3))
    }

    @Test func monospacedDigitEqualisesFigureAdvances() {
        let proportional = advances(Text("0123456789").font(.custom("Inter", size: 40)))
        let tabular = advances(Text("0123456789").font(.custom("Inter", size: 40).monospacedDigit()))
        #expect(Set(proportional.map { ($0 * 1000).rounded() }).count > 1)
        #expect(Set(tabular.map { ($0 * 1000).rounded() }).count == 1)
        #expect(tabular.count == 10)
    }

    @Test func italicAndWidthChangeTheFont() {
        let upright = layout(Text("a").font(.title)).first!.first!
        let italic = layout(Text("a").font(.title.italic())).first!.first!
        #expect(!upright.font.isItalic && italic.font.isItalic)
        let condensed = layout(Text("a").font(.title.width(.condensed))).first!.first!
        #expect(condensed.font.description != upright.font.description)
        #expect(layout(Text("a").font(.title).fontWidth(.condensed)).first!.first!.font.description == condensed.font.description)
    }

    @Test func laterModifiersWinAsInSwiftUI() {
        let regular = width(Text("Hamburgefonts").font(.system(size: 30)))
        let bold = width(Text("Hamburgefonts").font(.system(size: 30, weight: .bold)))
        #expect(width(Text("Hamburgefonts").font(.system(size: 30).bold().weight(.ultraLight))) < regular)
        #expect(width(Text("Hamburgefonts").font(.system(size: 30).weight(.ultraLight).bold())) == bold)
        // Text's own weight applies over its font, whichever comes first.
        #expect(width(Text("Hamburgefonts").fontWeight(.bold).font(.system(size: 30, weight: .ultraLight))) == bold)
    }

    @Test func textStylesAreSwiftUIs() {
        let styles: [Font] = [.largeTitle, .title, .title2, .title3, .headline, .subheadline, .body, .callout,
                              .footnote, .caption, .caption2]
        let widths = styles.map { width(Text("Aa").font($0)) }
        #expect(widths.first! > widths.last!)
        #expect(Font.TextStyle.allCases.count == 11)
        #expect(Font.system(.body) == .body)
        #expect(width(Text("Aa").font(.system(.title, design: .serif))) != width(Text("Aa").font(.title)))
        let weights: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        #expect(Set(weights).count == 9)
        #expect(Font.Design.allCases == [.default, .serif, .rounded, .monospaced])
    }
}
