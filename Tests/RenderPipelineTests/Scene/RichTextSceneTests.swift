import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Golden layout dumps of the rich-text scenes (images, tags, Markdown, text styles), beside
/// the PNG goldens `SceneGoldenTests` keeps for every scene.
@Suite struct RichTextSceneTests {
    static let scenes = ["product-title", "product-title-accessibility3", "inline-logo", "markdown", "markdown-readme", "chat-answer",
                         "text-styles", "typography", "symbols-settings"]

    @Test(arguments: scenes)
    func layoutMatchesGolden(name: String) throws {
        let renderer = try SceneGoldenTests.renderer(for: name + ".json")
        struct Entry: Encodable { var id: String; var plainText: String; var layout: LayoutDump }
        let entries = zip(renderer.scene.blocks, renderer.layouts).map {
            Entry(id: $0.id, plainText: $1.exportedText, layout: LayoutDump($1))
        }
        try Golden.assertText(LayoutDump.encode(entries), named: "layouts/scenes/\(name).json")
    }

    /// The typography card shows what its labels say: whole Korean words, dictionary hyphens,
    /// colour emoji clusters and tabular prices.
    @Test func theTypographyCardDoesWhatItsLabelsSay() throws {
        let renderer = try SceneGoldenTests.renderer(for: "typography.json")
        let layouts = Dictionary(uniqueKeysWithValues: zip(renderer.scene.blocks.map(\.id), renderer.layouts))
        let korean = try #require(layouts["korean"])
        let bytes = Array(korean.text.utf8)
        #expect(korean.lineCount >= 3)
        #expect(korean.dropFirst().allSatisfy { bytes[$0.characterRange.lowerBound - 1] == UInt8(ascii: " ") })
        let english = try #require(layouts["english"])
        #expect(english.dropLast().filter { String($0.text).hasSuffix("\u{AD}") }.count >= 2)
        let emoji = try #require(layouts["emoji"])
        #expect(emoji.lineCount == 1)
        for cluster in ["✈️", "☀️", "♥️", "#️⃣", "🇰🇷", "👩🏽‍🚀", "👍🏾"] {
            #expect(emoji.glyphs.contains { $0.text == Substring(cluster) && $0.run.font.hasColor }, "\(cluster)")
        }
        let prices = try #require(layouts["prices"])
        let digitWidths = Set(prices.glyphs.filter { $0.text.first?.isNumber == true && $0.run.style.variations["wght"] == 380 }
            .map { ($0.typographicBounds.width * 1000).rounded() })
        #expect(digitWidths.count == 1, "tabular figures: \(digitWidths)")
    }

    @Test func theBadgeScalesWithDynamicTypeAndStaysWhole() throws {
        var heights: [Double] = []
        for name in ["product-title", "product-title-accessibility3"] {
            let renderer = try SceneGoldenTests.renderer(for: name + ".json")
            let title = try #require(zip(renderer.scene.blocks, renderer.layouts).first { $0.0.id == "title" }?.1)
            let badge = try #require(title.runs.first { $0.inlineBox != nil })
            #expect(badge.lineIndex == 0 && badge.count == 1)
            heights.append(try #require(badge.inlineBox).rect.height)
            #expect(title.exportedText.hasPrefix("【京东超市】 德芙"))
        }
        // caption: 12 pt at large, 32 pt at accessibility3.
        #expect(heights[1] > heights[0] * 2.2, "\(heights)")
    }

    @Test func markdownLinksAreRunLinks() throws {
        let renderer = try SceneGoldenTests.renderer(for: "markdown.json")
        let links = Set(renderer.layouts[0].runs.compactMap(\.link))
        #expect(links == ["https://example.com/changelog", "https://example.com/docs"])
    }

    /// Images decode once per scene and draw from many threads at once with identical pixels.
    @Test func imagesDrawIdenticallyFromParallelFrames() throws {
        let renderer = try SceneGoldenTests.renderer(for: "inline-logo.json")
        let reference = try PNGWriter.encode(renderer.renderFrame(0))
        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var differing = 0
        }
        let collected = Collected()
        try renderer.renderFrames(Array(repeating: 0, count: 16), concurrency: 8) { _, surface in
            let data = try PNGWriter.encode(surface)
            collected.lock.lock()
            if data != reference { collected.differing += 1 }
            collected.lock.unlock()
        }
        #expect(collected.differing == 0)
        // Every span naming logo.svg shares one decoded image.
        let images = renderer.scene.blocks.flatMap(\.text.spans).compactMap { span -> Image? in
            if case .image(let image, _) = span.content { return image }
            return nil
        }
        #expect(images.count == 4 && Set(images.filter(\.isVector)).count == 1)
    }
}
