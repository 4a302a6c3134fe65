import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Emoji sequences draw as one colour cluster from the emoji font under the pinned fonts, whose
/// configuration has no `emoji` alias (the case a container's minimal fontconfig has too).
@Suite struct EmojiPresentationTests {
    static let size = 40.0

    func layout(_ text: String, family: String = "DejaVu Sans", width: Double? = nil, lineLimit: Int? = nil,
                fonts: FontLibrary = .system) -> TextLayout {
        TestFonts.pin()
        var options = LayoutOptions(width: width)
        options.lineLimit = lineLimit
        return TextLayout(RichText(text, style: Style(font: FontDescriptor(family: family, size: Self.size))),
                          options: options, fonts: fonts)
    }

    /// The glyphs whose characters are exactly `cluster`.
    func glyphs(of cluster: String, in layout: TextLayout) -> [Text.Layout.RunSlice] {
        layout.flatMap { line in line.flatMap { run in run.map { $0 } } }
            .filter { $0.text == Substring(cluster) }
    }

    func draw(_ layout: TextLayout) throws -> ImageSurface {
        let surface = try ImageSurface(width: 900, height: 200)
        var context = GraphicsContext(surface: surface, time: 0)
        context.fill(Path(CGRect(x: 0, y: 0, width: 900, height: 200)), with: .white)
        context.translateBy(x: 10, y: 10)
        DefaultTextRenderer().draw(layout: layout, in: &context)
        return surface
    }

    /// Pixels inside `rect` (layout coordinates) whose channels differ by more than 0.12: colour,
    /// which no black text glyph on white can make (its antialiased edges are grey).
    func colourfulPixels(in rect: CGRect, of surface: ImageSurface) -> Int {
        var count = 0
        for y in Int(rect.minY + 10)..<Int(rect.maxY + 10) {
            for x in Int(rect.minX + 10)..<Int(rect.maxX + 10) {
                let p = surface.pixel(x: x, y: y)
                if max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 0.12 { count += 1 }
            }
        }
        return count
    }

    func box(of glyph: Text.Layout.RunSlice, in layout: TextLayout) -> CGRect {
        let bounds = glyph.typographicBounds
        return CGRect(x: bounds.origin.x, y: bounds.origin.y - bounds.ascent, width: bounds.width, height: bounds.ascent + bounds.descent)
    }

    static let presentationSequences = ["♥️", "❤️", "☀️", "✈️", "☎️", "☺️", "✏️"]

    @Test(arguments: ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans CJK SC"])
    func variationSelector16DrawsInColourAfterAnyTextFont(family: String) throws {
        let text = "Love " + Self.presentationSequences.joined(separator: " ")
        let layout = layout(text, family: family)
        let surface = try draw(layout)
        for sequence in Self.presentationSequences {
            let found = glyphs(of: sequence, in: layout)
            #expect(found.count == 1, "\(sequence) after \(family): \(found.count) glyphs for the cluster")
            guard let glyph = found.first else { continue }
            #expect(glyph.run.font.hasColor, "\(sequence) after \(family) is drawn with \(glyph.run.font)")
            let colourful = colourfulPixels(in: box(of: glyph, in: layout), of: surface)
            #expect(colourful > 40, "\(sequence) after \(family): only \(colourful) colour pixels")
        }
    }

    @Test func textPresentationSelectorKeepsTheTextGlyph() throws {
        let layout = layout("♥︎ ☀︎ ✈︎")
        let surface = try draw(layout)
        for sequence in ["♥︎", "☀︎", "✈︎"] {
            let base = String(sequence.unicodeScalars.first!)
            let glyph = try #require(layout.glyphs.first { $0.text.unicodeScalars.first.map(String.init) == base })
            #expect(!glyph.run.font.hasColor && glyph.run.font.family == "DejaVu Sans", "\(sequence): \(glyph.run.font)")
            #expect(colourfulPixels(in: box(of: glyph, in: layout), of: surface) == 0)
        }
    }

    @Test func aKeycapIsOneColourCluster() throws {
        let keycaps = ["#️⃣", "*️⃣", "0️⃣", "1️⃣", "9️⃣"]
        let layout = layout("Press " + keycaps.joined(separator: " "))
        let surface = try draw(layout)
        // "Press " is six units; each keycap and its space one more.
        #expect(layout.graphemeCount == 6 + keycaps.count * 2 - 1)
        for keycap in keycaps {
            let found = glyphs(of: keycap, in: layout)
            #expect(found.count == 1, "\(keycap) is not one glyph")
            guard let glyph = found.first else { continue }
            #expect(glyph.run.font.hasColor)
            #expect(glyph.graphemeRange.count == 1)
            #expect(colourfulPixels(in: box(of: glyph, in: layout), of: surface) > 40, "\(keycap)")
        }
    }

    static let sequences = [
        "🇩🇪", "🇯🇵", "🇰🇷",                       // flags (regional indicator pairs)
        "👩‍🚀", "👨‍💻", "🏳️‍🌈",                  // ZWJ sequences
        "👍🏽", "👋🏿",                             // skin tones
        "🏴󠁧󠁢󠁳󠁣󠁴󠁿",                                  // a tag sequence (Scotland)
    ]

    @Test func sequencesAreOneColourGlyphAndOneUnit() throws {
        let layout = layout("x " + Self.sequences.joined(separator: " "))
        let surface = try draw(layout)
        #expect(layout.graphemeCount == 2 + Self.sequences.count * 2 - 1)
        for sequence in Self.sequences {
            let found = glyphs(of: sequence, in: layout)
            #expect(found.count == 1, "\(sequence) is not one glyph")
            guard let glyph = found.first else { continue }
            #expect(glyph.run.font.hasColor && glyph.graphemeRange.count == 1, "\(sequence)")
            let colourful = colourfulPixels(in: box(of: glyph, in: layout), of: surface)
            #expect(colourful > 40, "\(sequence): only \(colourful) colour pixels")
        }
    }

    @Test func aSceneFontFolderStillGetsColourEmoji() throws {
        TestFonts.pin()
        let fonts = try FontLibrary(addingDirectories: [TestFonts.repositoryRoot.appendingPathComponent("Tests/Fixtures").path])
        let layout = layout("Hi ♥️ #️⃣", fonts: fonts)
        for cluster in ["♥️", "#️⃣"] {
            let glyph = try #require(glyphs(of: cluster, in: layout).first)
            #expect(glyph.run.font.hasColor, "\(cluster): \(glyph.run.font)")
        }
    }

    /// Per-character selectors, truncation and wrapping never split a cluster.
    @Test func clustersStayWholeWhenSelectedTruncatedAndWrapped() throws {
        let clusters = Array(repeating: ["👩‍👩‍👧", "#️⃣", "🇩🇪", "👍🏽", "♥️"], count: 6).flatMap { $0 }
        let text = clusters.joined()
        let wrapped = layout(text, width: 200)
        #expect(wrapped.lineCount > 2)
        #expect(wrapped.graphemeCount == clusters.count)
        for line in wrapped {
            let lineText = String(line.text)
            #expect(lineText.allSatisfy { Set(clusters).contains(String($0)) }, "a line splits a cluster: \(lineText.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for unit in 0..<clusters.count {
            let selected = TextSelector.range(.glyph, start: unit, end: unit + 1).segments(of: wrapped)
                .filter(\.isSelected).flatMap { $0.part.glyphs.map { String($0.text) } }.joined()
            #expect(selected == clusters[unit], "unit \(unit): \(selected) instead of \(clusters[unit])")
        }
        let truncated = layout(text, width: 200, lineLimit: 1)
        #expect(truncated.isTruncated)
        let shown = String(truncated[0].text)
        let kept = shown.hasSuffix("…") ? String(shown.dropLast()) : shown
        #expect(!kept.isEmpty && kept.allSatisfy { Set(clusters).contains(String($0)) }, "truncation cut inside a cluster: \(kept)")
    }
}
