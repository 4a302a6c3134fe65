import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Per-word timing effects: karaoke sweeps, the active word, words revealed as spoken.
    @Suite struct WordEffectsTests {
        /// A 480×120 scene on black with one block of white text carrying `WordTime`s, drawn by `effects`.
        static func scene(_ spans: String, effects: String, fps: Double = 10) throws -> SceneRenderer {
            TestFonts.pin()
            let json = """
            {"version": 1, "canvas": {"width": 480, "height": 120, "background": "#000000"}, "fps": \(fps), "duration": 3,
             "blocks": [{"id": "t", "frame": {"x": 20, "y": 20, "width": 440}, "text": \(spans),
                         "style": {"font": {"family": "DejaVu Sans", "size": 48}, "color": "#FFFFFF"}, "effects": \(effects)}]}
            """
            return try SceneRenderer(scene: SceneDecoder(effects: .builtIn).decode(Data(json.utf8)))
        }

        /// One span of `text` spoken from 1 s to 2 s.
        static func word(_ text: String) -> String {
            ##"[{"text": "\##(text)", "attributes": {"WordTime": {"start": 1, "end": 2}}}]"##
        }

        static func isRed(_ c: Color) -> Bool { c.red > 0.6 && c.green < 0.3 && c.blue < 0.3 }
        static func isWhite(_ c: Color) -> Bool { c.red > 0.6 && c.green > 0.6 && c.blue > 0.6 }

        /// Mean x of the pixels that pass `test`, and how many there are.
        static func centroid(_ surface: ImageSurface, _ test: (Color) -> Bool) -> (x: Double, count: Int) {
            var sum = 0.0, count = 0
            for y in 0..<surface.height { for x in 0..<surface.width where test(surface.pixel(x: x, y: y)) { sum += Double(x); count += 1 } }
            return (count > 0 ? sum / Double(count) : .nan, count)
        }

        static func same(_ a: Color, _ b: Color) -> Bool {
            abs(a.red - b.red) < 0.02 && abs(a.green - b.green) < 0.02 && abs(a.blue - b.blue) < 0.02 && abs(a.alpha - b.alpha) < 0.02
        }

        /// Checks a half-swept frame column by column against the word drawn whole unsung (frame 0)
        /// and whole sung (after its end): every column equals one of them but for at most two
        /// columns at the sweep's edge, sung columns all on the leading side, unsung on the other.
        /// Whole-drawn references mean no glyph was cut apart, re-shaped or un-joined.
        static func expectSweepSplitsWholeGlyphs(_ text: String, rightToLeft: Bool) throws {
            let renderer = try scene(word(text), effects: ##"[{"type": "karaoke", "sung": "#FF0000", "unsung": "#FFFFFF"}]"##)
            let unsung = try renderer.renderFrame(0), sung = try renderer.renderFrame(25), swept = try renderer.renderFrame(15)
            var kinds: [Character] = []  // s: as sung, u: as unsung, m: neither
            for x in 0..<swept.width {
                var asSung = true, asUnsung = true, differs = false
                for y in 0..<swept.height {
                    let p = swept.pixel(x: x, y: y), a = sung.pixel(x: x, y: y), b = unsung.pixel(x: x, y: y)
                    if !same(a, b) { differs = true }
                    if !same(p, a) { asSung = false }
                    if !same(p, b) { asUnsung = false }
                }
                guard differs else { continue }
                kinds.append(asSung ? "s" : asUnsung ? "u" : "m")
            }
            let pattern = String(kinds)
            let leading = rightToLeft ? String(pattern.reversed()) : pattern
            // Leading side sung, then the edge, then unsung.
            let sungCount = leading.prefix { $0 == "s" }.count
            let rest = leading.dropFirst(sungCount)
            let mixed = rest.prefix { $0 == "m" }.count
            #expect(sungCount > 3 && mixed <= 2 && rest.dropFirst(mixed).allSatisfy { $0 == "u" } && rest.dropFirst(mixed).count > 3,
                    "\(text): columns by kind, leading side first: \(leading)")
        }

        @Test func aWordIsActiveOnExactlyItsFramesAt30000Over1001() throws {
            // "one" from 1.001 s (frame 30 exactly) to 2.002 s (frame 60); "two" not before 2.5 s.
            let words = ##"{"segments": [{"start": 0.5, "end": 3.5, "text": " one two", "words": [{"word": " one", "start": 1.001, "end": 2.002}, {"word": " two", "start": 2.5, "end": 3.0}]}]}"##
            let track = try Captions.words(words)
            let rate = try #require(FrameRate(parsing: "30000/1001"))
            var style = CaptionStyle()
            style.plate = nil
            style.words = CaptionStyle.Words(effect: .highlight, active: .color(Color(red: 1, green: 0, blue: 0)))
            var scene = Scene(canvas: Scene.Canvas(width: 320, height: 180, background: nil), blocks: [])
            scene.fps = rate.value
            scene.duration = 4
            scene.captions = SceneCaptions(source: "t.json", track: track, style: style)
            TestFonts.pin()
            let renderer = try SceneRenderer(scene: scene)
            func red(_ frame: Int) throws -> Int { Self.centroid(try renderer.renderFrame(frame), Self.isRed).count }
            #expect(try red(29) == 0)
            #expect(try red(30) > 20)
            #expect(try red(59) > 20)
            #expect(try red(60) == 0)
            // The same rule as cue frames, for word starts all over an hour.
            for ms in stride(from: 0, to: 3_600_000, by: 997) {
                let word = WordTime(start: CaptionTime(milliseconds: ms), end: CaptionTime(milliseconds: ms + 400))
                let first = word.start.firstFrame(atOrAfterRate: rate.frames, per: rate.seconds)
                let time = { (frame: Int) in Double(frame) / rate.value }
                #expect(word.phase(at: time(first)) != .unspoken && word.phase(at: time(first - 1)) == .unspoken, "\(ms) ms")
            }
        }

        @Test func theSweepRunsLeftToRightInLatinAndRightToLeftInArabicAndHebrew() throws {
            for (text, rtl) in [("Sweeping", false), ("مرحبا بالعالم", true), ("שלום עולם", true)] {
                let renderer = try Self.scene(Self.word(text), effects: ##"[{"type": "karaoke", "sung": "#FF0000"}]"##)
                let early = try renderer.renderFrame(12), late = try renderer.renderFrame(18)
                let red = (Self.centroid(early, Self.isRed), Self.centroid(late, Self.isRed))
                let white = Self.centroid(early, Self.isWhite)
                #expect(red.0.count > 10 && red.1.count > red.0.count, "\(text): the sung part grows")
                #expect(rtl ? red.0.x > white.x : red.0.x < white.x, "\(text): sung on the leading side")
                #expect(rtl ? red.1.x < red.0.x : red.1.x > red.0.x, "\(text): the edge moves away from the leading side")
                #expect(Self.centroid(try renderer.renderFrame(5), Self.isRed).count == 0, "\(text): nothing sung before")
            }
        }

        @Test func sweptGlyphsAreDrawnWholeInArabicHebrewCJKAndEmoji() throws {
            try Self.expectSweepSplitsWholeGlyphs("مرحبا بالعالم", rightToLeft: true)
            try Self.expectSweepSplitsWholeGlyphs("שלום עולם", rightToLeft: true)
            try Self.expectSweepSplitsWholeGlyphs("你好世界，早上好", rightToLeft: false)
            try Self.expectSweepSplitsWholeGlyphs("ffi 👩‍👩‍👧 ok", rightToLeft: false)
        }

        @Test func theEmojiSequenceStaysOneColourGlyph() throws {
            let text = "a👩‍👩‍👧b"
            let renderer = try Self.scene(Self.word(text), effects: ##"[{"type": "karaoke", "sung": "#FF0000"}]"##)
            let layout = renderer.layouts[0]
            #expect(layout.glyphs.filter { $0.text.contains("👩") }.count == 1, "one glyph for the family")
            // Colour emoji keep their colours whatever the sweep paints: the same pixels unswept and
            // half swept (the edge then crosses the emoji) inside the emoji's box.
            let emoji = try #require(layout.glyphs.first { $0.text.contains("👩") })
            let box = emoji.typographicBounds.rect.offsetBy(dx: 20, dy: 20)
            let before = try renderer.renderFrame(0), swept = try renderer.renderFrame(15)
            var emojiPixels = 0
            for y in Int(box.minY)..<Int(box.maxY) { for x in Int(box.minX)..<Int(box.maxX) {
                let p = before.pixel(x: x, y: y)
                if p.red + p.green + p.blue > 0.3 { emojiPixels += 1 }
                #expect(Self.same(p, swept.pixel(x: x, y: y)), "(\(x), \(y))")
            } }
            #expect(emojiPixels > 50)
        }

        @Test func wordEffectsStackWithOtherEffects() throws {
            let stacked = try Self.scene(Self.word("Stacked"), effects: ##"[{"type": "stroke", "color": "#00FF00", "width": 3}, {"type": "karaoke", "sung": "#FF0000"}]"##)
            let frame = try stacked.renderFrame(15)
            let green = Self.centroid(frame) { $0.green > 0.6 && $0.red < 0.3 && $0.blue < 0.3 }
            let red = Self.centroid(frame, Self.isRed), white = Self.centroid(frame, Self.isWhite)
            #expect(green.count > 50 && red.count > 10 && white.count > 10, "outline, sung and unsung parts all drawn")
            #expect(red.x < white.x)
            let pop = try Self.scene(Self.word("Pop"), effects: ##"[{"type": "activeWord", "color": "#FF0000", "scale": 1.5, "popDuration": 0}]"##)
            let still = Self.centroid(try pop.renderFrame(5), Self.isWhite).count
            let popped = Self.centroid(try pop.renderFrame(15), Self.isRed).count
            #expect(Double(popped) > Double(still) * 1.8, "1.5× larger: about 2.25× the pixels (\(still) → \(popped))")
        }

        @Test func wordsRevealAsSpoken() throws {
            let spans = ##"[{"text": "One ", "attributes": {"WordTime": {"start": 0, "end": 1}}}, {"text": "two", "attributes": {"WordTime": {"start": 1.5, "end": 2}}}]"##
            let renderer = try Self.scene(spans, effects: ##"[{"type": "wordReveal", "fade": 0}]"##)
            let first = Self.centroid(try renderer.renderFrame(14), Self.isWhite)
            let both = Self.centroid(try renderer.renderFrame(15), Self.isWhite)
            #expect(first.count > 50 && both.count > first.count + 50 && both.x > first.x, "\"two\" appears at 1.5 s")
        }

        @Test func webVTTInlineTimestampsDriveTheSameEffects() throws {
            let track = try Captions.vtt("00:00.000 --> 00:03.000\nLeft <00:01.500>right\n")
            var style = CaptionStyle()
            style.plate = nil
            style.words = CaptionStyle.Words(effect: .highlight, active: .color(Color(red: 1, green: 0, blue: 0)))
            var scene = Scene(canvas: Scene.Canvas(width: 320, height: 180, background: nil), blocks: [])
            scene.fps = 10
            scene.duration = 3
            scene.captions = SceneCaptions(source: "t.vtt", track: track, style: style)
            TestFonts.pin()
            let renderer = try SceneRenderer(scene: scene)
            let left = Self.centroid(try renderer.renderFrame(10), Self.isRed), right = Self.centroid(try renderer.renderFrame(20), Self.isRed)
            #expect(left.count > 20 && right.count > 20 && left.x < 160 && right.x > 160, "\(left) \(right)")
        }

        @Test func cuesWithoutTimingsDrawAsWithoutWordEffects() throws {
            let track = try Captions.srt("1\n00:00:00,000 --> 00:00:02,000\nNo word times here\n")
            func frame(_ words: CaptionStyle.Words?) throws -> ImageSurface {
                var style = CaptionStyle()
                style.words = words
                var scene = Scene(canvas: Scene.Canvas(width: 320, height: 180, background: nil), blocks: [])
                scene.captions = SceneCaptions(source: "t.srt", track: track, style: style)
                TestFonts.pin()
                return try SceneRenderer(scene: scene).renderFrame(15)
            }
            let plain = try frame(nil)
            for effect in CaptionStyle.Words.Effect.allCases {
                let drawn = try frame(CaptionStyle.Words(effect: effect, unspoken: .color(Color(red: 1, green: 0, blue: 0))))
                #expect(ImageDiff.stats(plain, drawn)?.differing == 0, "\(effect)")
            }
        }

        @Test func styleWordsFieldsPresetsAndErrors() throws {
            let json = ##"{"preset": "broadcast", "words": {"effect": "pop", "active": "#FF0000", "spoken": "#CCCCCC", "scale": 1.3, "plate": {"color": "#000000"}}}"##
            let problems = SceneProblems()
            let style = JSONNode(value: try JSONValue(parsing: Data(json.utf8)), path: "captions.style", problems: problems).captionStyle()
            #expect(problems.isEmpty)
            let words = try #require(style.words)
            #expect(words.effect == .pop && words.activeScale == 1.3 && words.active == .color(Color(red: 1, green: 0, blue: 0)) && words.plate != nil)
            #expect(CaptionStyle.preset(named: "bold-pop")?.words?.effect == .pop)
            #expect(CaptionStyle.preset(named: "karaoke")?.words?.effect == .karaoke)
            #expect(CaptionStyle.preset(named: "broadcast")?.words == nil)
            let off = JSONNode(value: try JSONValue(parsing: Data(##"{"preset": "bold-pop", "words": false}"##.utf8)), path: "s", problems: SceneProblems()).captionStyle()
            #expect(off.words == nil)
            let bad = ##"{"words": {"effect": "sparkle", "scale": 9, "colour": "red"}}"##
            let badProblems = SceneProblems()
            _ = JSONNode(value: try JSONValue(parsing: Data(bad.utf8)), path: "captions.style", problems: badProblems).captionStyle()
            let lines = badProblems.items.map(\.description)
            #expect(lines.contains { $0.hasPrefix("captions.style.words.effect:") && $0.contains("karaoke") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("captions.style.words.scale:") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("captions.style.words.colour:") }, "\(lines)")
        }

        @Test func theEffectsListTheirParameters() {
            let registry = EffectRegistry.builtIn
            #expect(Set(registry.parameters(of: "karaoke").map(\.name)).isSuperset(of: ["sung", "unsung", "spoken", "select"]))
            #expect(Set(registry.parameters(of: "activeWord").map(\.name)).isSuperset(of: ["color", "spoken", "unspoken", "scale", "popDuration", "plate", "cornerRadius", "padding"]))
            #expect(Set(registry.parameters(of: "wordReveal").map(\.name)).isSuperset(of: ["fade", "active"]))
        }

        @Test func aSceneWordTimeThatDoesNotDecodeIsAnError() throws {
            let json = """
            {"version": 1, "canvas": {"width": 100, "height": 50}, "blocks": [{"id": "t", "frame": {"x": 0, "y": 0, "width": 100},
             "text": [{"text": "x", "attributes": {"WordTime": {"start": 2, "end": 1}}}], "effects": [{"type": "karaoke"}]}]}
            """
            #expect(throws: SceneError.self) { try SceneDecoder(effects: .builtIn).decode(Data(json.utf8)) }
        }
    }
}
