import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Composing and drawing captions: balanced breaks, limits, placement, exact frames, styles.
    @Suite struct CaptionRenderingTests {
        static let canvas = CGSize(width: 1280, height: 720)

        static func pages(_ track: CaptionTrack, style: CaptionStyle = CaptionStyle(), rate: FrameRate = FrameRate(frames: 30)!,
                          canvas: CGSize = canvas) throws -> [CaptionPage] {
            TestFonts.pin()
            let fonts = try FontLibrary.forScene(addingDirectories: [])
            return CaptionComposer(track: track, style: style, canvas: canvas, rate: rate, environment: TextEnvironment(), fonts: fonts).pages()
        }

        static func layout(_ page: CaptionPage) throws -> TextLayout {
            page.block.layout(in: TextEnvironment(), fonts: try FontLibrary.forScene(addingDirectories: []))
        }

        static func lineTexts(_ layout: TextLayout) -> [String] {
            layout.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        }

        static var inter: CaptionStyle {
            var style = CaptionStyle()
            style.font.family = "Inter"
            return style
        }

        @Test func aTypicalCueBreaksIntoBalancedLinesWithNoOrphanWord() throws {
            let track = try Captions.vtt("00:01.000 --> 00:04.000\nSo we can highlight each word as it is spoken, and keep it easy to read.\n")
            let pages = try Self.pages(track, style: Self.inter)
            try #require(pages.count == 1)
            let layout = try Self.layout(pages[0])
            #expect(layout.lineCount == 2)
            let widths = layout.map { $0.typographicBounds.width }
            #expect(widths.min()! / widths.max()! > 0.8, "lines of similar width: \(widths) \(Self.lineTexts(layout))")
            let last = try #require(Self.lineTexts(layout).last)
            #expect(last.split(separator: " ").count >= 3, "no orphan: \(last)")
            // Pango at the full safe width would leave a short last line.
            let greedy = TextLayout(pages[0].block.text, options: LayoutOptions(width: Self.canvas.width * 0.8), fonts: try FontLibrary.forScene(addingDirectories: []))
            #expect(greedy.lineCount == 2)
            let greedyWidths = greedy.map { $0.typographicBounds.width }
            #expect(greedyWidths.min()! / greedyWidths.max()! < widths.min()! / widths.max()!)
        }

        @Test func aShortCueIsOneLineAsWideAsItsText() throws {
            let track = try Captions.vtt("00:01.000 --> 00:02.000\nThank you.\n")
            let page = try #require(try Self.pages(track).first)
            let layout = try Self.layout(page)
            #expect(layout.lineCount == 1)
            #expect(abs(page.block.frame.x + page.block.frame.width / 2 - Self.canvas.width / 2) < 1, "centred")
        }

        @Test func linesKeepToMaxCharactersAndCuesSplitBeyondMaxLines() throws {
            let text = "Most captions are still written by hand, one cue at a time. That works for a trailer, but it does not work for an hour of talk, and nobody wants to read four lines at once."
            let track = try Captions.vtt("00:10.000 --> 00:20.000\n\(text)\n")
            var style = Self.inter
            style.maxCharactersPerLine = 32
            style.maxLines = 2
            let pages = try Self.pages(track, style: style)
            #expect(pages.count >= 3)
            var words: [String] = []
            for page in pages {
                let layout = try Self.layout(page)
                #expect(layout.lineCount <= 2, "\(Self.lineTexts(layout))")
                for line in Self.lineTexts(layout) { #expect(line.count <= 32, "\(line)") }
                words += page.block.text.plainText.split(separator: " ").map(String.init)
            }
            #expect(words == text.split(separator: " ").map(String.init), "every word once, in order")
            // The parts follow each other over the cue's time.
            #expect(pages.first?.start == CaptionTime(seconds: 10))
            #expect(pages.last?.end == CaptionTime(seconds: 20))
            for (a, b) in zip(pages, pages.dropFirst()) { #expect(a.end == b.start && a.frames.upperBound == b.frames.lowerBound) }
            // Parts are cut after a clause or a sentence when one ends near their share.
            #expect(pages.allSatisfy { $0.block.text.plainText.last.map { ".,".contains($0) } == true }, "\(pages.map(\.block.text.plainText))")
        }

        @Test func splitPartsStartWhenTheirFirstWordIsSpoken() throws {
            let json = #"{"segments": [{"start": 1, "end": 5, "text": " one two three four five six seven eight nine ten eleven twelve", "words": ["#
                + (0..<12).map { i in #"{"word": " w\#(i)", "start": \#(1 + Double(i) * 0.3), "end": \#(1.25 + Double(i) * 0.3)}"# }.joined(separator: ",")
                + "]}]}"
            let track = try Captions.words(json)
            var style = Self.inter
            style.maxCharactersPerLine = 12
            style.maxLines = 1
            let pages = try Self.pages(track, style: style)
            #expect(pages.count > 2)
            for page in pages.dropFirst() {
                let first = try #require(page.block.text.plainText.split(separator: " ").first)
                let word = try #require(track.cues[0].words.first { $0.text == String(first) })
                #expect(page.start == word.start, "\(first)")
            }
        }

        @Test func simultaneousCuesStackInsteadOfCovering() throws {
            let vtt = """
                00:00.000 --> 00:04.000
                The first speaker talks for a while

                00:01.000 --> 00:02.000
                A second voice cuts in

                00:01.500 --> 00:03.000 line:0
                Pinned to the top

                00:03.000 --> 00:03.500
                Later, still above the first

                00:05.000 --> 00:06.000
                Alone again
                """
            let track = try Captions.vtt(vtt + "\n")
            func boxes(_ style: CaptionStyle) throws -> [CGRect] {
                try Self.pages(track, style: style).map { page in
                    CGRect(x: page.block.frame.x, y: page.block.frame.y, width: page.block.frame.width,
                           height: try Self.layout(page).textSize.height)
                }
            }
            let bottom = try boxes(CaptionStyle())
            try #require(bottom.count == 5)
            // The second and fourth cues sit above the first, which keeps its place at the bottom, as does the lone last cue.
            #expect(bottom[1].maxY < bottom[0].minY && bottom[3].maxY < bottom[0].minY, "\(bottom)")
            #expect(bottom[0].minY == bottom[4].minY)
            // line:0 is placed by the cue and does not move.
            #expect(bottom[2].minY < bottom[1].minY)
            var top = CaptionStyle()
            top.placement = .top
            let stackedDown = try boxes(top)
            #expect(stackedDown[1].minY > stackedDown[0].maxY, "\(stackedDown)")
        }

        @Test func placementBottomTopAndWebVTTLine() throws {
            let safe = CGRect(x: 128, y: 72, width: 1024, height: 576)
            let cues = """
            00:01.000 --> 00:02.000
            Bottom by default

            00:03.000 --> 00:04.000 line:0
            On the top line

            00:05.000 --> 00:06.000 line:-1
            On the bottom line

            00:07.000 --> 00:08.000 line:50%,center align:start
            Middle, from the left

            00:09.000 --> 00:10.000 position:80%,line-right
            Ends at 80 percent

            """
            let pages = try Self.pages(try Captions.vtt(cues), style: Self.inter)
            try #require(pages.count == 5)
            let pad = CaptionStyle().plate!.padding.height
            func box(_ i: Int) throws -> CGRect {
                let layout = try Self.layout(pages[i])
                return CGRect(x: pages[i].block.frame.x, y: pages[i].block.frame.y, width: pages[i].block.frame.width, height: layout.textSize.height)
            }
            #expect(abs(try box(0).maxY + pad - safe.maxY) < 0.5, "bottom of the safe area")
            #expect(abs(try box(1).minY - pad - safe.minY) < 0.5, "line:0 is the top line of the safe area")
            #expect(abs(try box(2).maxY + pad - safe.maxY) < 0.5, "line:-1 is the bottom line")
            #expect(abs(try box(3).midY - 360) < 0.5, "line:50%,center is centred on the middle")
            #expect(abs(try box(3).minX - safe.minX) < 0.5, "align:start starts at the safe area's left")
            #expect(abs(try box(4).maxX - 1024) < 0.5, "position:80%,line-right ends at 80 %")
            var top = Self.inter
            top.placement = .top
            let topPage = try #require(try Self.pages(try Captions.vtt("00:01.000 --> 00:02.000\nAt the top\n"), style: top).first)
            #expect(abs(topPage.block.frame.y - pad - safe.minY) < 0.5)
            // SubRip's {\an8} goes to the top too.
            let srt = try #require(try Self.pages(try Captions.srt("1\n00:00:01,000 --> 00:00:02,000\n{\\an8}Top\n")).first)
            #expect(abs(srt.block.frame.y - pad - safe.minY) < 0.5)
        }

        @Test func aCueIsOnExactlyItsFramesAt30000Over1001() throws {
            // 1.001 s is frame 30 exactly; 2.002 s is frame 60, the first frame without the cue.
            let track = try Captions.vtt("00:01.001 --> 00:02.002\nExactly\n\n00:02.003 --> 00:02.100\nNext\n")
            let rate = try #require(FrameRate(parsing: "30000/1001"))
            let pages = try Self.pages(track, rate: rate)
            #expect(pages.map(\.frames) == [30..<60, 61..<63])
            var scene = Scene(canvas: Scene.Canvas(width: 320, height: 180, background: nil), blocks: [])
            scene.fps = rate.value
            scene.captions = SceneCaptions(source: "t.vtt", track: track)
            let renderer = try SceneRenderer(scene: scene)
            func drawn(_ frame: Int) throws -> Bool {
                let surface = try renderer.renderFrame(frame)
                for y in 0..<180 { for x in 0..<320 where surface.pixel(x: x, y: y).alpha > 0 { return true } }
                return false
            }
            #expect(try drawn(29) == false)
            #expect(try drawn(30) == true)
            #expect(try drawn(59) == true)
            #expect(try drawn(60) == false)
            #expect(try drawn(61) == true)
        }

        @Test func frameRates() {
            #expect(FrameRate(parsing: "30000/1001") == FrameRate(frames: 30000, per: 1001))
            #expect(FrameRate(parsing: "24000:1001")?.description == "24000/1001")
            #expect(FrameRate(approximating: 30000.0 / 1001)?.description == "30000/1001")
            #expect(FrameRate(parsing: "29.97")?.description == "2997/100")
            #expect(FrameRate(parsing: "60/2")?.description == "30")
            for bad in ["", "0", "-30", "30/0", "abc", "1/2/3", "2000", "nan"] { #expect(FrameRate(parsing: bad) == nil, "\(bad)") }
        }

        @Test func presetsAreTheFilesInStyles() throws {
            for name in CaptionStyle.presetNames {
                let file = TestFonts.repositoryRoot.appendingPathComponent("Styles/captions/\(name).json")
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == CaptionStyle.presetJSON[name]?.trimmingCharacters(in: .whitespacesAndNewlines))
                let problems = SceneProblems()
                _ = JSONNode(value: try JSONValue(parsing: Data(text.utf8)), path: "", problems: problems).captionStyle()
                #expect(problems.isEmpty, "\(problems.items)")
            }
            let pop = try #require(CaptionStyle.preset(named: "bold-pop"))
            #expect(pop.plate == nil && pop.outline != nil && pop.font.weight == .black)
            let broadcast = try #require(CaptionStyle.preset(named: "broadcast"))
            #expect(broadcast.plate != nil && broadcast.placement == .bottom)
        }

        @Test func styleFieldsAndTheirErrors() throws {
            let json = #"{"preset": "broadcast", "font": {"size": "6vh", "weight": "bold"}, "outline": {"width": "0.5vh"}, "safeArea": [0.05, 0.08], "maxLines": 3, "classes": {"loud": {"color": "red", "bold": true}}, "voice": true, "position": "top"}"#
            let problems = SceneProblems()
            let style = JSONNode(value: try JSONValue(parsing: Data(json.utf8)), path: "captions.style", problems: problems).captionStyle()
            #expect(problems.isEmpty)
            #expect(style.size == .frameHeight(0.06) && style.font.weight == .bold && style.plate != nil)
            #expect(style.outline?.width == .frameHeight(0.005) && style.safeArea == CGSize(width: 0.05, height: 0.08))
            #expect(style.maxLines == 3 && style.placement == .top && style.showsVoice && style.classes["loud"]?.bold == true)
            let bad = #"{"preset": "tiktok", "font": {"size": "big"}, "maxLines": 0, "safeArea": 0.7, "colour": "red"}"#
            let badProblems = SceneProblems()
            _ = JSONNode(value: try JSONValue(parsing: Data(bad.utf8)), path: "captions.style", problems: badProblems).captionStyle()
            let lines = badProblems.items.map(\.description)
            #expect(lines.contains { $0.hasPrefix("captions.style.preset:") && $0.contains("bold-pop, broadcast") })
            #expect(lines.contains { $0.hasPrefix("captions.style.font.size:") })
            #expect(lines.contains { $0.hasPrefix("captions.style.maxLines:") })
            #expect(lines.contains { $0.hasPrefix("captions.style.safeArea:") })
            #expect(lines.contains { $0.hasPrefix("captions.style.colour:") })
        }

        @Test func cueSpansKeepTheirStylesAndVoicesMayLead() throws {
            let track = try Captions.vtt("00:01.000 --> 00:02.000\n<v Maya>I <b>said</b> <c.loud>this</c> <i>now</i>\n")
            var style = Self.inter
            style.classes["loud"] = Style(color: .color(.red))
            style.showsVoice = true
            let page = try #require(try Self.pages(track, style: style).first)
            let spans = page.block.text.spans
            #expect(page.block.text.plainText == "Maya: I said this now")
            #expect(spans.first { $0.text == "said" }?.style.bold == true)
            #expect(spans.first { $0.text == "this" }?.style.color == .color(.red))
            #expect(spans.first { $0.text == "now" }?.style.italic == true)
        }

        @Test func aSceneWithABadCaptionFileNamesItsLine() throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("captions-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            try "WEBVTT\n\n00:01.000 --> 00:02.0\nHi\n".write(to: dir.appendingPathComponent("bad.vtt"), atomically: true, encoding: .utf8)
            let scene = #"{"canvas": {"width": 100, "height": 100}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 90}, "text": "x"}], "captions": {"source": "bad.vtt"}}"#
            #expect(throws: SceneError.self) { try SceneDecoder(effects: .builtIn).decode(Data(scene.utf8), baseDirectory: dir) }
            do {
                _ = try SceneDecoder(effects: .builtIn).decode(Data(scene.utf8), baseDirectory: dir)
            } catch let error as SceneError {
                #expect(error.description.hasPrefix("scene.json: captions.source: bad.vtt:3"), "\(error)")
            }
            let missing = scene.replacingOccurrences(of: "bad.vtt", with: "none.vtt")
            do {
                _ = try SceneDecoder(effects: .builtIn).decode(Data(missing.utf8), baseDirectory: dir)
                Issue.record("a missing file is an error")
            } catch let error as SceneError {
                #expect(error.description.contains("captions.source: \"none.vtt\" does not exist"), "\(error)")
            }
        }
    }
}
