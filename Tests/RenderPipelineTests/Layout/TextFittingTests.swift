import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `minimumScaleFactor` and `allowsTightening`: text that would be truncated shrinks to the
/// largest size that fits (found by laying out, to one Pango unit of font size), tightens its
/// letter spacing first when allowed, and is truncated at the smallest size only when even that
/// does not fit. Text that fits keeps its size and its layout exactly.
@Suite struct TextFittingTests {
    static let size = 52.0
    /// Scales step by one Pango unit of the largest font size.
    static let step = 1 / (size * 1024)
    static let title = "Arc Desk Lamp with USB-C charging port and a touch dimmer"
    static let style = Style(font: FontDescriptor(family: "Inter", size: size, weight: .heavy))

    static func options(width: Double = 520, lineLimit: Int? = 2, height: Double? = nil, minimumScaleFactor: Double = 0.5,
                        allowsTightening: Bool = false) -> LayoutOptions {
        var options = LayoutOptions(width: width, height: height, lineLimit: lineLimit)
        options.minimumScaleFactor = minimumScaleFactor
        options.allowsTightening = allowsTightening
        return options
    }

    /// The next candidate above `fit` for a largest font size of `size`: one Pango unit of that
    /// size more, computed as the search computes its candidates (k / S), so that the smaller
    /// sizes round to the same Pango units.
    static func larger(_ fit: TextFit, size: Double = size, tighteningStep: Int = 0) -> TextFit {
        let units = size * 1024
        let k = (fit.scale * units).rounded(), j = (fit.tightening * units).rounded()
        return TextFit(scale: (k + 1) / units, tightening: (j + Double(tighteningStep)) / units)
    }

    /// The oracle: the text laid out at `fit` with no limit at all, only the width.
    static func unlimited(_ text: RichText, width: Double = 520, fit: TextFit) -> TextLayout {
        var options = LayoutOptions(width: width)
        options.fit = fit
        return TextLayout(text, options: options)
    }

    @Test func aLongTitleShrinksToTheLargestScaleThatFitsItsLineLimit() throws {
        TestFonts.pin()
        let text = RichText(Self.title, style: Self.style)
        let fullSize = TextLayout(text, options: LayoutOptions(width: 520))
        #expect(fullSize.count > 2, "the title needs more than two lines at full size")
        let layout = TextLayout(text, options: Self.options())
        let fit = try #require(layout.fit)
        #expect(!layout.isTruncated)
        #expect(layout.count == 2)
        #expect(layout.text == Self.title)
        #expect(fit.scale < 1 && fit.scale >= 0.5)
        #expect(fit.tightening == 0)
        // Largest: at this scale the text takes two lines, one Pango unit of size more takes three.
        #expect(Self.unlimited(text, fit: fit).count == 2)
        #expect(Self.unlimited(text, fit: Self.larger(fit)).count == 3)
        // The scale is a whole number of Pango units of the font size: no size between candidates.
        let units = fit.scale * Self.size * 1024
        #expect(abs(units - units.rounded()) < 1e-6)
        // Every run is set at the scaled size; the expanded state stays the full-size text.
        for line in layout { for run in line { #expect(abs(Double(run.fontSize) - Self.size * fit.scale) < 1e-9) } }
        #expect(layout.untruncatedLineCount == fullSize.count)
        #expect(layout.untruncatedSize.height > layout.textSize.height)
    }

    @Test func aFrameHeightIsFittedLikeALineLimit() throws {
        TestFonts.pin()
        let text = RichText(Self.title, style: Self.style)
        let twoLines = TextLayout(text, options: LayoutOptions(width: 520, lineLimit: 2)).textSize.height
        let layout = TextLayout(text, options: Self.options(lineLimit: nil, height: twoLines))
        let fit = try #require(layout.fit)
        #expect(!layout.isTruncated)
        #expect(fit.scale < 1)
        #expect(layout.textSize.height <= twoLines)
        #expect(Self.unlimited(text, fit: Self.larger(fit)).textSize.height > twoLines)
    }

    @Test func shortTextKeepsItsSizeAndItsLayoutExactly() throws {
        TestFonts.pin()
        let text = RichText("Arc Desk Lamp", style: Self.style)
        let fitted = TextLayout(text, options: Self.options(allowsTightening: true))
        let plain = TextLayout(text, options: LayoutOptions(width: 520, lineLimit: 2))
        #expect(fitted.fit == .identity)
        #expect(plain.fit == nil)
        // The same lines, runs and glyphs; only the dump's report of the fit (scale 1) tells them apart.
        var fittedDump = LayoutDump(fitted)
        #expect(fittedDump.scale == 1 && fittedDump.tightening == 0)
        (fittedDump.scale, fittedDump.tightening) = (nil, nil)
        #expect(try LayoutDump.encode(fittedDump) == LayoutDump.encode(LayoutDump(plain)))
    }

    @Test func textThatDoesNotFitAtTheMinimumIsTruncatedAtTheMinimum() throws {
        TestFonts.pin()
        let text = RichText(Self.title, style: Self.style)
        let layout = TextLayout(text, options: Self.options(lineLimit: 1, minimumScaleFactor: 0.8))
        let fit = try #require(layout.fit)
        #expect(layout.isTruncated)
        #expect(layout.count == 1)
        #expect(layout.text.hasSuffix("…"))
        // The smallest candidate at or above 0.8: ⌈0.8 × 53248⌉ units.
        #expect(fit.scale == (0.8 * Self.size * 1024).rounded(.up) / (Self.size * 1024))
        #expect(Self.unlimited(text, fit: fit).count > 1)
        for run in layout[0] { #expect(abs(Double(run.fontSize) - Self.size * fit.scale) < 1e-9) }
        // More of the title shows than when cut at full size.
        let cut = TextLayout(text, options: LayoutOptions(width: 520, lineLimit: 1))
        #expect(layout.text.count > cut.text.count)
    }

    @Test func tighteningComesFirstAndIsTheLeastThatFits() throws {
        TestFonts.pin()
        let text = RichText("Arc Desk Lamp with warm, dimmable light", style: Self.style)
        #expect(TextLayout(text, options: LayoutOptions(width: 520)).count == 3)
        let layout = TextLayout(text, options: Self.options(allowsTightening: true))
        let fit = try #require(layout.fit)
        #expect(!layout.isTruncated && layout.count == 2)
        #expect(fit.scale == 1, "tightening alone suffices, so the size is kept")
        #expect(fit.tightening > 0 && fit.tightening <= TextFit.maximumTightening)
        #expect(Self.unlimited(text, fit: fit).count == 2)
        let looser = Self.larger(fit, tighteningStep: -1)
        #expect(Self.unlimited(text, fit: TextFit(scale: 1, tightening: looser.tightening)).count == 3)
        // Letter spacing is what changed: the glyphs keep their size.
        for line in layout { for run in line { #expect(Double(run.fontSize) == Self.size, "\(Double(run.fontSize) - Self.size)") } }
    }

    @Test func tighteningThatIsNotEnoughIsKeptWhileScaling() throws {
        TestFonts.pin()
        let text = RichText(Self.title, style: Self.style)
        let layout = TextLayout(text, options: Self.options(allowsTightening: true))
        let fit = try #require(layout.fit)
        #expect(!layout.isTruncated && layout.count == 2)
        #expect(fit.scale < 1)
        #expect(abs(fit.tightening - TextFit.maximumTightening) < Self.step)
        #expect(Self.unlimited(text, fit: Self.larger(fit)).count == 3)
        // Tightening lets the title keep more of its size than scaling alone.
        let untightened = try #require(TextLayout(text, options: Self.options()).fit)
        #expect(fit.scale > untightened.scale)
    }

    @Test func fittingIsLargestAndDeterministicOverManyTexts() throws {
        TestFonts.pin()
        let words = ["Nordic", "oak", "reading", "lamp", "with", "a", "dimmer", "Crème", "brûlée", "glaze", "set", "of", "two",
                     "hand-finished", "über-soft", "fringe", "charging", "port", "café"]
        for seed in 0..<24 {
            var rng = SplitMix64(seed: UInt64(seed))
            let count = Int.random(in: 3...16, using: &rng)
            let string = (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            let width = Double(Int.random(in: 160...600, using: &rng))
            let limit = Int.random(in: 1...3, using: &rng)
            let minimum = [0.3, 0.5, 0.75, 0.9].randomElement(using: &rng)!
            let size = Double(Int.random(in: 14...72, using: &rng))
            let text = RichText(string, style: Style(font: FontDescriptor(family: "Inter", size: size, weight: .bold)))
            let options = Self.options(width: width, lineLimit: limit, minimumScaleFactor: minimum)
            let layout = TextLayout(text, options: options)
            let fit = try #require(layout.fit)
            let step = 1 / (size * 1024)
            let label = "seed \(seed): \"\(string)\" \(size) pt at \(width), lineLimit \(limit), minimum \(minimum)"
            #expect(TextLayout(text, options: options).text == layout.text, "\(label): not deterministic")
            #expect(fit.scale >= minimum - 1e-12 && fit.scale <= 1, "\(label)")
            if fit.scale == 1 {
                #expect(!layout.isTruncated && Self.unlimited(text, width: width, fit: .identity).count <= limit, "\(label)")
            } else if layout.isTruncated {
                #expect(fit.scale - step < minimum, "\(label): truncated above the minimum")
                #expect(Self.unlimited(text, width: width, fit: fit).count > limit, "\(label)")
            } else {
                #expect(Self.unlimited(text, width: width, fit: fit).count <= limit, "\(label)")
                #expect(Self.unlimited(text, width: width, fit: Self.larger(fit, size: size)).count > limit, "\(label): not the largest")
            }
        }
    }

    @Test func inlineImagesAndTagsScaleWithTheText() throws {
        TestFonts.pin()
        let image = try Image(contentsOfFile: TestFonts.repositoryRoot.appendingPathComponent("Scenes/assets/lamp.svg").path)
        let tag = InlineTag("NEW", background: .color(.black), cornerRadius: 8, padding: CGSize(width: 10, height: 4))
        let spans = [Span(Self.title + " "), Span(image: image, height: .points(40), alt: "logo"), Span(" "), Span(tag: tag, alt: "NEW")]
        let text = RichText(spans: spans, baseStyle: Self.style)
        let layout = TextLayout(text, options: Self.options(lineLimit: 3, minimumScaleFactor: 0.3))
        let fit = try #require(layout.fit)
        #expect(!layout.isTruncated && fit.scale < 1)
        let boxes = layout.flatMap { $0.flatMap { $0.inlineBox.map { [$0] } ?? [] } }
        let picture = try #require(boxes.first { if case .image = $0.content { true } else { false } })
        #expect(abs(picture.rect.height - 40 * fit.scale) < 1e-9)
        let tagBox = try #require(boxes.first { if case .tag = $0.content { true } else { false } })
        guard case .tag(let laidOutTag) = tagBox.content else { return }
        #expect(abs(laidOutTag.cornerRadius - 8 * fit.scale) < 1e-9)
        #expect(abs(laidOutTag.textOffset.width - 10 * fit.scale) < 1e-9)
        let tagRun = try #require(laidOutTag.layout.first?.first)
        #expect(abs(Double(tagRun.fontSize) - Self.size * fit.scale) < 1e-9)
    }

    @Test func measureReportsTheScaleOfTheLayout() throws {
        TestFonts.pin()
        let text = RichText(Self.title, style: Self.style)
        let options = Self.options(allowsTightening: true)
        let layout = TextLayout(text, options: options)
        let measured = text.measure(options: options)
        let fit = try #require(layout.fit)
        #expect(measured.scale == (fit.scale * 1e6).rounded() / 1e6)
        #expect(measured.tightening == (fit.tightening * 1e6).rounded() / 1e6)
        #expect(measured == TextMeasurement(layout))
        #expect(!measured.isTruncated && measured.lineCount == 2)
        #expect(measured.fullLineCount == TextLayout(text, options: LayoutOptions(width: 520)).count)
        // Without fitting asked for, the report has no scale.
        #expect(text.measure(options: LayoutOptions(width: 520, lineLimit: 2)).scale == nil)
    }

    @Test func aMarkdownDocumentShrinksAsAWhole() throws {
        let source = "# Release notes\n\nThe renderer now fits long titles by shrinking them to the largest size.\n\n- one\n- two"
        let full = MarkdownLayoutProbe(source, width: 360)
        let probe = MarkdownLayoutProbe(source, width: 360) { options in
            options.lineLimit = full.layout.count - 1
            options.minimumScaleFactor = 0.5
        }
        let fit = try #require(probe.layout.fit)
        #expect(!probe.layout.isTruncated)
        #expect(probe.layout.count == full.layout.count - 1)
        #expect(fit.scale < 1 && fit.scale >= 0.5)
        // Largest: one Pango unit more of the largest size (the heading's) needs another line.
        let heading = try #require(full.lines(of: .heading(1)).first?.first).fontSize
        let larger = MarkdownLayoutProbe(source, width: 360) { $0.fit = Self.larger(fit, size: Double(heading)) }
        #expect(larger.layout.count > full.layout.count - 1)
        // Heading and body shrink alike, and so do the list's indent and the spacing.
        let fittedHeading = try #require(probe.lines(of: .heading(1)).first?.first).fontSize
        #expect(abs(Double(fittedHeading) - Double(heading) * fit.scale) < 1e-9)
        let item = try #require(full.lines(of: .listItem).first?.first), fittedItem = try #require(probe.lines(of: .listItem).first?.first)
        #expect(abs(Double(fittedItem.typographicBounds.origin.x) - Double(item.typographicBounds.origin.x) * fit.scale) < 0.01)
    }

    @Test func aMarkdownDocumentThatCannotFitIsCutAtTheMinimum() throws {
        let source = "# Release notes\n\n" + String(repeating: "A paragraph that keeps going. ", count: 12)
        let probe = MarkdownLayoutProbe(source, width: 300) { options in
            options.lineLimit = 3
            options.minimumScaleFactor = 0.75
        }
        let fit = try #require(probe.layout.fit)
        #expect(probe.layout.isTruncated)
        #expect(probe.layout.count == 3)
        #expect(probe.layout.text.hasSuffix("…"))
        #expect(fit.scale >= 0.75 && fit.scale - 1 / (34 * 1024.0) < 0.75)
    }

    @Test func aSceneBlockFitsThroughItsFields() throws {
        TestFonts.pin()
        let json = #"""
        {"canvas": {"width": 600, "height": 300},
         "blocks": [{"id": "title", "frame": {"x": 40, "y": 40, "width": 520}, "lineLimit": 2, "minimumScaleFactor": 0.5,
                     "allowsTightening": true, "style": {"font": {"family": "Inter", "size": 52, "weight": "heavy"}},
                     "text": "\#(Self.title)"}]}
        """#
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        #expect(scene.blocks[0].minimumScaleFactor == 0.5)
        #expect(scene.blocks[0].allowsTightening)
        let layout = scene.blocks[0].layout(in: scene.environment)
        #expect(!layout.isTruncated && layout.count == 2)
        #expect(try #require(layout.fit).scale < 1)
    }
}
