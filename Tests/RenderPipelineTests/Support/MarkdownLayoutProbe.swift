import Foundation
@testable import RenderPipeline
@testable import TextEffects

/// Reads a laid-out Markdown document the way the Markdown tests need it: lines and runs by
/// element, decorations by element, runs by their text.
struct MarkdownLayoutProbe {
    let layout: TextLayout

    init(_ markdown: String, width: Double? = 320, style: MarkdownStyle = .light, images: [String: Image] = [:],
         options: (inout LayoutOptions) -> Void = { _ in }) {
        TestFonts.pin()
        var layoutOptions = LayoutOptions(width: width)
        options(&layoutOptions)
        layout = TextLayout(MarkdownView(text: markdown, style: style, images: images), options: layoutOptions)
    }

    init(_ view: MarkdownView, options: LayoutOptions) {
        TestFonts.pin()
        layout = TextLayout(view, options: options)
    }

    var elements: [TextLayout.DocumentElement] { layout.documentElements }

    /// Indices of the elements of `kind`, in reading order.
    func elementIndices(_ kind: MarkdownElement) -> [Int] {
        elements.indices.filter { elements[$0].kind == kind }
    }

    /// The lines belonging to element `index` (or its children).
    func lines(ofElement index: Int) -> [TextLayout.Line] {
        elements[index].lines.map { layout[$0] }
    }

    /// The lines of the first element of `kind`.
    func lines(of kind: MarkdownElement, _ occurrence: Int = 0) -> [TextLayout.Line] {
        lines(ofElement: elementIndices(kind)[occurrence])
    }

    /// The decorations drawn for element `index`.
    func decorations(ofElement index: Int) -> [TextLayout.Decoration] {
        layout.decorations.filter { $0.element == index }
    }

    /// The filled rectangles drawn for element `index` in `color`.
    func fills(ofElement index: Int, color: Color?) -> [CGRect] {
        decorations(ofElement: index).compactMap { decoration in
            if case .fill(let fill) = decoration.kind, color == nil || fill == color { return decoration.rect }
            return nil
        }
    }

    /// Every run whose text is exactly `text`.
    func runs(_ text: String) -> [TextLayout.Run] {
        layout.runs.filter { $0.text == text }
    }

    /// The one run whose text is `text`.
    func run(_ text: String) -> TextLayout.Run? {
        let found = runs(text)
        return found.count == 1 ? found[0] : nil
    }

    /// The first run whose text contains `text`.
    func run(containing text: String) -> TextLayout.Run? {
        layout.runs.first { $0.text.contains(text) }
    }

    /// The first line whose text contains `text`.
    func line(containing text: String) -> TextLayout.Line? {
        layout.first { $0.text.contains(text) }
    }

    /// A run's box: left and right edges of its advance, top and bottom of its line box.
    static func box(_ run: TextLayout.Run) -> CGRect { run.typographicBounds.rect }
}

extension CGRect {
    /// Whether `other` lies inside this rectangle, allowing `slack` points on every side.
    func encloses(_ other: CGRect, slack: Double = 0.01) -> Bool {
        other.minX >= minX - slack && other.maxX <= maxX + slack && other.minY >= minY - slack && other.maxY <= maxY + slack
    }
}

/// Two doubles equal within `tolerance`.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 0.01) -> Bool { abs(a - b) <= tolerance }
