import CPango
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The pieces that keep layout linear in the length of the input (issue 13) give exactly what
/// Pango itself gives: the run split, the character rectangles, and where items are cut.
@Suite struct LongInputLayoutTests {
    static let base = Style(font: FontDescriptor(family: "DejaVu Sans", size: 17))
    static let red = Style(color: .color(.red))
    static let bold = Style(bold: true)

    /// Texts whose span edges fall inside grapheme clusters, ligatures, right-to-left runs,
    /// emoji sequences and line ends.
    static let samples: [(name: String, text: RichText, width: Double?)] = [
        ("mixed", RichText(spans: [
            Span("office ffi "), Span("fi", style: red), Span("nal e"), Span("\u{301}", style: bold),
            Span(" שלום "), Span("עולם", style: red), Span(" 👩🏽‍💻 and 🇯🇵", style: bold), Span(" مرحبا بالعالم", style: red),
            Span(" a long tail that wraps over the line end, "), Span("twice over, with colours", style: red),
        ], baseStyle: base), 200),
        ("unwrapped", RichText(spans: (0..<40).map { Span("w\($0) ", style: $0 % 2 == 0 ? red : Style()) }, baseStyle: base), nil),
        ("cluster-split", RichText(spans: [Span("e"), Span("\u{301}\u{302}x", style: red), Span("🏳"), Span("\u{FE0F}\u{200D}🌈", style: bold)],
                                   baseStyle: base), 120),
    ]

    /// Each run as (first byte, length, run-style index), in Pango's order.
    static func runs(of layout: OpaquePointer) -> [[Int]] {
        var result: [[Int]] = []
        var lines = pango_layout_get_lines_readonly(layout)
        while let line = lines {
            var runs = line.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let run = runs {
                let item = run.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item.pointee
                result.append([Int(item.offset), Int(item.length), RunStyleAttribute.index(in: item.analysis.extra_attrs) ?? -1])
                runs = run.pointee.next
            }
            lines = line.pointee.next
        }
        return result
    }

    /// The runs RunStyleSplitter makes are the ones Pango makes with the run-style attributes
    /// in the layout's own list (as before), attribute for attribute.
    @Test(arguments: samples.map(\.name))
    func runStylesSplitRunsAsPangoDoes(name: String) throws {
        TestFonts.pin()
        let sample = Self.samples.first { $0.name == name }!
        let builder = PangoLayoutBuilder(text: sample.text, options: LayoutOptions(width: sample.width), fonts: .system)
        PangoLock.withLock {
            let context = builder.makeContext()
            let ours = builder.makeLayout(sample.text, context: context)
            // The same text with the run-style attributes handed to Pango, one per span.
            let reference = PangoLayoutObject(copying: ours.layout)
            ours.layout.withUnsafeMutablePangoLayout { layout in
                reference.withUnsafeMutablePangoLayout { copy in
                    let list = pango_attr_list_copy(pango_layout_get_attributes(layout)) ?? pango_attr_list_new()!
                    var offset: UInt32 = 0
                    for span in builder.text.spans {
                        let length = UInt32(span.text.utf8.count)
                        let style = ours.styles.firstIndex { $0.style == builder.text.baseStyle.overridden(by: span.style).resolved(in: builder.options.environment)
                            && $0.link == span.link }
                        let attribute = RunStyleAttribute.make(index: Int32(style ?? -1))
                        attribute.pointee.start_index = offset
                        attribute.pointee.end_index = offset + length
                        pango_attr_list_insert(list, attribute)
                        offset += length
                    }
                    pango_layout_set_attributes(copy, list)
                    pango_attr_list_unref(list)
                    #expect(Self.runs(of: layout) == Self.runs(of: copy))
                    #expect(Self.runs(of: layout).count > 3)
                }
            }
        }
    }

    /// Every character's rectangle is `pango_layout_index_to_pos`'s, to the Pango unit.
    @Test(arguments: samples.map(\.name))
    func characterRectanglesAreIndexToPos(name: String) throws {
        TestFonts.pin()
        let sample = Self.samples.first { $0.name == name }!
        let builder = PangoLayoutBuilder(text: sample.text, options: LayoutOptions(width: sample.width), fonts: .system)
        PangoLock.withLock {
            let pango = builder.makeLayout(builder.text, context: builder.makeContext())
            let positions = CharacterPositions(layout: pango.layout)
            pango.layout.withUnsafeMutablePangoLayout { layout in
                let iter = pango_layout_get_iter(layout)!
                defer { pango_layout_iter_free(iter) }
                var line: UnsafeMutablePointer<PangoLayoutLine>?
                var lineRect = PangoRectangle(), runX: Int32 = 0, checked = 0
                repeat {
                    let current = pango_layout_iter_get_line_readonly(iter)
                    if current != line {
                        line = current
                        pango_layout_iter_get_line_extents(iter, nil, &lineRect)
                        runX = 0
                    }
                    guard let run = pango_layout_iter_get_run_readonly(iter), let line else { continue }
                    var runRect = PangoRectangle()
                    pango_layout_iter_get_run_extents(iter, nil, &runRect)
                    let range = Int(line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length)
                    for (index, rect) in positions.rectangles(of: run.pointee, line: range, lineX: lineRect.x, runRect: runRect, runX: runX) {
                        var pango = PangoRectangle()
                        pango_layout_index_to_pos(layout, Int32(index), &pango)
                        #expect([rect.x, rect.y, rect.width, rect.height] == [pango.x, pango.y, pango.width, pango.height], "byte \(index)")
                        checked += 1
                    }
                    runX += pango_glyph_string_get_width(run.pointee.glyphs)
                } while pango_layout_iter_next_run(iter) != 0
                #expect(checked == builder.text.plainText.unicodeScalars.count - builder.text.plainText.filter(\.isNewline).count)
            }
        }
    }

    /// Only a stretch of more than `maximumLength` characters without a break opportunity is
    /// cut, every `maximumLength` characters, at grapheme starts.
    @Test func onlyLongUnbreakableStretchesAreCut() {
        let limit = UnbrokenRuns.maximumLength
        #expect(UnbrokenRuns.cuts(in: String(repeating: "word ", count: 1600), language: "en").isEmpty)
        #expect(UnbrokenRuns.cuts(in: String(repeating: "今天去了咖啡店", count: 500), language: "zh").isEmpty)
        #expect(UnbrokenRuns.cuts(in: String(repeating: "a", count: limit), language: "en").isEmpty)
        let word = String(repeating: "abcdefghij", count: limit / 10 * 3 + 5)
        #expect(UnbrokenRuns.cuts(in: "x " + word, language: "en") == [2 + limit, 2 + 2 * limit, 2 + 3 * limit])
        // e + combining accent is one grapheme of three bytes: no cut falls inside one.
        let accented = String(repeating: "e\u{301}", count: limit + 10)
        #expect(UnbrokenRuns.cuts(in: accented, language: "en") == [3 * limit / 2, 3 * limit])
    }

    /// A paragraph longer than `longParagraph` characters is cut at word starts about every
    /// `paragraphItemLength` characters; shorter ones and other paragraphs are not.
    @Test func longParagraphsAreCutAtWordStarts() {
        let short = String(repeating: "word ", count: UnbrokenRuns.longParagraph / 5)
        #expect(UnbrokenRuns.cuts(in: short + "\n" + short, language: "en").isEmpty)
        let long = String(repeating: "word ", count: 4 * UnbrokenRuns.longParagraph / 5)
        let cuts = UnbrokenRuns.cuts(in: short + "\n" + long, language: "en")
        let bytes = Array((short + "\n" + long).utf8)
        #expect(cuts.count == 4 * UnbrokenRuns.longParagraph / UnbrokenRuns.paragraphItemLength - 1)
        #expect(cuts.allSatisfy { $0 > short.utf8.count && bytes[$0 - 1] == UInt8(ascii: " ") && bytes[$0] == UInt8(ascii: "w") })
        #expect(zip(cuts, cuts.dropFirst()).allSatisfy { $1 - $0 >= UnbrokenRuns.paragraphItemLength })
    }

    /// A long unbreakable word is laid out whole, wrapped at the frame, line after line.
    @Test func aLongWordWrapsEveryCharacter() {
        TestFonts.pin()
        let word = String(repeating: "abcdefghij", count: 500)
        let layout = TextLayout(RichText(word, style: Self.base), options: LayoutOptions(width: 300))
        let ranges = layout.storage.lines.map(\.utf8Range)
        #expect(ranges.count > 100)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == word.utf8.count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(layout.allSatisfy { $0.typographicBounds.width <= 300 })
    }

    /// A truncation token that alone needs more lines than allowed is shown alone, as before.
    @Test func aTokenTooLongForTheLimitIsShownAlone() {
        TestFonts.pin()
        let token = String(repeating: "more words in the token ", count: 20)
        var options = LayoutOptions(width: 200, lineLimit: 3)
        options.truncation = Truncation(token: .text(token))
        let measurement = PangoLayoutBuilder(text: RichText(String(repeating: "text ", count: 200), style: Self.base),
                                             options: options, fonts: .system).measure()
        #expect(measurement.isTruncated)
        #expect(measurement.text == token)
        #expect(measurement.lineCount > 3)
    }
}
