import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Formulas in a Markdown document: inline boxes on the baseline, display math centred, in the
/// text's colour; a formula that does not compile shows its source in the error colour.
@Suite(.serialized) struct MarkdownMathTests {
    /// The inline box of the formula run, with its run.
    static func formulaBox(_ probe: MarkdownLayoutProbe) -> (run: TextLayout.Run, box: InlineBox)? {
        for run in probe.layout.runs {
            if let box = run.inlineBox, case .image = box.content { return (run, box) }
        }
        return nil
    }

    /// The box sits on the line's baseline with the formula's depth below it: a `y_1` hangs
    /// below the baseline by TeX's depth (scaled to the text), and its line makes room for it.
    @Test func theBoxSitsOnTheBaselineWithItsDepth() throws {
        let probe = MarkdownLayoutProbe("Let $y_1$ be the first.", width: 400)
        let (run, box) = try #require(Self.formulaBox(probe))
        let formula = try #require(MathTypesetter.shared.cachedResult(for: MathFormula(source: "y_1", isDisplay: false))?.box)
        let size = box.rect.height / (formula.height * MathBox.textScale)
        #expect(abs(size - 17) < 0.5)  // the body's 17 pt
        // Relative to the baseline (y = 0, down positive): the bottom is the depth below it.
        #expect(abs(box.rect.maxY - formula.depth * MathBox.textScale * size) < 0.01)
        #expect(box.rect.maxY > 3)
        #expect(abs(box.rect.minY + (formula.height - formula.depth) * MathBox.textScale * size) < 0.01)
        let line = try #require(probe.line(containing: "first"))
        #expect(line.typographicBounds.descent >= box.rect.maxY - 0.01)
        #expect(run.text == Span.objectReplacementCharacter)
    }

    /// The formula's ink is drawn in the text's colour (a template image), not TeX's black.
    @Test func theFormulaTakesTheTextColour() throws {
        TestFonts.pin()
        let red = Color(red8: 0xE0, green8: 0x10, blue8: 0x10)
        let style = MarkdownStyle.light.foregroundStyle(red, for: .body)
        let layout = TextLayout(MarkdownView(text: "$\\blacksquare$", style: style), options: LayoutOptions(width: 200))
        let (run, box) = try #require(Self.formulaBox(MarkdownLayoutProbe(MarkdownView(text: "$\\blacksquare$", style: style),
                                                                          options: LayoutOptions(width: 200))))
        guard case .image(let image) = box.content else { return }
        #expect(image.isTemplate)
        let surface = try ImageSurface(width: 200, height: 60)
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 60)), with: .white)
        context.draw(layout)
        let frame = box.frame(at: CGPoint(x: run.typographicBounds.origin.x, y: run.typographicBounds.origin.y))
        let centre = surface.pixel(x: Int(frame.midX), y: Int(frame.midY))
        #expect(centre == red, "the square's middle is \(centre)")
    }

    /// Display math is a block of its own, centred in the width.
    @Test func displayMathIsCentred() throws {
        let probe = MarkdownLayoutProbe("Above.\n\n$$\\int_0^1 x\\,dx$$\n\nBelow.", width: 400)
        let (run, box) = try #require(Self.formulaBox(probe))
        let frame = box.frame(at: run.typographicBounds.origin)
        #expect(abs(frame.midX - 200) < 1)
        let above = try #require(probe.line(containing: "Above")), below = try #require(probe.line(containing: "Below"))
        #expect(frame.minY > above.typographicBounds.origin.y && frame.maxY < below.typographicBounds.origin.y)
    }

    /// `$$…$$` among a paragraph's text is broken out as GitHub shows it: the text before it,
    /// the formula centred on a line of its own, the text after it, a paragraph's spacing apart.
    @Test func displayMathInAParagraphIsBrokenOut() throws {
        let probe = MarkdownLayoutProbe("The area is\n$$\\int_0^1 x\\,dx$$\nfor every $y_1$.", width: 400)
        let (run, box) = try #require(Self.formulaBox(probe))
        let frame = box.frame(at: run.typographicBounds.origin)
        #expect(abs(frame.midX - 200) < 1)
        let above = try #require(probe.line(containing: "The area is")), below = try #require(probe.line(containing: "for every"))
        #expect(frame.minY > above.typographicBounds.rect.maxY && frame.maxY < below.typographicBounds.rect.minY)
        // Three paragraphs: no text shares the formula's line, and the breaks beside it are gone.
        // (The formulas are the other tests': no TeX run of their own.)
        #expect(probe.elementIndices(.body).count == 3)
        #expect(above.text.trimmingCharacters(in: .whitespacesAndNewlines) == "The area is" && below.text.hasPrefix("for every"))
        // A display formula inside emphasis stays in its line.
        let nested = MarkdownLayoutProbe("Note *this $$\\int_0^1 x\\,dx$$ one* here.", width: 400)
        #expect(nested.elementIndices(.body).count == 1)
    }

    /// The parts a paragraph is cut into: text trimmed at the cuts, formulas between.
    @Test func displayMathPartsTrimTheirText() {
        let formula = MathFormula(source: "x", isDisplay: true)
        let parts = MarkdownLayoutPass.displayMathParts(of: [.text("Before "), .softBreak, formula.node, .text("  after"), .softBreak,
                                                                .text("more"), formula.node])
        #expect(parts == [.text([.text("Before")]), .formula(formula), .text([.text("after"), .softBreak, .text("more")]), .formula(formula)])
        #expect(MarkdownLayoutPass.displayMathParts(of: [.text("  "), formula.node, .softBreak]) == nil)
        #expect(MarkdownLayoutPass.displayMathParts(of: [.text("a "), MathFormula(source: "x", isDisplay: false).node]) == nil)
    }

    /// A formula that does not compile shows what the author wrote in the `mathError` colour,
    /// and the scene decoder warns with the JSON path; the document still renders.
    @Test func aBrokenFormulaShowsItsSourceAndAWarning() throws {
        let json = #"{"canvas": {"width": 400, "height": 200}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 400}, "markdown": "Area $\\notamacro r^2$ here"}]}"#
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        let warnings = scene.blocks[0].markdown?.imageWarnings ?? []
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("blocks[0].markdown") == true)
        #expect(warnings.first?.contains("Undefined control sequence") == true)
        let probe = MarkdownLayoutProbe("Area $\\notamacro r^2$ here", width: 400)
        let source = try #require(probe.run(containing: "\\notamacro"))
        #expect(source.text == "$\\notamacro r^2$")
        #expect(Self.formulaBox(probe) == nil)
        let spans = MarkdownInlineConverter.spans(for: [MathFormula(source: "\\notamacro r^2", isDisplay: false).node],
                                                  textStyle: Style(), markdownStyle: .light, images: [:])
        #expect(spans.first?.style.color == MarkdownStyle.light[.mathError].text.color)
    }
}
