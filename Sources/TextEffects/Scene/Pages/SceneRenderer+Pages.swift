import Foundation

extension SceneRenderer {
    /// The scene's margin: the top of its highest text block (`frame.y`), which an auto height
    /// also leaves below the content and every page repeats above and below what it shows.
    var pageMargin: Double {
        let tops = zip(scene.blocks, layouts).filter { $0.0.shape == nil && $0.0.image == nil }.map(\.0.frame.y)
        return max(0, tops.min() ?? 0)
    }

    /// The scene cut into pages `pageHeight` points tall (see ``PageBreaks``): at the edges of
    /// its blocks and of their Markdown elements, or between the lines of a block taller than a
    /// page; never through a line (text, a code block's label, a block image).
    package func pageBreaks(pageHeight: Double, pageLimit: Int) throws(PageBreaks.Problem) -> PageBreaks {
        var lines: [Range<Double>] = [], edges: [Double] = []
        for (block, layout) in zip(scene.blocks, layouts) where block.shape == nil && block.image == nil {
            let y = block.frame.y
            edges += [y, y + (block.frame.height ?? layout.textSize.height)]
            for line in layout {
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
        return try PageBreaks(lines: lines, blockEdges: edges, documentHeight: scene.canvas.height, margin: pageMargin,
                              pageHeight: pageHeight, scale: scene.canvas.scale, pageLimit: pageLimit)
    }

    /// A renderer drawing `page` of the scene on a canvas `pageHeight` points tall: the canvas's
    /// background, and the page's slice of the content below `page.top`, shown through a viewport
    /// (so links, their report and a PDF's link annotations land on the page). Nothing is laid out again.
    package func page(_ page: PageBreaks.Page, pageHeight: Double) -> SceneRenderer {
        var scene = scene
        scene.canvas.height = pageHeight
        scene.viewport = Viewport(rect: CGRect(x: 0, y: page.top, width: scene.canvas.width, height: page.slice.upperBound - page.slice.lowerBound),
                                  scroll: .constant(CGPoint(x: 0, y: page.slice.lowerBound)))
        return SceneRenderer(self, scene: scene)
    }
}
