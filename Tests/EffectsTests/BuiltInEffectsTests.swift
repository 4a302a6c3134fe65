import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// What each built-in effect draws, checked on pixels against the plain text.
@Suite struct BuiltInEffectsTests {
    static let style = Style(font: FontDescriptor(family: "Sans", size: 28))

    func layout(_ text: String, width: Double = 600) -> TextLayout {
        PinnedFonts.use()
        return TextLayout(RichText(text, style: Self.style), options: LayoutOptions(width: width))
    }

    /// Blur touches only the blurred runs' bounds plus the blur's reach.
    @Test func blurEffectLeavesEverythingElseByteIdentical() throws {
        PinnedFonts.use()
        let text = RichText(spans: [Span("Balance: "), Span("1 234 567 ₽", attributes: AttributeSet(json: ["blur": .object(["radius": .number(6)])])),
                                    Span(" today")], baseStyle: Self.style)
        let layout = TextLayout(text, options: LayoutOptions(width: 600))
        let plain = try render(layout, DefaultTextRenderer())
        let blurred = try render(layout, BlurEffect())
        let secret = layout.runs.first { $0.attributes.contains("blur") }!.typographicBounds.rect
        let reach = 3 * 6.0 + 2 + Self.style.font!.size! * 0.5 + 1
        let affected = secret.offsetBy(dx: 10, dy: 20).insetBy(dx: -reach, dy: -reach)
        var inside = 0, outside = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain.pixel(x: x, y: y) != blurred.pixel(x: x, y: y) {
                if affected.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) pixels changed outside the blurred run")
        #expect(inside > 300)
    }

    @Test func keyframedBlurAtZeroDrawsTheStillText() throws {
        PinnedFonts.use()
        let text = RichText(spans: [Span("Hidden", attributes: AttributeSet(json: ["blur": .object([:])]))], baseStyle: Self.style)
        let layout = TextLayout(text, options: LayoutOptions(width: 600))
        let effect = BlurEffect(radius: .keyframes([Keyframe(time: 0, value: 8), Keyframe(time: 1, value: 0, easing: .easeOut)]))
        #expect(try identical(render(layout, effect, time: 1), render(layout, DefaultTextRenderer())))
        #expect(try !identical(render(layout, effect, time: 0.5), render(layout, DefaultTextRenderer())))
    }

    /// The ink's vertical center, to see where glyphs were drawn.
    func inkRows(_ surface: ImageSurface, columns: Range<Int>) -> (Int, Int)? {
        var top: Int?, bottom: Int?
        for y in 0..<surface.height {
            for x in columns where surface.pixel(x: x, y: y).red < 0.5 {
                top = top ?? y
                bottom = y
                break
            }
        }
        guard let top, let bottom else { return nil }
        return (top, bottom)
    }

    @Test func waveMovesEachGlyphByTheFormula() throws {
        let layout = layout("I")
        let wave = WaveEffect(amplitude: .constant(10), wavelength: 80, speed: 1)
        let x = layout.glyphs[0].typographicBounds.origin.x
        for t in [0.0, 0.125, 0.3] {
            let expected = 10 * sin(2 * .pi * (x / 80 - t))
            #expect(abs(wave.offset(x: x, time: t) - expected) < 1e-9)
        }
        let still = try #require(inkRows(render(layout, DefaultTextRenderer()), columns: 0..<60))
        let moved = try #require(inkRows(render(layout, wave, time: 0.3), columns: 0..<60))
        let shift = Double(moved.0 - still.0)
        #expect(abs(shift - wave.offset(x: x, time: 0.3)) <= 1.0, "shifted \(shift), expected \(wave.offset(x: x, time: 0.3))")
    }

    @Test func appearEndsOnTheStillTextAndStartsEmpty() throws {
        let layout = layout("Line one\nLine two\nLine three", width: 600)
        let appear = AppearEffect(unit: .line, duration: 1, elementDuration: 0.5)
        let still = try render(layout, DefaultTextRenderer(), height: 140)
        #expect(try identical(render(layout, appear, time: 1, height: 140), still))
        let empty = try render(TextLayout(RichText(""), options: LayoutOptions()), DefaultTextRenderer(), height: 140)
        #expect(try identical(render(layout, appear, time: 0, height: 140), empty))
        // Halfway, the first line is further along than the last.
        #expect(appear.progress(index: 0, first: 0, last: 2, time: 0.5) > appear.progress(index: 2, first: 0, last: 2, time: 0.5))
    }

    @Test func typewriterRevealsGraphemesInOrder() throws {
        let layout = layout("Hello, world")
        let typewriter = TypewriterEffect(charactersPerSecond: 10)
        #expect(typewriter.revealed(total: 12, time: 0.5) == 5)
        let done = try render(layout, typewriter, time: 2)
        #expect(identical(done, try render(layout, DefaultTextRenderer())))
        let partial = try render(layout, typewriter, time: 0.5)
        // "Hello" is drawn, ", world" is not: ink stops before the comma's position.
        let comma = layout.glyphs[5].typographicBounds.origin.x + 10
        var inkAfter = 0
        for y in 0..<partial.height { for x in Int(comma)..<partial.width where partial.pixel(x: x, y: y).red < 0.9 { inkAfter += 1 } }
        #expect(inkAfter == 0)
    }

    @Test func typewriterCursorFollowsTheTextAndBlinksWhenDone() throws {
        let layout = layout("Hi there")
        let typing = TypewriterEffect(charactersPerSecond: 10, cursor: "▍")
        let plain = TypewriterEffect(charactersPerSecond: 10)
        // While typing, the cursor is drawn right after the last revealed grapheme ("Hi").
        let withCursor = try render(layout, typing, time: 0.2), without = try render(layout, plain, time: 0.2)
        let afterHi = layout.glyphs[2].typographicBounds.origin.x + 10
        var cursorInk = 0
        for y in 0..<withCursor.height {
            for x in Int(afterHi)..<(Int(afterHi) + 30) where withCursor.pixel(x: x, y: y) != without.pixel(x: x, y: y) { cursorInk += 1 }
        }
        #expect(cursorInk > 20, "a cursor is drawn after the typed text")
        // Done typing: shown in the first half of each second, hidden in the second.
        #expect(try !identical(render(layout, typing, time: 3.2), render(layout, plain, time: 3.2)))
        #expect(try identical(render(layout, typing, time: 3.7), render(layout, plain, time: 3.7)))
    }

    @Test func bounceLiftsOnlyTheLastGlyphs() throws {
        let layout = layout("typing...")
        let bounce = BounceEffect(count: 3, amplitude: 8, period: 1)
        #expect(bounce.lift(index: 0, time: 0.2) > 7)
        #expect(bounce.lift(index: 0, time: 0.7) == 0)
        let still = try render(layout, DefaultTextRenderer())
        let bounced = try render(layout, bounce, time: 0.2)
        // "typing" (first six glyphs) is untouched.
        let dotsStart = Int(layout.glyphs[6].typographicBounds.origin.x) + 10
        for y in 0..<still.height { for x in 0..<(dotsStart - 1) { #expect(still.pixel(x: x, y: y) == bounced.pixel(x: x, y: y)); if still.pixel(x: x, y: y) != bounced.pixel(x: x, y: y) { return } } }
        #expect(!identical(still, bounced))
    }

    @Test func stackedEffectsApplyInOrderInOneDraw() throws {
        PinnedFonts.use()
        let text = RichText(spans: [Span("wave "), Span("secret", attributes: AttributeSet(json: ["blur": .object([:])]))], baseStyle: Self.style)
        let layout = TextLayout(text, options: LayoutOptions(width: 600))
        let waveOnly = try render(layout, WaveEffect(amplitude: .constant(6)), time: 0.25)
        let stacked = try render(layout, RendererStack([BlurEffect(), WaveEffect(amplitude: .constant(6))]), time: 0.25)
        // The unblurred word is drawn exactly as by the wave alone; the blurred word differs.
        let boundary = Int(layout.runs[1].typographicBounds.origin.x) + 10 - 30
        for y in 0..<stacked.height { for x in 0..<boundary where waveOnly.pixel(x: x, y: y) != stacked.pixel(x: x, y: y) {
            Issue.record("pixel \(x),\(y) of the unblurred word differs")
            return
        } }
        #expect(!identical(waveOnly, stacked))
    }

    @Test func rotateTurnsGlyphsAboutTheirBaselineCentre() throws {
        let layout = layout("I")
        let tilt = RotateEffect(angle: .constant(90), speed: 0)
        #expect(abs(tilt.radians(x: 0, time: 3) - .pi / 2) < 1e-12)
        let upright = try #require(inkBox(render(layout, DefaultTextRenderer())))
        let turned = try #require(inkBox(render(layout, tilt)))
        #expect(upright.height > 3 * upright.width)
        #expect(turned.width > 3 * turned.height, "a quarter turn lays the bar down (\(turned))")
        // The transform is snapped for Cairo's glyph cache, so repeated draws stay identical.
        let thirty = RotateEffect(angle: .constant(30), speed: 0)
        #expect(identical(try render(layout, thirty), try render(layout, thirty)))
    }

    func inkBox(_ surface: ImageSurface) -> CGRect? {
        var box = CGRect.null
        for y in 0..<surface.height { for x in 0..<surface.width where surface.pixel(x: x, y: y).red < 0.5 {
            box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
        } }
        return box.isNull ? nil : box
    }

    @Test func everyBuiltInEffectIsRegisteredWithItsParameters() {
        let registry = EffectRegistry.builtIn
        #expect(registry.names == ["activeWord", "appear", "background", "blur", "bounce", "debug", "fill", "karaoke", "rotate", "shadow", "shimmer", "stroke", "typewriter", "vary", "wave", "wordReveal"])
        #expect(registry.parameters(of: "wave").map(\.name) == ["amplitude", "wavelength", "speed", "select"])
        #expect(registry.parameters(of: "appear").map(\.name).starts(with: ["unit", "duration", "elementDuration", "offset", "blur"]))
    }
}
