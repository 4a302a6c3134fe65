import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Caption frames cut from images of their pages drawn once (`CaptionPageCut`) are the frames
    /// drawn whole: every frame of karaoke, highlight and plain captions, in Latin, Arabic, CJK
    /// and emoji, at 1× and 2×, compared pixel by pixel with the same scene drawn without cuts.
    @Suite struct CaptionPageCutTests {
        /// Three pages of words spoken one after another ("so right each plan", "lands the / week
        /// we said", "then ship"), with pauses between some words.
        static let twoLines = ##"""
        {"segments": [
          {"start": 0.2, "end": 3.0, "text": "so right each plan lands the week we said", "words": [
            {"word": "so", "start": 0.2, "end": 0.5}, {"word": " right", "start": 0.5, "end": 0.8},
            {"word": " each", "start": 0.8, "end": 1.1}, {"word": " plan", "start": 1.1, "end": 1.4},
            {"word": " lands", "start": 1.6, "end": 1.9}, {"word": " the", "start": 1.9, "end": 2.1},
            {"word": " week", "start": 2.1, "end": 2.4}, {"word": " we", "start": 2.5, "end": 2.7},
            {"word": " said", "start": 2.7, "end": 3.0}]},
          {"start": 3.0, "end": 4.0, "text": "then ship", "words": [
            {"word": "then", "start": 3.0, "end": 3.4}, {"word": " ship", "start": 3.4, "end": 3.9}]}]}
        """##

        static func renderers(_ track: CaptionTrack, style: CaptionStyle, scale: Double = 1, duration: Double = 4,
                              canvas: CGSize = CGSize(width: 640, height: 360)) throws -> (cut: SceneRenderer, drawn: SceneRenderer) {
            TestFonts.pin()
            var scene = Scene(canvas: Scene.Canvas(width: canvas.width, height: canvas.height, background: nil), blocks: [])
            scene.canvas.scale = scale
            scene.fps = 30
            scene.duration = duration
            scene.captions = SceneCaptions(source: "t.json", track: track, style: style)
            return (try SceneRenderer(scene: scene, cutsCaptions: true), try SceneRenderer(scene: scene, cutsCaptions: false))
        }

        /// Every frame cut and drawn agree within the golden tolerance; returns how many pages were cut.
        @discardableResult
        static func expectCutFramesEqualDrawn(_ track: CaptionTrack, style: CaptionStyle, scale: Double = 1, duration: Double = 4,
                                              every: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
            let (cut, drawn) = try renderers(track, style: style, scale: scale, duration: duration)
            for frame in stride(from: 0, to: cut.scene.frameCount, by: every) {
                let a = try cut.renderFrame(frame), b = try drawn.renderFrame(frame)
                if let problem = ImageDiff.compare(a, b, tolerance: Self.tolerance) {
                    Issue.record("frame \(frame): \(problem)", sourceLocation: sourceLocation)
                    break
                }
            }
            return cut.captions?.items.filter { $0.cut != nil }.count ?? 0
        }

        /// No pixel off by more than 2 levels (rounding in translucent plates); a sweep edge one
        /// pixel off changes dozens of pixels by over 100.
        static let tolerance = Golden.Tolerance(maxChannelDelta: 2, outlierFraction: 0)

        static var karaoke: CaptionStyle { CaptionStyle.preset(named: "karaoke")! }

        @Test func karaokeFramesCutFromImagesAreTheFramesDrawn() throws {
            let cut = try Self.expectCutFramesEqualDrawn(try Captions.words(Self.twoLines), style: Self.karaoke)
            #expect(cut == 3, "every page is cut")
        }

        @Test func atTwiceTheScaleToo() throws {
            try Self.expectCutFramesEqualDrawn(try Captions.words(Self.twoLines), style: Self.karaoke, scale: 2, every: 3)
        }

        @Test func highlightWithItsOwnActiveColourOnATranslucentPlate() throws {
            var style = CaptionStyle.preset(named: "broadcast")!
            style.words = CaptionStyle.Words(effect: .highlight, spoken: .color(Color(red: 0.8, green: 0.8, blue: 0.8)),
                                             unspoken: .color(Color(red: 1, green: 1, blue: 1, alpha: 0.6)),
                                             active: .color(Color(red: 1, green: 0.2, blue: 0.2)))
            #expect(try Self.expectCutFramesEqualDrawn(try Captions.words(Self.twoLines), style: style) >= 2)
        }

        @Test func karaokeInArabicCJKAndEmoji() throws {
            let json = ##"""
            {"segments": [
              {"start": 0.0, "end": 1.2, "text": "مرحبا بالعالم الجميل", "words": [
                {"word": "مرحبا", "start": 0.0, "end": 0.4}, {"word": " بالعالم", "start": 0.4, "end": 0.8}, {"word": " الجميل", "start": 0.8, "end": 1.2}]},
              {"start": 1.2, "end": 2.4, "text": "今日は 晴れ 👩‍👩‍👧 です", "words": [
                {"word": "今日は", "start": 1.2, "end": 1.5}, {"word": " 晴れ", "start": 1.5, "end": 1.8},
                {"word": " 👩‍👩‍👧", "start": 1.8, "end": 2.1}, {"word": " です", "start": 2.1, "end": 2.4}]}]}
            """##
            var style = Self.karaoke
            style.font.family = "DejaVu Sans"
            #expect(try Self.expectCutFramesEqualDrawn(try Captions.words(json), style: style, duration: 2.5) == 2)
        }

        @Test func plainCaptionsAreOneImageAPage() throws {
            let track = try Captions.srt("1\n00:00:00,100 --> 00:00:01,000\nNo word times <i>here</i>\n\n2\n00:00:01,000 --> 00:00:02,000\nA second, longer caption that takes two lines at this width\n")
            let style = CaptionStyle.preset(named: "broadcast")!
            #expect(try Self.expectCutFramesEqualDrawn(track, style: style, duration: 2) == 2)
            let (cut, _) = try Self.renderers(track, style: style, duration: 2)
            let page = try #require(cut.captions?.items.first?.cut)
            #expect(page.columns(at: 0.5)?.map(\.key) == [CaptionPageCut.Key(line: 0, state: .unspoken)])
        }

        @Test func wordsSpokenOutOfLineOrderAreDrawnAsUsual() throws {
            // The second line's last words are spoken first: no image holds that, so those frames are drawn.
            let json = ##"{"segments": [{"start": 0, "end": 2, "text": "first words of the caption then the end", "words": [{"word": "first", "start": 1.0, "end": 1.1}, {"word": " words", "start": 1.1, "end": 1.2}, {"word": " of", "start": 1.2, "end": 1.3}, {"word": " the", "start": 1.3, "end": 1.4}, {"word": " caption", "start": 1.4, "end": 1.5}, {"word": " then", "start": 0.2, "end": 0.4}, {"word": " the", "start": 0.4, "end": 0.6}, {"word": " end", "start": 0.6, "end": 0.8}]}]}"##
            var style = Self.karaoke
            style.maxCharactersPerLine = 28
            let (cut, _) = try Self.renderers(try Captions.words(json), style: style, duration: 2)
            let page = try #require(cut.captions?.items.first?.cut)
            #expect(page.lines.count == 2)
            #expect(page.columns(at: 0.5) == nil, "line 2 active while line 1 is unspoken")
            #expect(page.columns(at: 1.25) == nil, "line 1 active while line 2 is partly spoken")
            #expect(page.columns(at: 1.45) != nil, "line 2 active with line 1 spoken")
            try Self.expectCutFramesEqualDrawn(try Captions.words(json), style: style, duration: 2)
        }

        @Test func theSweepSplitsTheActiveWordAtItsEdge() throws {
            let (cut, _) = try Self.renderers(try Captions.words(Self.twoLines), style: Self.karaoke)
            let page = try #require(cut.captions?.items.first?.cut)
            #expect(page.columns(at: 0.1)?.map(\.key) == [CaptionPageCut.Key(line: 0, state: .unspoken)], "nothing spoken yet")
            // Halfway through "right" (0.5–0.8 s): "so" and half of "right" sung, the rest not.
            let columns = try #require(page.columns(at: 0.65))
            #expect(columns.map(\.key) == [CaptionPageCut.Key(line: 0, state: .spoken), CaptionPageCut.Key(line: 0, state: .unspoken)])
            let right = page.lines[0][1]
            let edge = Double(columns[0].columns.upperBound)
            #expect(abs(edge - (right.minX + right.maxX) / 2) <= 1, "edge \(edge) at the middle of \(right.minX)…\(right.maxX)")
            #expect(columns.first?.columns.lowerBound == 0 && columns.last?.columns.upperBound == page.area.width)
            // In the pause between "week" and "we" (2.4–2.5 s), on the second page's second line,
            // the line is cut between the two words: the first line spoken in both images.
            let second = try #require(cut.captions?.items[1].cut)
            let week = second.lines[1][0], we = second.lines[1][1]
            let pause = try #require(second.columns(at: 2.45))
            #expect(pause.map(\.key) == [CaptionPageCut.Key(line: 1, state: .spoken), CaptionPageCut.Key(line: 0, state: .spoken)])
            let cutAt = Double(pause[0].columns.upperBound)
            #expect(cutAt > week.maxX && cutAt < we.minX, "\(week.maxX) < \(cutAt) < \(we.minX)")
            #expect(second.columns(at: 2.99)?.last?.key == CaptionPageCut.Key(line: 0, state: .spoken),
                    "the last line's unspoken part is the image with only the first line spoken")
        }

        @Test func pagesThatPopRevealOrCarryAPlateAreNotCut() throws {
            for effect in [CaptionStyle.Words.Effect.pop, .reveal] {
                var style = Self.karaoke
                style.words?.effect = effect
                let (cut, _) = try Self.renderers(try Captions.words(Self.twoLines), style: style)
                #expect(cut.captions?.items.allSatisfy { $0.cut == nil } == true, "\(effect)")
            }
            var plated = Self.karaoke
            plated.words?.plate = CaptionStyle.Plate(paint: .color(Color(red: 0, green: 0, blue: 1)))
            let (cut, _) = try Self.renderers(try Captions.words(Self.twoLines), style: plated)
            #expect(cut.captions?.items.allSatisfy { $0.cut == nil } == true, "an active plate")
        }

        @Test func theStoreKeepsOnlyTheMostRecentPages() throws {
            let store = CaptionImageStore(capacity: 2)
            let key = CaptionPageCut.Key(line: 0, state: .unspoken)
            var made = 0
            func image(_ page: Int) -> ImageSurface? {
                store.image(page: page, key: key) { made += 1; return try? ImageSurface(width: 2, height: 2) }
            }
            let first = image(0)
            #expect(image(0) === first && made == 1, "made once")
            _ = image(1)
            _ = image(0)
            _ = image(2)  // page 1 was used least recently
            #expect(store.pageCount == 2)
            #expect(image(0) === first && made == 3)
            _ = image(1)
            #expect(made == 4, "page 1 made again")
        }
    }
}
