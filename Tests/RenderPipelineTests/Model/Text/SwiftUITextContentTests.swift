import Foundation
import Testing
@testable import RenderPipeline

/// What SwiftUI code puts into a `Text`: images by name from a bundle, images inline and
/// interpolated, and `LocalizedStringKey`s, looked up in a bundle's tables.
@Suite struct SwiftUITextContentTests {
    /// A folder made a bundle: `logo.svg` and `dot.png` from the scenes' assets, and an English
    /// `Localizable.strings` with one key.
    static let bundle: Bundle = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-bundle-\(getpid())")
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes/assets")
        let english = folder.appendingPathComponent("en.lproj")
        try? FileManager.default.createDirectory(at: english, withIntermediateDirectories: true)
        for name in ["logo.svg", "dot.png"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            try? FileManager.default.copyItem(at: assets.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try? Data(#""greeting" = "Hello there";"#.utf8).write(to: english.appendingPathComponent("Localizable.strings"))
        return Bundle(path: folder.path)!
    }()

    @Test func namedImagesAreTheBundlesFiles() {
        let logo = Image("logo", bundle: Self.bundle)
        #expect(logo.isVector && logo.size == CGSize(width: 64, height: 64))
        #expect(Image("logo.svg", bundle: Self.bundle).path == logo.path)
        let dot = Image("dot", bundle: Self.bundle)
        #expect(!dot.isVector && dot.size.width > 0)
    }

    @Test func anUnknownNameIsAnEmptyImage() throws {
        let missing = Image("no-such-picture", bundle: Self.bundle)
        #expect(missing.size == .zero && missing.aspectRatio == 1)
        #expect(Text(missing).spans == [Span("")], "no room taken in text")
        // Drawn, it leaves the surface untouched.
        let surface = try ImageSurface(width: 10, height: 10)
        GraphicsContext(surface: surface).draw(missing, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(surface.pixel(x: 5, y: 5).alpha == 0)
    }

    @Test func imagesGoInlineByInitializerAndInterpolation() {
        let star = Image(systemName: "star.fill")
        #expect(Text(star).spans[0].content == .symbol(Symbol("star.fill")))
        let logo = Image("logo", bundle: Self.bundle)
        let text = Text("Rate \(star) by \(logo)")
        #expect(text.spans.map(\.text) == ["Rate ", "\u{FFFC}", " by ", "\u{FFFC}"])
        guard case .image(let image, let height) = text.spans[3].content else { Issue.record("no image span"); return }
        #expect(image == logo && height == .font)
    }

    @Test func localizedStringKeysAreLookedUpOrShownAsWritten() {
        #expect(Text(LocalizedStringKey("greeting"), bundle: Self.bundle).richText().plainText == "Hello there")
        #expect(Text(LocalizedStringKey("not.in.the.table"), bundle: Self.bundle).richText().plainText == "not.in.the.table")
        let name = "Ann"
        let key: LocalizedStringKey = "Hi \(name), \(Text("welcome").bold())"
        let text = Text(key, bundle: Self.bundle)
        #expect(text.spans.map(\.text) == ["Hi Ann, ", "welcome"] && text.spans[1].style.bold == true)
        // Built piece by piece, as code that tags phrases does.
        var pieces = LocalizedStringKey.StringInterpolation(literalCapacity: 0, interpolationCount: 1)
        pieces.appendLiteral("x ")
        pieces.appendInterpolation(Text("y").italic())
        #expect(Text(LocalizedStringKey(stringInterpolation: pieces)).spans.map(\.text) == ["x ", "y"])
    }
}

/// SwiftUI's `AttributedString` attributes and `Text(_: AttributedString)`.
@Suite struct AttributedTextTests {
    @Test func swiftUIAttributesBecomeTheSpansStyles() {
        var greeting = AttributedString("Hello ")
        greeting.foregroundColor = .red
        greeting.font = .custom("DejaVu Sans", size: 20)
        var name = AttributedString("world")
        name.underlineStyle = Text.LineStyle(pattern: .dash, color: .blue)
        name.backgroundColor = .yellow
        name.link = URL(string: "https://example.com")
        var tail = AttributedString("!")
        var container = AttributeContainer()
        container.swiftUI.baselineOffset = 4
        tail.mergeAttributes(container.kern(1.5))
        let text = Text(greeting + name + tail)
        #expect(text.spans.map(\.text) == ["Hello ", "world", "!"])
        #expect(text.spans[0].style.color == .color(.red) && text.spans[0].style.font?.size == 20)
        #expect(text.spans[1].style.underline == TextDecoration(pattern: .dashed, color: .blue))
        #expect(text.spans[1].style.backgroundColor == .yellow && text.spans[1].link == "https://example.com")
        #expect(text.spans[2].style.baselineOffset == 4 && text.spans[2].style.kerning == 1.5)
        #expect(text.spans[0].link == nil && text.spans[0].style.underline == nil)
    }

    @Test func aPlainAttributedStringIsPlainText() {
        #expect(Text(AttributedString("just words")).spans == [Span("just words")])
        var struck = AttributedString("gone")
        struck.strikethroughStyle = .single
        #expect(Text(struck).spans[0].style.strikethrough == TextDecoration(pattern: .single))
    }
}
