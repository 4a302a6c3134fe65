import Foundation

extension SceneRenderer {
    /// The scene's margin: the top of its highest text block (`frame.y`), which an auto height
    /// also leaves below the content and every page repeats above and below what it shows.
    var pageMargin: Double {
        let tops = zip(scene.blocks, layouts).filter { $0.0.shape == nil && $0.0.image == nil }.map(\.0.frame.y)
        return max(0, tops.min() ?? 0)
    }

    /// A table cell of one of the scene's documents, as pages cut it: its block, the columns
    /// it spans and its lines, in canvas points.
    struct PageCell {
        var block: Int
        var x: Range<Double>
        var lines: [Range<Double>]
    }

    /// The table rows of the scene's Markdown blocks, each its cells, in block and reading
    /// order: the same list for ``pageBreaks(pageHeight:pageLimit:)`` and ``page(_:pageHeight:)``,
    /// whose `hidden` bands name rows and cells by their places in it.
    var pageRows: [[PageCell]] {
        var rows: [[PageCell]] = []
        for (index, (block, layout)) in zip(scene.blocks, layouts).enumerated() where block.shape == nil && block.image == nil {
            let origin = CGPoint(x: block.frame.x, y: block.frame.y)
            var current: (table: Int?, row: Substring)?
            for element in layout.documentElements where element.kind == .tableHeader || element.kind == .tableBody {
                // A cell's detail is "row,column": cells of one row follow one another.
                let row = element.detail?.split(separator: ",").first ?? ""
                let lines = layout[element.lines].map { line in
                    let rect = line.typographicBounds.rect
                    return Double(origin.y + rect.minY) ..< Double(origin.y + rect.maxY)
                }.filter { !$0.isEmpty }
                let cell = PageCell(block: index, x: Double(origin.x + element.frame.minX) ..< Double(origin.x + element.frame.maxX), lines: lines)
                if let current, current.table == element.parent, current.row == row {
                    rows[rows.count - 1].append(cell)
                } else {
                    rows.append([cell])
                    current = (element.parent, row)
                }
            }
        }
        return rows
    }

    /// The scene cut into pages `pageHeight` points tall (see ``PageBreaks``): at the edges of
    /// its blocks and of their Markdown elements, or between the lines of a block taller than a
    /// page, or, in a table row taller than a page, between each cell's own lines; never
    /// through a line (text, a code block's label, a block image).
    package func pageBreaks(pageHeight: Double, pageLimit: Int) throws(PageBreaks.Problem) -> PageBreaks {
        var lines: [Range<Double>] = [], edges: [Double] = []
        let rows = pageRows
        var inCells: [Int: Set<Int>] = [:]
        for (index, (block, layout)) in zip(scene.blocks, layouts).enumerated() where block.shape == nil && block.image == nil {
            for element in layout.documentElements where element.kind == .tableHeader || element.kind == .tableBody {
                inCells[index, default: []].formUnion(element.lines)
            }
            let y = block.frame.y
            edges += [y, y + (block.frame.height ?? layout.textSize.height)]
            for line in layout where !(inCells[index]?.contains(line.index) ?? false) {
                let rect = line.typographicBounds.rect
                if rect.height > 0 { lines.append(y + rect.minY ..< y + rect.maxY) }
            }
            for element in layout.documentElements {
                edges += [y + element.frame.minY, y + element.frame.maxY]
                if element.kind == .image, element.frame.height > 0 { lines.append(y + element.frame.minY ..< y + element.frame.maxY) }
            }
            for decoration in layout.decorations {
                if case .text = decoration.kind, decoration.rect.height > 0 {
                    lines.append(y + decoration.rect.minY ..< y + decoration.rect.maxY)
                }
            }
        }
        return try PageBreaks(lines: lines, rows: rows.map { PageBreaks.Row(cells: $0.map(\.lines)) }, blockEdges: edges,
                              documentHeight: scene.canvas.height, margin: pageMargin, pageHeight: pageHeight,
                              scale: scene.canvas.scale, pageLimit: pageLimit)
    }

    /// Renderers drawing each of `breaks`' pages on a canvas `pageHeight` points tall (see
    /// ``page(_:pageHeight:)``), with what every page needs to know of the document found once.
    package func pages(_ breaks: PageBreaks, pageHeight: Double) -> [SceneRenderer] {
        let rows = breaks.pages.contains { !$0.hidden.isEmpty } ? pageRows : []
        let boxes = borderedBoxes
        return breaks.pages.map { page($0, pageHeight: pageHeight, rows: rows, boxes: boxes) }
    }

    /// A renderer drawing `page` of the scene on a canvas `pageHeight` points tall: the canvas's
    /// background, and the page's slice of the content below `page.top`, shown through a viewport
    /// (so links, their report and a PDF's link annotations land on the page). Nothing is laid out again.
    ///
    /// A page that ends or starts inside a bordered box (a table, a bordered code box) closes
    /// it there with the box's border, so each part reads as a box; the text of cells that
    /// another page shows (``PageBreaks/Page/hidden``) is left out.
    package func page(_ page: PageBreaks.Page, pageHeight: Double) -> SceneRenderer {
        self.page(page, pageHeight: pageHeight, rows: page.hidden.isEmpty ? [] : pageRows, boxes: borderedBoxes)
    }

    /// The documents' outlined decorations (a table's border, a bordered code box), each with its block's index.
    private var borderedBoxes: [(block: Int, decoration: TextLayout.Decoration)] {
        zip(scene.blocks, layouts).enumerated().flatMap { index, pair in
            pair.0.shape == nil && pair.0.image == nil ? pair.1.decorations.compactMap { decoration in
                if case .stroke(_, let width) = decoration.kind, width > 0 { return (index, decoration) }
                return nil
            } : []
        }
    }

    private func page(_ page: PageBreaks.Page, pageHeight: Double, rows: [[PageCell]],
                      boxes: [(block: Int, decoration: TextLayout.Decoration)]) -> SceneRenderer {
        var scene = scene
        scene.canvas.height = pageHeight
        scene.viewport = Viewport(rect: CGRect(x: 0, y: page.top, width: scene.canvas.width, height: page.slice.upperBound - page.slice.lowerBound),
                                  scroll: .constant(CGPoint(x: 0, y: page.slice.lowerBound)))
        var cuts: [Int: BlockPageCut] = [:]
        let scale = scene.canvas.scale
        // On whole pixels: a clip edge between pixels would leave a sliver of a hidden line.
        func grid(_ y: Double) -> Double { (y * scale).rounded() / scale }
        for hidden in page.hidden where hidden.row < rows.count && hidden.cell < rows[hidden.row].count {
            let cell = rows[hidden.row][hidden.cell]
            let block = self.scene.blocks[cell.block].frame
            let top = grid(hidden.band.lowerBound), bottom = grid(hidden.band.upperBound)
            guard bottom > top else { continue }
            cuts[cell.block, default: BlockPageCut()].hiddenText.append(
                CGRect(x: cell.x.lowerBound - block.x, y: top - block.y, width: cell.x.upperBound - cell.x.lowerBound, height: bottom - top))
        }
        // Bordered boxes the page's top or bottom passes through get that edge drawn.
        for (index, decoration) in boxes {
            guard case .stroke(let color, let width) = decoration.kind else { continue }
            let y = self.scene.blocks[index].frame.y
            let box = decoration.rect.offsetBy(dx: 0, dy: y)
            for edge in [page.slice.lowerBound, page.slice.upperBound] where box.minY + width < edge && edge < box.maxY - width {
                let top = edge == page.slice.lowerBound ? edge : edge - width
                cuts[index, default: BlockPageCut()].edges.append(
                    TextLayout.Decoration(kind: .fill(color), rect: CGRect(x: decoration.rect.minX, y: top - y, width: decoration.rect.width, height: width),
                                          element: decoration.element))
            }
        }
        return SceneRenderer(self, scene: scene, pageCuts: cuts)
    }
}
