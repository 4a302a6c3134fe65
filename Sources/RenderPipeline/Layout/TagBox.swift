import Foundation

/// A laid-out tag: its own small text layout inside a rounded box.
package struct TagBox: Hashable, Sendable {
    public var text: String
    /// The tag's text, laid out on one line with the tag's font; origin at the text's top-left.
    public var layout: TextLayout
    public var background: Paint?
    public var cornerRadius: Double
    /// Where the text's top-left corner sits inside the box (the padding).
    public var textOffset: CGSize

    public init(text: String, layout: TextLayout, background: Paint?, cornerRadius: Double, textOffset: CGSize) {
        self.text = text
        self.layout = layout
        self.background = background
        self.cornerRadius = cornerRadius
        self.textOffset = textOffset
    }

    public static func == (a: TagBox, b: TagBox) -> Bool {
        a.text == b.text && a.background == b.background && a.cornerRadius == b.cornerRadius
            && a.textOffset == b.textOffset && a.layout.storage === b.layout.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(cornerRadius)
    }
}
