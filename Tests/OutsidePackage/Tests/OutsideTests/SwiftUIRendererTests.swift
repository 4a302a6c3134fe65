import Foundation
import SwiftUI
@testable import SwiftUIRenderers
import Testing

/// Renderers written as SwiftUI code — `import SwiftUI` or `SwiftUICore`, module-qualified names,
/// gradients from colours, styles' opacity and levels, resolved colours, trimmed paths, shapes
/// picked at run time, inset, offset and stroked, the `Font` API — compile unchanged in a package
/// of their own and draw what their authors meant.
@Suite struct SwiftUIRendererTests {
    init() { Outside.pinFonts() }

    /// Draws `text` with `renderer` on `background` at `time`, 40 points in from the top left.
    func render(_ text: Text, with renderer: some TextRenderer, width: Int = 640, height: Int = 160,
                background: Color = .white, time: Double = 0) throws -> ImageSurface {
        let layout = Text.Layout(text, options: LayoutOptions(width: Double(width - 80)))
        let surface = try ImageSurface(width: width, height: height)
        var context = GraphicsContext(surface: surface, time: time)
        context.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: .color(background))
        context.translateBy(x: 40, y: 40)
        renderer.draw(layout: layout, in: &context)
        return surface
    }

    /// Pixels in `rect` for which `test` holds.
    func count(_ surface: ImageSurface, in rect: CGRect? = nil, where test: (Color.Resolved) -> Bool) -> Int {
        let area = rect ?? CGRect(x: 0, y: 0, width: surface.width, height: surface.height)
        var found = 0
        for y in Int(area.minY)..<min(Int(area.maxY), surface.height) {
            for x in Int(area.minX)..<min(Int(area.maxX), surface.width) {
                if test(surface.pixel(x: x, y: y).resolve(in: EnvironmentValues())) { found += 1 }
            }
        }
        return found
    }

    func isInk(_ c: Color.Resolved) -> Bool { c.red < 0.5 && c.green < 0.5 && c.blue < 0.5 }

    @Test func appearanceEffectShowsEmphasisOnlyAsItsTimeComes() throws {
        let text = Text("Get ") + Text("ready").customAttribute(EmphasisAttribute()) + Text(" now")
        let styled = text.font(.system(size: 40, weight: .bold))
        let start = try render(styled, with: AppearanceEffectRenderer(elapsedTime: 0, totalDuration: 0.9))
        let end = try render(styled, with: AppearanceEffectRenderer(elapsedTime: 0.9, totalDuration: 0.9))
        let plain = try render(styled, with: PlainRenderer())
        #expect(count(start, where: isInk) == 0, "nothing shows at the start")
        let finished = count(end, where: isInk), reference = count(plain, where: isInk)
        #expect(finished > 500)
        #expect(abs(finished - reference) < reference / 20, "the finished effect is the plain text")
    }

    @Test func markerPaintsAHalfOpaqueGradientBehindMarkedWordsOnly() throws {
        let text = (Text("plain ") + Text("marked").customAttribute(MarkedAttribute()) + Text(" plain"))
            .font(.custom("DejaVu Sans", size: 36))
        let surface = try render(text, with: GradientMarker())
        let yellowish = { (c: Color.Resolved) in c.red > 0.85 && c.green > 0.75 && c.blue < 0.75 && c.blue > 0.2 }
        let layout = Text.Layout(text, options: LayoutOptions(width: 560))
        let marked = layout[0][1].typographicBounds.rect.offsetBy(dx: 40, dy: 40)
        // The first run, short of the 3 points the marker reaches past the marked word.
        let first = layout[0][0].typographicBounds.rect.offsetBy(dx: 40, dy: 40).insetBy(dx: 3, dy: 0).offsetBy(dx: -3, dy: 0)
        #expect(count(surface, in: marked, where: yellowish) > 200, "a see-through yellow behind the marked word")
        #expect(count(surface, in: first, where: yellowish) == 0)
        // The underline is blue at the secondary level: lighter than blue itself.
        let rule = CGRect(x: marked.minX, y: marked.maxY + 1, width: marked.width, height: 4)
        #expect(count(surface, in: rule, where: { $0.blue > 0.8 && $0.red > 0.3 && $0.red < 0.85 }) > 20)
    }

    @Test func underlineIsDrawnAsFarAsItsProgress() throws {
        let text = Text("Swoosh under this").font(.title.bold())
        let half = try render(text, with: DrawnUnderlineRenderer(progress: 0.5))
        let full = try render(text, with: DrawnUnderlineRenderer(progress: 1))
        let red = { (c: Color.Resolved) in c.red > 0.8 && c.green < 0.4 && c.blue < 0.4 }
        let line = Text.Layout(text, options: LayoutOptions(width: 560))[0].typographicBounds.rect.offsetBy(dx: 40, dy: 40)
        let left = CGRect(x: line.minX, y: line.minY, width: line.width * 0.4, height: line.height + 20)
        let right = CGRect(x: line.minX + line.width * 0.6, y: line.minY, width: line.width * 0.4 + 4, height: line.height + 20)
        #expect(count(half, in: left, where: red) > 30)
        #expect(count(half, in: right, where: red) == 0, "the second half is not drawn yet")
        #expect(count(full, in: right, where: red) > 30)
    }

    @Test func qualifiedNamesRenderTheirTint() throws {
        let text = Text("Qualified").font(.system(size: 44, weight: .heavy)).foregroundColor(.white)
        let surface = try render(text, with: QualifiedNamesRenderer(tint: .purple), background: .black)
        let purple = { (c: Color.Resolved) in c.red > 0.5 && c.blue > 0.7 && c.green < 0.45 }
        #expect(count(surface, where: purple) > 300)
    }

    @Test func chatBubblesKeepTheCornerByTheirTailSharp() throws {
        let renderer = ChatBubbleRenderer()
        let font = Font.custom("DejaVu Sans", size: 28)
        func pixel(_ surface: ImageSurface, _ x: Double, _ y: Double) -> Color.Resolved {
            surface.pixel(x: Int(x), y: Int(y)).resolve(in: EnvironmentValues())
        }
        let isBlue = { (c: Color.Resolved) in c.blue > 0.8 && c.red < 0.2 }
        let isWhite = { (c: Color.Resolved) in c.red > 0.97 && c.green > 0.97 && c.blue > 0.97 }
        let isBorder = { (c: Color.Resolved) in c.red < 0.75 && abs(c.red - c.blue) < 0.05 }

        // Mine: blue, rounded but for the bottom-right corner, its shadow showing below it.
        let mineText = Text("Sure, see you there").foregroundColor(.white).customAttribute(Speaker(isMe: true)).font(font)
        let mine = try render(mineText, with: renderer)
        let bubble = renderer.bubble(for: Text.Layout(mineText, options: LayoutOptions(width: 560))[0]).offsetBy(dx: 40, dy: 40)
        #expect(isBlue(pixel(mine, bubble.maxX - 1, bubble.maxY - 1)), "the tail corner is sharp")
        #expect(isWhite(pixel(mine, bubble.minX + 1, bubble.minY + 1)), "the others are rounded")
        #expect(!isBlue(pixel(mine, bubble.minX + 1, bubble.maxY - 1)))
        let shadow = pixel(mine, bubble.midX, bubble.maxY + 1.5)
        #expect(!isWhite(shadow) && !isBlue(shadow), "a shadow 3 points below")

        // Theirs: grey with a hairline border inside its edge, the tail at the bottom left.
        let theirText = Text("Lunch at noon?").customAttribute(Speaker(isMe: false)).font(font)
        let theirs = try render(theirText, with: renderer)
        let theirBubble = renderer.bubble(for: Text.Layout(theirText, options: LayoutOptions(width: 560))[0])
            .offsetBy(dx: 40, dy: 40)
        #expect(isBorder(pixel(theirs, theirBubble.minX + 0.5, theirBubble.midY)), "the border is inside the edge")
        #expect(isBorder(pixel(theirs, theirBubble.minX + 0.5, theirBubble.maxY - 0.5)), "the tail corner is sharp")
        #expect(isWhite(pixel(theirs, theirBubble.minX + 1, theirBubble.minY + 1)))
        #expect(isWhite(pixel(theirs, theirBubble.minX - 1, theirBubble.midY)))

        // The shape picked at run time: a capsule has no sharp corner, and no border.
        let capsules = try render(theirText, with: ChatBubbleRenderer(capsulesForThem: true))
        #expect(isWhite(pixel(capsules, theirBubble.minX + 0.5, theirBubble.maxY - 0.5)))
        #expect(!isBorder(pixel(capsules, theirBubble.midX, theirBubble.minY + 0.5)))
    }

    @Test func appTextCarriesItsSymbolUnderlineAndKeyAndTheArcSweepsFromItsEdge() throws {
        let label = RatingLabel.text(stars: 4, reviews: 120).font(.custom("DejaVu Sans", size: 32))
        let layout = Text.Layout(label, options: LayoutOptions(width: 560))
        let plain = Text.Layout(Text("4  from 120 reviews").font(.custom("DejaVu Sans", size: 32)), options: LayoutOptions(width: 560))
        #expect(layout[0].typographicBounds.width > plain[0].typographicBounds.width + 20, "the star takes room")
        let orange = { (c: Color.Resolved) in c.red > 0.9 && c.green > 0.4 && c.green < 0.75 && c.blue < 0.3 }
        let half = try render(label, with: GaugeArcRenderer(progress: 0.5), height: 200)
        #expect(count(half, where: orange) > 10, "the count's underline")
        let green = { (c: Color.Resolved) in c.green > 0.6 && c.red < 0.4 && c.blue < 0.5 }
        let line = layout[0].typographicBounds.rect.offsetBy(dx: 40, dy: 40)
        let leftHalf = CGRect(x: line.minX - 4, y: 0, width: line.width / 2 - 2, height: 200)
        let rightHalf = CGRect(x: line.midX + 2, y: 0, width: line.width / 2 + 4, height: 200)
        #expect(count(half, in: leftHalf, where: green) > 30 && count(half, in: rightHalf, where: green) == 0,
                "half the arc, from the leading edge")
        let badge = try render(RatingLabel.badge("NEW"), with: PlainRenderer())
        #expect(count(badge, where: { $0.red > 0.9 && $0.green < 0.3 && $0.blue < 0.3 }) > 200, "the AttributedString's colour")
        let fromTrailing = try render(label, with: GaugeArcRenderer(progress: 0.5, startEdge: .trailing), height: 200)
        #expect(count(fromTrailing, in: leftHalf, where: green) == 0 && count(fromTrailing, in: rightHalf, where: green) > 30)
    }

    @Test func resolvedColorsRunFromTheFirstToTheLast() throws {
        let text = Text("MMMMMMMM").font(.system(size: 48, weight: .black, design: .monospaced)).foregroundColor(.white)
        let surface = try render(text, with: ResolvedColorRenderer(), background: .black)
        let line = Text.Layout(text, options: LayoutOptions(width: 560))[0].typographicBounds.rect.offsetBy(dx: 40, dy: 40)
        let first = CGRect(x: line.minX, y: line.minY, width: line.width / 8, height: line.height)
        let last = CGRect(x: line.maxX - line.width / 8, y: line.minY, width: line.width / 8, height: line.height)
        #expect(count(surface, in: first, where: { $0.red > 0.8 && $0.blue < 0.3 }) > 40, "red at the start")
        #expect(count(surface, in: last, where: { $0.blue > 0.8 && $0.red < 0.3 }) > 40, "blue at the end")
    }
}

/// Draws the layout as it is.
struct PlainRenderer: TextRenderer {
    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        for line in layout { context.draw(line) }
    }
}
