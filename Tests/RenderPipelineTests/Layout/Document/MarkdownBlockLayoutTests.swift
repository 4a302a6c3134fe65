import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Markdown blocks placed as MarkdownView places them: each expectation is derived from the
/// geometry of the layout itself (edges that must line up, boxes that must contain text).
@Suite struct MarkdownBlockLayoutTests {
    typealias Probe = MarkdownLayoutProbe

    // MARK: Headings and paragraphs

    @Test func headingSizesFallWithTheLevel() {
        let probe = Probe("# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n\nBody")
        let sizes = ["One", "Two", "Three", "Four", "Five", "Six", "Body"].map { probe.run($0)?.font.size ?? 0 }
        for level in 0..<4 { #expect(sizes[level] > sizes[level + 1], "h\(level + 1) \(sizes[level]) vs h\(level + 2) \(sizes[level + 1])") }
        // h5 and h6 share the headline size; h6 is lighter. Every heading is at least body size.
        #expect(sizes[4] == sizes[5])
        #expect(probe.run("Five")!.font.weight.value > probe.run("Six")!.font.weight.value)
        #expect(sizes[5] >= sizes[6])
        // Each heading is its own line, tagged with its level.
        #expect(probe.elementIndices(.h1).count == 1 && probe.elementIndices(.h6).count == 1)
        #expect(probe.lines(of: .h3).map(\.text) == ["Three"])
    }

    @Test func headingsFollowDynamicType() {
        func sizes(_ category: DynamicTypeSize) -> (heading: Double, body: Double) {
            let probe = Probe("# Title\n\nBody") { $0.environment = TextEnvironment(sizeCategory: category) }
            return (probe.run("Title")!.font.size, probe.run("Body")!.font.size)
        }
        let regular = sizes(.large), larger = sizes(.xxxLarge), smaller = sizes(.xSmall)
        #expect(larger.heading > regular.heading && regular.heading > smaller.heading)
        #expect(larger.body > regular.body)
        #expect(near(regular.heading, TextStyle.largeTitle.pointSize(for: .large), 0.5))
        #expect(near(larger.heading, TextStyle.largeTitle.pointSize(for: .xxxLarge), 0.5))
    }

    @Test func paragraphsAreSeparatedByTheirSpacingNotABlankLine() {
        let probe = Probe("First paragraph.\n\nSecond paragraph.")
        #expect(probe.layout.exportedText == "First paragraph.\nSecond paragraph.")
        #expect(probe.layout.count == 2)
        let gap = probe.layout[1].logicalRect.minY - probe.layout[0].logicalRect.maxY
        let body = MarkdownStyle.light[.body]
        #expect(near(gap, max(body.spacingAfter!, body.spacingBefore!)), "gap \(gap)")

        let wide = Probe("First paragraph.\n\nSecond paragraph.",
                         style: MarkdownStyle.light.style(for: .body) { $0.spacingBefore = 30; $0.spacingAfter = 5 })
        let wideGap = wide.layout[1].logicalRect.minY - wide.layout[0].logicalRect.maxY
        #expect(near(wideGap, 30), "collapsed spacing is the larger of after and before: \(wideGap)")
    }

    // MARK: Lists

    @Test func wrappedLinesHangAtTheItemsText() throws {
        let probe = Probe("- short\n- a long item whose words wrap across several lines of this narrow column for sure", width: 200)
        let item = try #require(probe.elementIndices(.listItem).last)
        let lines = probe.lines(ofElement: item)
        #expect(lines.count >= 3)
        let marker = try #require(lines[0].first)
        #expect(marker.text == "•")
        let firstText = try #require(lines[0].dropFirst().first)
        #expect(firstText.text.hasPrefix("a long"))
        #expect(Probe.box(marker).maxX < firstText.typographicBounds.origin.x)
        for line in lines.dropFirst() {
            #expect(near(line.first!.typographicBounds.origin.x, firstText.typographicBounds.origin.x), "\(line.text)")
        }
        // Both items' texts start on the same column, and so do their markers.
        let short = try #require(probe.run("short"))
        #expect(near(short.typographicBounds.origin.x, firstText.typographicBounds.origin.x))
    }

    @Test func numbersAlignOnTheirRightEdge() throws {
        let probe = Probe("9. nine\n10. ten")
        let nine = try #require(probe.run("9.")), ten = try #require(probe.run("10."))
        #expect(near(Probe.box(nine).maxX, Probe.box(ten).maxX))
        #expect(Probe.box(nine).width < Probe.box(ten).width)
        let nineText = try #require(probe.run("nine")), tenText = try #require(probe.run("ten"))
        #expect(near(nineText.typographicBounds.origin.x, tenText.typographicBounds.origin.x))
        #expect(Probe.box(ten).maxX < tenText.typographicBounds.origin.x)
        #expect(probe.layout.exportedText == "9. nine\n10. ten")
    }

    @Test func nestedItemsSitFurtherRight() throws {
        let probe = Probe("- outer\n    - inner\n        - innermost")
        let xs = try ["outer", "inner", "innermost"].map { try #require(probe.run($0)).typographicBounds.origin.x }
        #expect(xs[0] < xs[1] && xs[1] < xs[2])
        let markers = probe.layout.map { $0.first!.typographicBounds.origin.x }
        #expect(markers[0] < markers[1] && markers[1] < markers[2])
        // Each level has its own bullet, and each nested item is inside its parent.
        #expect(probe.layout.map { String($0.first!.text) } == ["•", "◦", "▪"])
        let items = probe.elementIndices(.listItem)
        #expect(probe.elements[items[1]].parent == items[0] && probe.elements[items[2]].parent == items[1])
    }

    @Test func orderedListsStartAtTheirFirstNumber() {
        let probe = Probe("3. three\n4. four\n5. five")
        #expect(probe.layout.exportedText == "3. three\n4. four\n5. five")
        #expect(probe.elementIndices(.listItem).map { probe.elements[$0].detail } == ["3.", "4.", "5."])
    }

    @Test func taskItemsShowACheckboxExportedAsBrackets() throws {
        let probe = Probe("- [x] done\n- [ ] todo")
        #expect(probe.layout.exportedText == "[x] done\n[ ] todo")
        let boxes = probe.layout.runs.filter { $0.inlineBox != nil }
        #expect(boxes.map { $0.inlineBox!.alt } == ["[x]", "[ ]"])
        for (box, word) in zip(boxes, ["done", "todo"]) {
            let text = try #require(probe.run(word))
            #expect(box.lineIndex == text.lineIndex)
            #expect(Probe.box(box).width > 0)
            #expect(Probe.box(box).maxX < text.typographicBounds.origin.x)
        }
        // The boxes differ: a checked one is filled with the tint, an open one is faint.
        guard case .tag(let checked)? = boxes[0].inlineBox?.content, case .tag(let open)? = boxes[1].inlineBox?.content else {
            Issue.record("checkboxes are not tags")
            return
        }
        #expect(checked.background != open.background)
    }

    // MARK: Quotes

    @Test func quoteBarStandsLeftOfTheText() throws {
        let probe = Probe("> quoted words\n>\n> > nested words")
        let quotes = probe.elementIndices(.blockQuote)
        #expect(quotes.count == 2)
        let tint = try #require(MarkdownStyle.light[.blockQuote].tint)
        let outerBar = try #require(probe.fills(ofElement: quotes[0], color: tint).first)
        let innerBar = try #require(probe.fills(ofElement: quotes[1], color: tint).first)
        let outer = try #require(probe.run("quoted words")), inner = try #require(probe.run("nested words"))
        #expect(near(outerBar.width, MarkdownStyle.light[.blockQuote].thickness!))
        #expect(outerBar.maxX < Probe.box(outer).minX)
        #expect(innerBar.maxX < Probe.box(inner).minX && innerBar.minX > outerBar.maxX)
        // Bars run beside their text, the outer one beside both quotes.
        #expect(outerBar.minY <= Probe.box(outer).minY && outerBar.maxY >= Probe.box(inner).maxY)
        #expect(innerBar.minY <= Probe.box(inner).minY && innerBar.maxY >= Probe.box(inner).maxY)
        #expect(Probe.box(inner).minX > Probe.box(outer).minX)
    }

    // MARK: Code blocks

    static func codeBox(_ probe: Probe, _ element: Int) -> CGRect? {
        probe.fills(ofElement: element, color: MarkdownStyle.light[.codeBlock].background).first
    }

    @Test func codeBoxHoldsEveryCodeLineAndTheLanguage() throws {
        let probe = Probe("Intro\n\n```swift\nlet a = 1\nlet b = 2\nprint(a + b)\n```\n\nOutro")
        let code = try #require(probe.elementIndices(.codeBlock).first)
        #expect(probe.elements[code].detail == "swift")
        let box = try #require(Self.codeBox(probe, code))
        let lines = probe.lines(ofElement: code)
        #expect(lines.map(\.text) == ["let a = 1", "let b = 2", "print(a + b)"])
        for line in lines {
            #expect(box.encloses(line.logicalRect), "\(line.text)")
            #expect(line.first!.font.family != probe.run("Intro")!.font.family, "code is monospaced")
        }
        #expect(box.maxY < probe.line(containing: "Outro")!.logicalRect.minY)
        #expect(box.minY > probe.line(containing: "Intro")!.logicalRect.maxY)
        // The language label: a text decoration inside the box, above the code.
        let labels = probe.decorations(ofElement: code).compactMap { decoration -> (TextLayout, CGRect)? in
            if case .text(let label) = decoration.kind { return (label, decoration.rect) }
            return nil
        }
        #expect(labels.count == 1)
        if let (label, rect) = labels.first {
            #expect(label.text == "swift")
            #expect(box.encloses(rect) && rect.maxY <= lines[0].logicalRect.minY)
        }
        let plain = Probe("```\nx\n```")
        #expect(!plain.layout.decorations.contains { if case .text = $0.kind { true } else { false } })
    }

    @Test func longCodeLinesAreCutAtTheBoxWhenNotWrapped() throws {
        let long = "let message = \"a line of code far wider than the box it is drawn in, so it must be cut\""
        let probe = Probe("```\n\(long)\n```", width: 260, style: MarkdownStyle.light.style(for: .codeBlock) { $0.wraps = false })
        let code = try #require(probe.elementIndices(.codeBlock).first)
        let box = try #require(Self.codeBox(probe, code))
        let lines = probe.lines(ofElement: code)
        #expect(lines.count == 1)
        let glyphs = lines[0].flatMap { Array($0) }
        #expect(!glyphs.isEmpty && glyphs.count < long.count, "some glyphs dropped: \(glyphs.count) of \(long.count)")
        let padding = MarkdownStyle.light[.codeBlock].padding!.width
        for glyph in glyphs { #expect(glyph.typographicBounds.rect.maxX <= box.maxX - padding + 0.01) }
        #expect(lines[0].typographicBounds.rect.maxX <= box.maxX)
        #expect(probe.layout.textSize.width <= 260)
        // The text itself is whole: copying the code gives all of it.
        #expect(probe.layout.exportedText == long)

        let wrapping = Probe("```\n\(long)\n```", width: 260,
                             style: MarkdownStyle.light.style(for: .codeBlock) { $0.wraps = true })
        let wrapped = wrapping.lines(of: .codeBlock)
        #expect(wrapped.count > 1)
        let wrappedBox = try #require(Self.codeBox(wrapping, wrapping.elementIndices(.codeBlock)[0]))
        for line in wrapped { #expect(wrappedBox.encloses(line.typographicBounds.rect)) }
        let visible = { (layout: TextLayout) in layout.glyphs.filter { !$0.text.allSatisfy(\.isWhitespace) }.count }
        #expect(visible(wrapping.layout) == long.filter { !$0.isWhitespace }.count, "wrapping keeps every glyph")
        #expect(visible(probe.layout) < long.filter { !$0.isWhitespace }.count)
    }

    // MARK: Tables

    /// Each cell's frame, by `row,column`.
    static func cells(_ probe: Probe) -> [String: CGRect] {
        var result: [String: CGRect] = [:]
        for element in probe.elements where element.kind == .tableHeader || element.kind == .tableBody {
            result[element.detail!] = element.frame
        }
        return result
    }

    static let cellPadding = MarkdownStyle.light[.table].padding!.width

    @Test func columnsTakeTheirNaturalWidthWhenTheyFit() throws {
        let probe = Probe("| a | wider header |\n|---|---|\n| longer cell | b |", width: 500)
        let cells = Self.cells(probe)
        for column in 0..<2 {
            let natural = [0, 1].map { row in probe.lines(ofElement: probe.elements.firstIndex { $0.detail == "\(row),\(column)" }!)[0]
                .typographicBounds.width }.max()!
            #expect(near(cells["0,\(column)"]!.width - 2 * Self.cellPadding, natural, 0.02), "column \(column)")
            #expect(near(cells["1,\(column)"]!.width, cells["0,\(column)"]!.width))
        }
        #expect(probe.layout.count == 4, "no cell wraps")
        let table = probe.elements[probe.elementIndices(.table)[0]].frame
        #expect(table.width < 500)
    }

    @Test func tooWideTablesShrinkToTheirLongestWords() throws {
        let row = "| the first column says quite a lot | second has considerable words too | third |"
        let probe = Probe("| A | B | C |\n|---|---|---|\n\(row)", width: 340)
        let table = probe.elements[probe.elementIndices(.table)[0]].frame
        #expect(table.width <= 340 + 0.01)
        #expect(probe.layout.count > 6, "cells wrap")
        let cells = Self.cells(probe)
        for column in 0..<3 {
            let frame = cells["1,\(column)"]!
            let lines = probe.lines(ofElement: probe.elements.firstIndex { $0.detail == "1,\(column)" }!)
            // Words are never broken: each wrapped line ends at a space or the cell's end.
            let joined = lines.map(\.text).joined()
            #expect(row.contains(joined.trimmingCharacters(in: .whitespaces)), "\(joined)")
            for line in lines {
                #expect(frame.encloses(line.typographicBounds.rect.insetBy(dx: 0.02, dy: 0)), "\(line.text) outside \(frame)")
            }
        }
        // The long word's column is at least that word wide.
        let line = try #require(probe.line(containing: "considerable"))
        let glyphs = line.flatMap { Array($0) }.filter { !$0.text.allSatisfy(\.isWhitespace) }
        let words = Dictionary(grouping: glyphs, by: \.wordIndex)
        let word = try #require(words.values.first { $0.map { String($0.text) }.joined() == "considerable" })
        let wordWidth = word.map(\.typographicBounds.width).reduce(0, +)
        #expect(wordWidth > 50)
        #expect(cells["1,1"]!.width - 2 * Self.cellPadding >= wordWidth - 0.02)
    }

    @Test func columnWidthsShareTheRoomLeftByWishes() {
        let natural = MarkdownLayoutPass.columnWidths(minimum: [10, 20], natural: [50, 60], available: 200)
        #expect(natural == [50, 60])
        let shared = MarkdownLayoutPass.columnWidths(minimum: [10, 20, 30], natural: [110, 20, 230], available: 160)
        #expect(zip(shared, [10.0, 20, 30]).allSatisfy { $0 >= $1 })
        #expect(near(shared.reduce(0, +), 160))
        #expect(near(shared[1], 20), "a column that wishes for nothing more gets nothing more")
        #expect(near(shared[0] - 10, (shared[2] - 30) / 2), "the room left goes in proportion to the wishes (100 : 200)")
        // Longest words wider than the frame: the minimums shrink alike to fit it (cells then break words).
        let cramped = MarkdownLayoutPass.columnWidths(minimum: [40, 50], natural: [90, 90], available: 60)
        #expect(near(cramped[0], 60 * 40 / 90) && near(cramped[1], 60 * 50 / 90), "\(cramped)")
    }

    @Test func cellsAlignAsTheDelimiterRowSays() throws {
        let probe = Probe("| Left column | Centre column | Right column |\n|:--|:-:|--:|\n| l | c | r |", width: 500)
        let cells = Self.cells(probe)
        let l = try #require(probe.run("l")), c = try #require(probe.run("c")), r = try #require(probe.run("r"))
        #expect(near(Probe.box(l).minX, cells["1,0"]!.minX + Self.cellPadding))
        #expect(near(Probe.box(c).midX, cells["1,1"]!.midX, 0.02))
        #expect(near(Probe.box(r).maxX, cells["1,2"]!.maxX - Self.cellPadding, 0.02))
        #expect(Probe.box(c).minX > cells["1,1"]!.minX + Self.cellPadding + 5)
    }

    @Test func headerCellsAreBoldAndOnTheirBackground() throws {
        let probe = Probe("| Head |\n|---|\n| body |\n| more |\n| last |")
        #expect(try #require(probe.run("Head")).font.weight.value >= Font.Weight.bold.value)
        #expect(try #require(probe.run("body")).font.weight.value < Font.Weight.bold.value)
        let table = probe.elementIndices(.table)[0]
        let header = try #require(MarkdownStyle.light[.tableHeader].background)
        let headerFill = try #require(probe.fills(ofElement: table, color: header).first)
        #expect(headerFill.encloses(Probe.box(probe.run("Head")!)))
        #expect(headerFill.maxY <= Probe.box(probe.run("body")!).minY)
        // The stripe is on every other body row: the second one ("more").
        let stripe = try #require(MarkdownStyle.light[.table].stripe)
        let stripes = probe.fills(ofElement: table, color: stripe)
        #expect(stripes.contains { $0.encloses(Probe.box(probe.run("more")!)) })
        #expect(!stripes.contains { $0.intersects(Probe.box(probe.run("body")!)) })
    }

    @Test func cellTextWrapsInsideItsCell() throws {
        let probe = Probe("| Key | Value |\n|---|---|\n| k | a value long enough that it has to wrap in this cell |", width: 220)
        let index = try #require(probe.elements.firstIndex { $0.detail == "1,1" })
        let lines = probe.lines(ofElement: index)
        #expect(lines.count > 1)
        let frame = probe.elements[index].frame
        for line in lines { #expect(frame.encloses(line.logicalRect.insetBy(dx: 0.02, dy: 0))) }
        // The row is as tall as its tallest cell.
        #expect(near(Self.cells(probe)["1,0"]!.height, frame.height))
    }

    @Test func tableRowsExportAsTabSeparatedLines() {
        let probe = Probe("| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 |")
        #expect(probe.layout.exportedText == "a\tb\tc\n1\t2\t3\n4\t5\t")
    }

    // MARK: Rules and images

    @Test func thematicBreakIsARuleBetweenItsNeighbours() throws {
        let probe = Probe("above\n\n---\n\nbelow", width: 300)
        let rule = try #require(probe.elementIndices(.thematicBreak).first)
        let rect = try #require(probe.fills(ofElement: rule, color: MarkdownStyle.light[.thematicBreak].tint).first)
        #expect(near(rect.width, 300) && near(rect.height, MarkdownStyle.light[.thematicBreak].thickness!))
        #expect(rect.minY > probe.line(containing: "above")!.logicalRect.maxY)
        #expect(rect.maxY < probe.line(containing: "below")!.logicalRect.minY)
        #expect(probe.layout.exportedText == "above\nbelow")
    }

    static let dot = try! Image(contentsOfFile: TestFonts.repositoryRoot.appendingPathComponent("Scenes/assets/dot.png").path)

    @Test func blockImagesScaleDownToTheWidth() throws {
        #expect(Self.dot.size.width == 96)
        let narrow = Probe("![a dot](dot.png)", width: 60, images: ["dot.png": Self.dot])
        let box = try #require(narrow.layout.runs.first { $0.inlineBox != nil })
        #expect(narrow.elementIndices(.image).count == 1)
        #expect(near(Probe.box(box).width, 60, 0.05))
        #expect(near(box.inlineBox!.rect.height, 60 / Self.dot.aspectRatio, 0.05))
        #expect(narrow.layout.exportedText == "a dot")

        let wide = Probe("![a dot](dot.png)", width: 400, images: ["dot.png": Self.dot])
        let own = try #require(wide.layout.runs.first { $0.inlineBox != nil })
        #expect(near(Probe.box(own).width, 96, 0.05), "never scaled up")

        let missing = Probe("![a dot](elsewhere.png)", width: 400, images: ["dot.png": Self.dot])
        #expect(missing.elementIndices(.image).isEmpty)
        #expect(missing.layout.exportedText.contains("a dot"))
    }

    // MARK: Styles

    @Test func elementStylesTakeEffect() throws {
        let red = Color(red8: 0xFF, green8: 0, blue8: 0), green = Color(red8: 0, green8: 0x80, blue8: 0)
        let view = MarkdownView(text: "## Sub\n\n> quote\n\nbody text\n\n- [x] item")
            .font(.system(size: 40), for: .h2)
            .tint(red, for: .blockQuote)
            .foregroundStyle(green, for: .body)
            .tint(red, for: .listItem)
            .background(green, for: .blockQuote)
        let probe = Probe(view, options: LayoutOptions(width: 300))
        #expect(near(try #require(probe.run("Sub")).font.size, 40))
        #expect(try #require(probe.run("body text")).style.paint == .color(green))
        let quote = probe.elementIndices(.blockQuote)[0]
        #expect(probe.fills(ofElement: quote, color: red).count == 1, "the bar takes the tint")
        #expect(probe.fills(ofElement: quote, color: green).count == 1, "the quote takes the background")
        let checkbox = try #require(probe.layout.runs.first { $0.inlineBox != nil }?.inlineBox)
        guard case .tag(let tag) = checkbox.content else { Issue.record("no checkbox tag"); return }
        #expect(tag.background == .color(red), "a checked box is filled with the list's tint")
    }

    @Test func darkThemeColoursDifferFromLight() throws {
        let source = "Body\n\n```\ncode\n```\n\n> quote\n\n| h |\n|---|\n| c |"
        let light = Probe(source, style: .light), dark = Probe(source, style: .dark)
        #expect(light.run("Body")!.style.paint != dark.run("Body")!.style.paint)
        #expect(light.run("code")!.style.paint != dark.run("code")!.style.paint)
        func fillColors(_ probe: Probe) -> [Color] {
            probe.layout.decorations.compactMap { if case .fill(let color) = $0.kind { color } else { nil } }
        }
        let lightFills = fillColors(light), darkFills = fillColors(dark)
        #expect(lightFills.count == darkFills.count)
        #expect(zip(lightFills, darkFills).allSatisfy { $0 != $1 })
        // Same geometry, only colours change.
        #expect(light.layout.map(\.logicalRect) == dark.layout.map(\.logicalRect))
        #expect(MarkdownStyle(colorScheme: .dark) == .dark)
    }
}
