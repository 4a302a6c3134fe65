// Chat bubbles behind a conversation's lines, in the style of app code written against
// `import SwiftUICore`: a bubble rounded on three corners with the one by its tail sharp, a copy
// offset below it as a shadow, a hairline border inset inside its edge, and a shape chosen at run
// time.
import SwiftUICore

/// Who wrote a line: the bubble's side and colour follow it.
struct Speaker: TextAttribute {
    var isMe: Bool
}

struct ChatBubbleRenderer: TextRenderer {
    var cornerRadius: CGFloat = 14
    var mine: Color = .blue
    var theirs: Color = Color(white: 0.92)
    var border: Color = .gray
    /// Their bubbles as capsules, a shape picked at run time.
    var capsulesForThem = false

    var displayPadding: EdgeInsets { EdgeInsets(top: 8, leading: 12, bottom: 12, trailing: 12) }

    /// The bubble behind `line`, padded around its text.
    func bubble(for line: Text.Layout.Line) -> CGRect {
        line.typographicBounds.rect.insetBy(dx: -10, dy: -4)
    }

    /// The bubble's outline: the corner by the tail stays sharp.
    func shape(isMe: Bool) -> AnyShape {
        if !isMe && capsulesForThem { return AnyShape(Capsule()) }
        return AnyShape(UnevenRoundedRectangle(topLeadingRadius: cornerRadius,
                                               bottomLeadingRadius: isMe ? cornerRadius : 0,
                                               bottomTrailingRadius: isMe ? 0 : cornerRadius,
                                               topTrailingRadius: cornerRadius))
    }

    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        for line in layout {
            let isMe = line.first?[Speaker.self]?.isMe ?? false
            let rect = bubble(for: line)
            let outline = shape(isMe: isMe)
            context.fill(outline.offset(x: 0, y: 3).path(in: rect), with: .color(.black.opacity(0.25)))
            context.fill(outline.path(in: rect), with: .color(isMe ? mine : theirs))
            if !isMe && !capsulesForThem {
                let ring = UnevenRoundedRectangle(topLeadingRadius: cornerRadius, bottomTrailingRadius: cornerRadius,
                                                  topTrailingRadius: cornerRadius)
                context.fill(ring.inset(by: 0.5).stroke(lineWidth: 1).path(in: rect), with: .color(border))
            }
            context.draw(line)
        }
    }
}
