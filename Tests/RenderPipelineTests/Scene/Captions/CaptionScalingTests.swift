import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Caption preparation grows in proportion to its input (issue 34): each step that once
    /// looked at the whole cue, or at every page, for each word or part runs here at a size where
    /// that would take hours, under bounds of a minute (it takes seconds, in a debug build); and
    /// gives what the plain scan gave, on small random inputs.
    @Suite struct CaptionScalingTests {
        static func composer(_ track: CaptionTrack = CaptionTrack(format: .webVTT, cues: []),
                             style: CaptionStyle = CaptionStyle()) throws -> CaptionComposer {
            TestFonts.pin()
            return CaptionComposer(track: track, style: style, canvas: CGSize(width: 1280, height: 720), rate: FrameRate(frames: 30)!,
                                   environment: TextEnvironment(), fonts: try FontLibrary.forScene(addingDirectories: []))
        }

        static func seconds(_ work: () throws -> Void) rethrows -> Double {
            let elapsed = try ContinuousClock().measure(work)
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }

        /// A small reproducible generator (the tests' inputs are the same every run).
        struct Random {
            var state: UInt64
            mutating func next(_ bound: Int) -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int((state >> 33) % UInt64(bound))
            }
        }

        static func text(words: Int, random: inout Random) -> [Character] {
            let vocabulary = ["a", "word", "spoken,", "then.", "another", "longer-word", "it", "ends;", "here!"]
            return Array((0..<words).map { _ in vocabulary[random.next(vocabulary.count)] }.joined(separator: " "))
        }

        static func wordStarts(_ characters: [Character]) -> [Int] {
            characters.indices.filter { $0 > 0 && characters[$0 - 1].isWhitespace && !characters[$0].isWhitespace }
        }

        // MARK: Cutting a cue into parts

        /// The split as it was: every word start after the last cut scored for every cut.
        static func splitByScanning(_ characters: [Character], wordStarts: [Int], into count: Int) -> [Range<Int>] {
            guard count > 1 else { return [0..<characters.count] }
            func score(_ cut: Int, _ target: Double, _ share: Double) -> Double {
                var previous = cut - 1
                while previous > 0, characters[previous].isWhitespace { previous -= 1 }
                let bonus = ".!?…".contains(characters[previous]) ? 0.8 : ",;:–—".contains(characters[previous]) ? 0.5 : 0
                return abs(Double(cut) - target) - bonus * share
            }
            var cuts: [Int] = []
            let total = Double(characters.count)
            for k in 1..<count {
                let target = total * Double(k) / Double(count)
                let candidates = wordStarts.filter { $0 > (cuts.last ?? 0) }
                guard let best = candidates.min(by: { score($0, target, total / Double(count)) < score($1, target, total / Double(count)) })
                else { break }
                cuts.append(best)
            }
            let bounds = [0] + cuts + [characters.count]
            return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        }

        @Test func splitCutsWhereScanningEveryWordStartDid() {
            var random = Random(state: 34)
            for _ in 0..<300 {
                let characters = Self.text(words: 1 + random.next(60), random: &random)
                let starts = Self.wordStarts(characters)
                let count = 1 + random.next(starts.count + 3)
                #expect(CaptionComposer.split(characters, wordStarts: starts, into: count)
                        == Self.splitByScanning(characters, wordStarts: starts, into: count), "\(String(characters)) into \(count)")
            }
        }

        @Test func splittingATalkIntoTensOfThousandsOfPartsIsLinear() {
            // 300,000 words into 60,000 parts: scoring every word start for every cut is 10^10 scores.
            var random = Random(state: 1)
            let characters = Self.text(words: 300_000, random: &random)
            let starts = Self.wordStarts(characters)
            var parts: [Range<Int>] = []
            let seconds = Self.seconds { parts = CaptionComposer.split(characters, wordStarts: starts, into: 60_000) }
            #expect(parts.count == 60_000)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(seconds < 60, "\(seconds) s")
        }

        @Test func theFewestPartsAreFoundInAFewTries() {
            // A cue needing one or two more parts than its lines say is tried count by count.
            var tried: [Int] = []
            #expect(CaptionComposer.partCount(from: 5, to: 100) { tried.append($0); return $0 >= 7 } == 7)
            #expect(tried == [5, 6, 7])
            tried = []
            #expect(CaptionComposer.partCount(from: 5, to: 100) { tried.append($0); return $0 >= 8 } == 8)
            #expect(tried == [5, 6, 7, 9, 8])
            // A talk in one segment needing tens of thousands more: a few dozen tries, not one a part.
            tried = []
            let many = CaptionComposer.partCount(from: 10, to: 400_000) { tried.append($0); return $0 >= 61_234 }
            #expect(many >= 61_234 && Double(many) <= 61_234 * 1.01, "\(many) parts")
            #expect(tried.count < 40, "\(tried.count) tries")
            // While the counts tried stay below 128 the answer is exact.
            #expect(CaptionComposer.partCount(from: 60, to: 400) { $0 >= 100 } == 100)
        }

        @Test func aLongCueTakesAsManyTriesAtAnyLength() {
            // Parts overflow by a share of their number: 5 % more than the lines say, at a
            // thousand parts or a hundred thousand, takes the same few tries (each lays out the
            // whole cue), so preparing a cue ten times as long costs ten times as much.
            func tries(first: Int) -> (count: Int, tries: Int) {
                var tried = 0
                let needed = first + first / 20
                let count = CaptionComposer.partCount(from: first, to: first * 4) { tried += 1; return $0 >= needed }
                #expect(count >= needed && Double(count) <= Double(needed) * 1.01)
                return (count, tried)
            }
            let small = tries(first: 1_000), large = tries(first: 100_000)
            #expect(large.tries <= small.tries + 1, "\(small.tries) tries for 1,000 parts, \(large.tries) for 100,000")
            #expect(large.tries <= 12, "\(large.tries) tries")
            // None fits: the most parts, as trying every count ended.
            #expect(CaptionComposer.partCount(from: 3, to: 50) { _ in false } == 50)
            #expect(CaptionComposer.partCount(from: 3, to: 3) { _ in false } == 3)
        }

        // MARK: Words in pieces, parts' times

        /// One cue of `count` timed words, as a whisper segment gives it.
        static func segment(words count: Int) -> CaptionCue {
            var text = ""
            var words: [WordTiming] = []
            var offset = 0
            for i in 0..<count {
                if i > 0 { text += " "; offset += 1 }
                let word = "w\(i % 997)"
                text += word
                words.append(WordTiming(text: word, start: CaptionTime(milliseconds: 300 * i), end: CaptionTime(milliseconds: 300 * i + 250),
                                        range: offset..<offset + word.count))
                offset += word.count
            }
            return CaptionCue(start: .zero, end: CaptionTime(milliseconds: 300 * count), nodes: [.text(text)], words: words)
        }

        @Test func aSegmentOfManyWordsBecomesPiecesAndPartTimesInLinearTime() throws {
            let composer = try Self.composer()
            let cue = Self.segment(words: 200_000)
            var pieces: [CaptionComposer.Piece] = []
            var times: [(CaptionTime, CaptionTime)] = []
            let seconds = try Self.seconds {
                pieces = composer.pieces(of: cue)
                let total = pieces.reduce(0) { $0 + $1.text.count }
                // A part every four words (about 20 characters): each part's start is its first word's.
                let starts = Self.wordStarts(Array(cue.text))
                let bounds = [0] + stride(from: 3, to: starts.count, by: 4).map { starts[$0] } + [total]
                let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
                times = composer.times(of: ranges, in: cue, pieces: pieces, total: total)
                try #require(times.count == ranges.count)
            }
            #expect(pieces.count == 2 * 200_000 - 1)
            #expect(times[1].0 == CaptionTime(milliseconds: 300 * 4))
            #expect(times.last?.1 == cue.end)
            #expect(seconds < 60, "\(seconds) s")
        }

        @Test func aCueOfManyInlineTimestampsBecomesPiecesInLinearTime() throws {
            // Each timestamp ends a run: pieces once looked at every word for every run.
            let body = (1...50_000).map { "<\(CaptionTime(milliseconds: 300 * $0))>w\($0 % 997)" }.joined(separator: " ")
            let track = try Captions.vtt("00:00.000 --> 10:00:00.000\nw0 \(body)\n")
            let cue = try #require(track.cues.first)
            #expect(cue.words.count == 50_001)
            let composer = try Self.composer(track)
            var pieces: [CaptionComposer.Piece] = []
            let seconds = Self.seconds { pieces = composer.pieces(of: cue) }
            #expect(pieces.filter { $0.attributes[WordTime.self] != nil }.count == 50_001)
            #expect(seconds < 60, "\(seconds) s")
        }

        @Test func wordsOutOfOrderAreCutAsScanningEveryWordDid() throws {
            // Cues built in code may list words in any order: each piece then looks at every word,
            // in their order (a word listed before words earlier in the text hides them).
            let composer = try Self.composer()
            var cue = Self.segment(words: 6)
            cue.words.swapAt(1, 4)
            #expect(!CaptionComposer.inOrder(cue.words))
            let timed = composer.pieces(of: cue).filter { $0.attributes[WordTime.self] != nil }
            #expect(timed.map(\.text) == ["w0", "w4", "w5"])
            #expect(CaptionComposer.inOrder(Self.segment(words: 6).words))
        }

        // MARK: Stacking

        /// Stacking as it was: every page compared with every page shown before it, moving on
        /// however far off the frame.
        static func stackedByScanning(_ pages: [CaptionComposer.Placed], style: CaptionStyle, height: Double) -> [Double] {
            let order = pages.indices.sorted { (pages[$0].page.frames.lowerBound, $0) < (pages[$1].page.frames.lowerBound, $1) }
            var shown: [CaptionComposer.Placed] = []
            var result = pages
            for index in order {
                var page = pages[index]
                if page.stacks {
                    let original = page.box
                    let gap = max(style.plate?.padding.height ?? 0, 0.15 * page.lineHeight)
                    var moves = 0
                    while moves < shown.count, let other = shown.first(where: {
                        $0.page.frames.overlaps(page.page.frames) && $0.box.insetBy(dx: 0, dy: 0.5).intersects(page.box)
                    }) {
                        page.box.origin.y = style.placement == .top ? other.box.maxY + gap : other.box.minY - gap - page.box.height
                        moves += 1
                    }
                    if page.box.minY < 0 || page.box.maxY > height { page.box = original }
                    page.page.block.frame.y += page.box.minY - original.minY
                }
                shown.append(page)
                result[index] = page
            }
            return result.map(\.page.block.frame.y)
        }

        static func placed(_ count: Int, random: inout Random, onScreen: Int, canvasHeight: Double) -> [CaptionComposer.Placed] {
            (0..<count).map { i in
                let start = i * 10 + random.next(10)
                let frames = start..<(start + 1 + random.next(10 * onScreen))
                let height = Double(20 + random.next(120))
                let y = Double(random.next(Int(canvasHeight) - 100))
                let block = Block(id: "p\(i)", frame: Block.Frame(x: 0, y: y, width: 100), text: RichText(spans: [], baseStyle: Style()))
                return CaptionComposer.Placed(page: CaptionPage(cueIndex: i, start: .zero, end: .zero, frames: frames, block: block),
                                              box: CGRect(x: Double(random.next(300)), y: y, width: 200, height: height),
                                              lineHeight: Double(10 + random.next(40)), stacks: random.next(5) > 0)
            }
        }

        @Test(arguments: [CaptionStyle.Placement.bottom, .top, .center])
        func stackingPlacesPagesWhereComparingWithEveryEarlierPageDid(placement: CaptionStyle.Placement) throws {
            var style = CaptionStyle()
            style.placement = placement
            let composer = try Self.composer(style: style)
            var random = Random(state: 7)
            for round in 0..<200 {
                let pages = Self.placed(1 + random.next(30), random: &random, onScreen: 1 + random.next(6), canvasHeight: 720)
                #expect(composer.stacked(pages).map(\.block.frame.y) == Self.stackedByScanning(pages, style: style, height: 720), "round \(round)")
            }
        }

        @Test func stackingAnHourOfCuesLooksOnlyAtThoseOnScreen() throws {
            let composer = try Self.composer()
            var random = Random(state: 9)
            // 100,000 pages, about ten on screen at a time: every earlier page for each is 5·10^9 comparisons.
            let pages = Self.placed(100_000, random: &random, onScreen: 10, canvasHeight: 720)
            var stacked: [CaptionPage] = []
            let seconds = Self.seconds { stacked = composer.stacked(pages) }
            #expect(stacked.count == pages.count)
            #expect(seconds < 60, "\(seconds) s")
        }

        // MARK: Pages on a frame

        @Test func thePagesOnEachFrameAreThoseWhoseFramesHoldIt() throws {
            // Cues of random lengths, up to six at once, one of them on all along.
            var random = Random(state: 3)
            var cues = [CaptionCue(start: .zero, end: CaptionTime(milliseconds: 60_000), nodes: [.text("all along")])]
            for i in 0..<60 {
                let start = 1000 * i + random.next(1000)
                cues.append(CaptionCue(start: CaptionTime(milliseconds: start), end: CaptionTime(milliseconds: start + 100 + random.next(5000)),
                                       nodes: [.text("cue \(i)")]))
            }
            TestFonts.pin()
            var scene = Scene(canvas: Scene.Canvas(width: 640, height: 360, background: nil), blocks: [])
            scene.fps = 10
            let track = CaptionTrack(format: .webVTT, cues: CaptionTrack.displayOrder(cues))
            let plan = CaptionPlan(captions: SceneCaptions(source: "t.vtt", track: track), scene: scene,
                                   fonts: try FontLibrary.forScene(addingDirectories: []))
            #expect(plan.items.count == cues.count)
            for frame in 0..<700 {
                #expect(plan.pages(onFrame: frame).map(\.index) == plan.items.filter { $0.page.frames.contains(frame) }.map(\.index),
                        "frame \(frame)")
            }
        }

        // MARK: The whole way

        @Test func aLongSegmentBecomesPagesOfAtMostMaxLinesInOrder() throws {
            let cue = Self.segment(words: 2_000)
            let track = CaptionTrack(format: .wordTimings, cues: [cue])
            var style = CaptionStyle()
            style.maxLines = 2
            style.maxCharactersPerLine = 30
            let composer = try Self.composer(track, style: style)
            let pages = composer.pages()
            #expect(pages.count > 100)
            let fonts = try FontLibrary.forScene(addingDirectories: [])
            for page in pages {
                #expect(page.block.layout(in: TextEnvironment(), fonts: fonts).lineCount <= 2, "\(page.block.id)")
            }
            #expect(zip(pages, pages.dropFirst()).allSatisfy { $0.end <= $1.start && $0.start < $1.start })
            let shown = pages.map { $0.block.text.plainText }.joined(separator: " ")
            #expect(shown == cue.text)
        }
    }
}
