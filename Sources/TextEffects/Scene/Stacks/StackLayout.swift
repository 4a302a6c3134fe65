import Foundation

/// Lays stacks out as SwiftUI does, before any frame is drawn: each child is offered a size
/// (`ProposedViewSize`) and answers with its own (`sizeThatFits`), and the stack places the
/// children at the sizes they chose. The result is plain blocks at resolved frames.
///
/// - Text is offered a width and wraps to it, answering with its widest line and its height
///   (its background's padding around both); a fixed `width`/`height` is used as given. Text
///   that cannot be as narrow as it is offered (a photo, a glyph wider than the offer) answers
///   with its own width, as a view with a fixed frame does in SwiftUI.
/// - Shapes take all they are offered (10 points on an axis offered nothing, as in SwiftUI).
/// - Images size as ``ImageBlock/size(for:)`` says (a fixed size as given).
/// - Spacers take at least `minLength` along their stack's axis and nothing across it.
/// - Vertical and horizontal stacks offer their length, less spacing, to the least flexible
///   child first (flexibility: its size offered everything less its size offered nothing),
///   each an equal share of what is left; the stack is as wide (tall) as its widest (tallest)
///   child. A depth stack offers its whole size to every child and is as large as the largest.
final class StackLayout {
    let fonts: FontLibrary
    let environment: TextEnvironment
    private var texts: [TextKey: TextSizing] = [:]

    init(fonts: FontLibrary, environment: TextEnvironment) {
        self.fonts = fonts
        self.environment = environment
    }

    /// The blocks a top-level stack block stands for, at their frames: the stack's own
    /// background first, then its children in order (each drawn over the ones before). Each text
    /// block comes with its layout when sizing it already laid it out at its frame, so that
    /// drawing it need not lay it out again.
    func placedBlocks(for block: Block, stack: Stack) -> [(block: Block, layout: TextLayout?)] {
        let proposal = ProposedViewSize(width: block.frame.width, height: block.frame.height.map { CGFloat($0) })
        // Effects go to the text they draw before anything is sized: they may change its size.
        let stack = stack.passingEffectsToChildren()
        let size = size(of: .stack(stack), proposal: proposal, axis: .depth)
        var blocks: [(block: Block, layout: TextLayout?)] = []
        place(.stack(stack), at: CGPoint(x: block.frame.x, y: block.frame.y), size: size, enclosing: Enclosing(), into: &blocks)
        return blocks
    }

    // MARK: Sizes

    /// A text child's size at one offered width, and the frame it is drawn in.
    private struct TextSizing {
        /// The child's size, its background's padding included.
        var size: CGSize
        /// The width its text is laid out at (the frame's width).
        var frameWidth: Double
        /// The frame's height: the fixed height less the padding, or none.
        var frameHeight: Double?
        /// The first line's baseline below the child's top.
        var baseline: Double
        /// The text laid out at `frameWidth` and `frameHeight`, when sizing made that layout: the
        /// block's own layout once placed, since nothing else it is laid out with differs.
        var layout: TextLayout?
    }

    private struct TextKey: Hashable {
        var id: String
        var width: Double?
        var fixedWidth: Double?
        var fixedHeight: Double?
    }

    /// The widest a text is laid out (the widest frame a scene takes).
    private static let widestText: Double = 100_000

    private func text(_ block: Block, offered: Double?, width fixedWidth: Double?, height fixedHeight: Double?) -> TextSizing {
        let padding = block.background?.padding ?? .zero
        let key = TextKey(id: block.id, width: fixedWidth == nil ? offered : nil, fixedWidth: fixedWidth, fixedHeight: fixedHeight)
        if let known = texts[key] { return known }
        let available = (fixedWidth ?? offered).map { $0 - 2 * padding.width } ?? Self.widestText
        let width = Swift.min(Swift.max(available.isFinite ? available : Self.widestText, 1), Self.widestText)
        var sized = block
        sized.frame = Block.Frame(x: 0, y: 0, width: width, height: fixedHeight.map { Swift.max(1, $0 - 2 * padding.height) })
        let layout = sized.layout(in: environment, fonts: fonts)
        var measured = layout.textSize
        if !sized.effects.isEmpty {
            let proxy = sized.textProxy(in: environment, fonts: fonts, knownSize: measured)
            measured = sized.renderer.sizeThatFits(proposal: sized.proposal, text: proxy)
        }
        let (frameWidth, narrowed) = fixedWidth == nil ? ownFrameWidth(of: sized, layout: layout, offered: width) : (width, nil)
        let content = Double(measured.width.rounded(.up))
        // Never narrower than what cannot wrap (a 540-point photo offered 520 is 540 wide): the
        // stack then gives the others what is left, instead of the photo drawing over them. Text
        // that fits is at most what it is offered: fitted text can measure a fraction of a point
        // wider than its frame (its last glyph's negative kerning), which is not overflowing.
        let overflows = Double(measured.width) > width + 1
        let ownWidth = fixedWidth ?? ((overflows ? content : Swift.min(width, Swift.max(frameWidth, content))) + 2 * padding.width)
        let baseline = padding.height + (layout.first.map { Double($0.typographicBounds.origin.y) } ?? measured.height)
        let sizing = TextSizing(size: CGSize(width: ownWidth, height: fixedHeight ?? measured.height + 2 * padding.height),
                                frameWidth: frameWidth, frameHeight: sized.frame.height, baseline: baseline,
                                layout: frameWidth == width ? layout : narrowed)
        texts[key] = sizing
        if fixedWidth == nil, frameWidth < width {
            // Offered its own width (as it is when placed), the text wraps into the same lines:
            // the same answer, without laying it out again.
            texts[TextKey(id: block.id, width: ownWidth, fixedWidth: nil, fixedHeight: fixedHeight)] = sizing
        }
        return sizing
    }

    /// The narrowest whole-point width, at most `offered`, at which `block` wraps into the lines it
    /// has at `offered`: its widest line's, or a little more where Pango counts letter spacing
    /// after a line's last glyph. Laid out there again, the text keeps its lines. With the width,
    /// the layout at it when one was made to check.
    private func ownFrameWidth(of block: Block, layout: TextLayout, offered: Double) -> (width: Double, layout: TextLayout?) {
        let widest = Double(layout.textSize.width).rounded(.up)
        // Without letter spacing, fitting or a line limit, Pango keeps the lines of text laid out
        // at its widest line's width (checked on 600 card titles, brands and blurbs): no need to
        // lay it out again to see.
        if Self.keepsLinesAtItsWidth(block), widest < offered { return (widest, nil) }
        for slack in [0.0, 2, 8] where widest + slack < offered {
            var narrower = block
            narrower.frame.width = widest + slack
            let narrowed = narrower.layout(in: environment, fonts: fonts)
            if narrowed.count == layout.count { return (widest + slack, narrowed) }
        }
        return (offered, nil)
    }

    /// Whether `block`'s text is known to wrap the same at its widest line's width: no letter
    /// spacing in its style or spans, no tightening or shrinking to fit, no line limit, no
    /// Markdown document.
    private static func keepsLinesAtItsWidth(_ block: Block) -> Bool {
        let unspaced = { (style: Style) in (style.kerning ?? 0) == 0 }
        return block.markdown == nil && block.lineLimit == nil && block.minimumScaleFactor == 1 && !block.allowsTightening
            && unspaced(block.text.baseStyle) && block.text.spans.allSatisfy { unspaced($0.style) }
    }

    /// The size `item` takes when offered `proposal` in a stack along `axis`.
    func size(of item: StackItem, proposal: ProposedViewSize, axis: StackAxis) -> CGSize {
        switch item {
        case .block(let block, let width, let height):
            if block.shape != nil {
                return CGSize(width: width.map { CGFloat($0) } ?? proposal.width ?? 10, height: height.map { CGFloat($0) } ?? proposal.height ?? 10)
            }
            if let image = block.image { return image.size(for: proposal) }
            return text(block, offered: proposal.width.map(Double.init), width: width, height: height).size
        case .stack(let stack):
            let inner = ProposedViewSize(width: stack.width.map { CGFloat($0) } ?? proposal.width, height: stack.height.map { CGFloat($0) } ?? proposal.height)
            let size = arrange(stack, proposal: inner).size
            return CGSize(width: stack.width ?? Double(size.width), height: stack.height ?? Double(size.height))
        case .spacer(let minLength):
            switch axis {
            case .vertical: return CGSize(width: 0, height: Swift.max(minLength, proposal.height ?? minLength))
            case .horizontal: return CGSize(width: Swift.max(minLength, proposal.width ?? minLength), height: 0)
            case .depth: return CGSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
            }
        }
    }

    /// A stack's children's sizes when it is offered `proposal`, and its own size.
    private struct Arrangement {
        var sizes: [CGSize]
        var size: CGSize
    }

    private func arrange(_ stack: Stack, proposal: ProposedViewSize) -> Arrangement {
        let padding = stack.padding
        let inner = ProposedViewSize(width: proposal.width.map { Swift.max(0, $0 - padding.leading - padding.trailing) },
                                     height: proposal.height.map { Swift.max(0, $0 - padding.top - padding.bottom) })
        let children = stack.children
        let gaps = stack.spacing * Double(Swift.max(0, children.count - 1))
        var sizes: [CGSize]
        var total: CGSize
        switch stack.axis {
        case .depth:
            sizes = children.map { self.size(of: $0, proposal: inner, axis: .depth) }
            total = CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        case .vertical, .horizontal:
            let vertical = stack.axis == .vertical
            func offer(_ length: CGFloat?) -> ProposedViewSize {
                vertical ? ProposedViewSize(width: inner.width, height: length) : ProposedViewSize(width: length, height: inner.height)
            }
            func length(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
            if let available = vertical ? inner.height : inner.width {
                // The least flexible child first, each offered an equal share of what is left.
                let flexibility = children.map { child -> CGFloat in
                    let flexible = length(self.size(of: child, proposal: offer(.infinity), axis: stack.axis))
                        - length(self.size(of: child, proposal: offer(0), axis: stack.axis))
                    return flexible.isNaN ? .infinity : flexible
                }
                let order = children.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
                sizes = Array(repeating: .zero, count: children.count)
                var remaining = available - CGFloat(gaps)
                for (placed, index) in order.enumerated() {
                    let share = Swift.max(0, remaining) / CGFloat(children.count - placed)
                    sizes[index] = self.size(of: children[index], proposal: offer(share), axis: stack.axis)
                    remaining -= length(sizes[index])
                }
            } else {
                sizes = children.map { self.size(of: $0, proposal: offer(nil), axis: stack.axis) }
            }
            let along = sizes.reduce(0) { $0 + length($1) } + CGFloat(gaps)
            if vertical {
                total = CGSize(width: sizes.map(\.width).max() ?? 0, height: along)
            } else if stack.alignment.vertical == .firstTextBaseline {
                let baselines = zip(children, sizes).map { baseline(of: $0, size: $1) }
                let above = baselines.max() ?? 0
                let below = zip(sizes, baselines).map { $0.height - $1 }.max() ?? 0
                total = CGSize(width: along, height: above + below)
            } else {
                total = CGSize(width: along, height: sizes.map(\.height).max() ?? 0)
            }
        }
        total.width += padding.leading + padding.trailing
        total.height += padding.top + padding.bottom
        return Arrangement(sizes: sizes, size: total)
    }

    /// The first text baseline of `item` at `size`, below its top; its bottom when it has no text.
    private func baseline(of item: StackItem, size: CGSize) -> Double {
        switch item {
        case .block(let block, let width, let height) where Self.isText(block):
            return text(block, offered: Double(size.width), width: width, height: height).baseline
        case .stack(let stack):
            let arrangement = arrange(stack, proposal: ProposedViewSize(size))
            let offsets = self.offsets(stack, arrangement, in: size)
            for (index, child) in stack.children.enumerated() where Self.hasText(child) {
                return offsets[index].y + baseline(of: child, size: arrangement.sizes[index])
            }
            return size.height
        default:
            return size.height
        }
    }

    /// Whether `block` is a text block (not a shape or an image).
    private static func isText(_ block: Block) -> Bool { block.shape == nil && block.image == nil }

    private static func hasText(_ item: StackItem) -> Bool {
        switch item {
        case .block(let block, _, _): isText(block)
        case .stack(let stack): stack.children.contains(where: hasText)
        case .spacer: false
        }
    }

    // MARK: Placing

    /// Where each child of `stack` goes in a stack of `size`, from the stack's top-leading corner.
    private func offsets(_ stack: Stack, _ arrangement: Arrangement, in size: CGSize) -> [CGPoint] {
        let padding = stack.padding
        let width = size.width - padding.leading - padding.trailing
        let height = size.height - padding.top - padding.bottom
        let sizes = arrangement.sizes
        switch stack.axis {
        case .vertical:
            var y = padding.top
            return sizes.map { child in
                defer { y += child.height + stack.spacing }
                return CGPoint(x: padding.leading + stack.alignment.horizontal.offset(of: child.width, in: width), y: y)
            }
        case .horizontal:
            var x = padding.leading
            let baselines = stack.alignment.vertical == .firstTextBaseline
                ? zip(stack.children, sizes).map { baseline(of: $0, size: $1) } : []
            let above = baselines.max() ?? 0
            return sizes.enumerated().map { index, child in
                defer { x += child.width + stack.spacing }
                let y = baselines.isEmpty ? stack.alignment.vertical.offset(of: child.height, in: height) : above - baselines[index]
                return CGPoint(x: x, y: padding.top + y)
            }
        case .depth:
            return sizes.map { child in
                CGPoint(x: padding.leading + stack.alignment.horizontal.offset(of: child.width, in: width),
                        y: padding.top + stack.alignment.vertical.offset(of: child.height, in: height))
            }
        }
    }

    /// The opacities and offsets of the stacks around a child, outermost first.
    private struct Enclosing {
        var opacity: [Keyframed<Double>] = []
        var offset: [Keyframed<CGPoint>] = []

        /// These with `stack`'s own added, when it has any.
        func adding(_ stack: Stack) -> Enclosing {
            var result = self
            if stack.opacity != .constant(1) { result.opacity.append(stack.opacity) }
            if stack.offset != .constant(.zero) { result.offset.append(stack.offset) }
            return result
        }

        func apply(to block: inout Block) {
            block.stackOpacity = opacity
            block.stackOffset = offset
        }
    }

    /// Appends the blocks `item` stands for, placed at `origin` with `size`, inside stacks whose
    /// opacities and offsets are `enclosing`.
    private func place(_ item: StackItem, at origin: CGPoint, size: CGSize, enclosing: Enclosing,
                       into blocks: inout [(block: Block, layout: TextLayout?)]) {
        switch item {
        case .block(var block, let width, let height):
            var layout: TextLayout?
            if !Self.isText(block) {
                block.frame = Block.Frame(x: origin.x, y: origin.y, width: size.width, height: size.height)
            } else {
                let sizing = text(block, offered: Double(size.width), width: width, height: height)
                let padding = block.background?.padding ?? .zero
                block.frame = Block.Frame(x: origin.x + padding.width, y: origin.y + padding.height,
                                          width: sizing.frameWidth, height: sizing.frameHeight)
                layout = sizing.layout
            }
            enclosing.apply(to: &block)
            blocks.append((block, layout))
        case .stack(let stack):
            let enclosing = enclosing.adding(stack)
            if let background = stack.background {
                var block = Block(id: stack.id, frame: Block.Frame(x: origin.x, y: origin.y, width: size.width, height: size.height),
                                  text: RichText(spans: []))
                block.shape = background
                enclosing.apply(to: &block)
                blocks.append((block, nil))
            }
            let arrangement = arrange(stack, proposal: ProposedViewSize(size))
            for (index, offset) in offsets(stack, arrangement, in: size).enumerated() {
                place(stack.children[index], at: CGPoint(x: origin.x + offset.x, y: origin.y + offset.y),
                      size: arrangement.sizes[index], enclosing: enclosing, into: &blocks)
            }
        case .spacer:
            break
        }
    }
}
