import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The bounds of `SceneLimits` and the range checks that keep hostile scenes from crashing,
/// hanging or exhausting memory: each refused at its JSON path, and each limit itself accepted.
@Suite struct SceneLimitsTests {
    /// A scene of one block whose fields are `block` (JSON members after the id and frame).
    static func scene(block: String = #""text": "Hi""#, top: String = "", canvas: String = #""width": 200, "height": 100"#) -> String {
        #"{\#(top)"canvas": {\#(canvas)}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 180}, \#(block)}]}"#
    }

    /// The one problem line of `json`, which must be refused with exactly one.
    func onlyProblem(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let lines = sceneProblemLines(json)
        #expect(lines.count == 1, "\(lines)", sourceLocation: sourceLocation)
        return lines.first ?? ""
    }

    func decodes(_ json: String) -> Bool { sceneProblemLines(json).isEmpty }

    /// `depth` emphases inside one another around "deep", `*` and `_` alternating so that each
    /// delimiter is a run of its own.
    static func nestedEmphasis(_ depth: Int) -> String {
        (0..<depth).map { $0 % 2 == 0 ? "*a " : "_a " }.joined() + "deep"
            + (0..<depth).reversed().map { $0 % 2 == 0 ? " a*" : " a_" }.joined()
    }

    // MARK: Numbers that trapped

    @Test func aVersionOfTwoToTheSixtyThirdIsOutOfRangeNotATrap() {
        let line = onlyProblem(Self.scene(top: #""version": 9223372036854775807, "#))
        #expect(line.hasPrefix("s.json: version: "))
        #expect(line.contains("out of range"))
        #expect(onlyProblem(Self.scene(top: #""version": -9223372036854775809, "#)).hasPrefix("s.json: version: "))
        #expect(onlyProblem(Self.scene(top: #""version": 1e300, "#)).hasPrefix("s.json: version: "))
    }

    @Test(arguments: ["1e8", "2147483647", "1e300", "-1"])
    func aSpanBlurRadiusOutOfRangeIsAProblemAtItsPath(radius: String) {
        let line = onlyProblem(Self.scene(block: #""text": [{"text": "secret", "attributes": {"blur": {"radius": \#(radius)}}}], "effects": [{"type": "blur"}]"#))
        #expect(line.hasPrefix("s.json: blocks[0].text[0].attributes.blur: "))
        #expect(line.contains("radius: "))
        #expect(line.contains("out of range (0–500)"))
    }

    @Test func aSpanBlurRadiusAtTheLimitDecodesAndDraws() throws {
        let json = Self.scene(block: #""text": [{"text": "secret", "attributes": {"blur": {"radius": 500}}}], "effects": [{"type": "blur"}]"#)
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        _ = try SceneRenderer(scene: scene).renderFrame(0)
    }

    @Test func boxRadiiStayBoundedForAnySigma() {
        for sigma in [2147483647.0, 1e8, 1e300, .infinity, .greatestFiniteMagnitude] {
            let radii = BoxBlur.boxRadii(sigma: sigma)
            #expect(radii == BoxBlur.boxRadii(sigma: BoxBlur.maximumSigma))
            #expect(radii.allSatisfy { $0 > 0 && $0 <= Int(2 * BoxBlur.maximumSigma) })
        }
        #expect(BoxBlur.boxRadii(sigma: .nan).isEmpty)
        #expect(BoxBlur.reach(sigma: .infinity) == BoxBlur.reach(sigma: BoxBlur.maximumSigma))
    }

    @Test func aHugeBlurThroughThePublicAPIDrawsWithoutTrapping() throws {
        let surface = try ImageSurface(width: 64, height: 32)
        var context = GraphicsContext(surface: surface)
        context.addFilter(.blur(radius: 1e300))
        context.addFilter(.shadow(radius: 2147483647))
        context.fill(Path(CGRect(x: 8, y: 8, width: 16, height: 16)), with: .black)
        // Spread over far more than the surface, the square leaves little but it leaves no trap.
        #expect(surface.pixel(x: 16, y: 16).alpha < 0.5)
    }

    @Test func deviceRectsOfNonFiniteOrHugeRectanglesAreClamped() throws {
        let surface = try ImageSurface(width: 10, height: 10)
        let context = GraphicsContext(surface: surface)
        let huge = context.deviceRect(of: CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), outsetBy: 1e300)
        #expect(huge.x == -Int(GraphicsContext.pixelBound) && huge.width == 2 * Int(GraphicsContext.pixelBound))
        let nan = context.deviceRect(of: CGRect(x: Double.nan, y: 0, width: 1, height: 1), outsetBy: .nan)
        #expect(nan.width == 0)
        let infinite = context.deviceRect(of: CGRect(x: 0, y: 0, width: 4, height: 4), outsetBy: .infinity)
        #expect(infinite.width == 2 * Int(GraphicsContext.pixelBound))
    }

    // MARK: Nesting

    @Test func markdownQuotesNestedFarBeyondTheLimitAreAProblem() {
        let line = onlyProblem(Self.scene(block: #""markdown": "\#(String(repeating: ">", count: 100_000)) deep""#))
        #expect(line.hasPrefix("s.json: blocks[0].markdown: nests quotes and lists more than 32 levels deep"))
    }

    @Test func markdownListsNestedBeyondTheLimitAreAProblem() {
        let list = (0..<40).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\\n")
        #expect(onlyProblem(Self.scene(block: #""markdown": "\#(list)""#)).hasPrefix("s.json: blocks[0].markdown: nests quotes and lists"))
    }

    @Test(arguments: [String(repeating: "*", count: 50_000) + "a" + String(repeating: "*", count: 50_000),
                      String(repeating: "![", count: 1_000) + "x" + String(repeating: "](u)", count: 1_000)])
    func markdownInlinesNestedFarBeyondTheLimitAreAProblem(markdown: String) {
        let line = onlyProblem(Self.scene(block: #""markdown": "\#(markdown)""#))
        #expect(line.hasPrefix("s.json: blocks[0].markdown: nests emphasis, links and other inline spans more than 32 levels deep"))
    }

    @Test func markdownAtTheDepthLimitsDecodesAndLaysOut() throws {
        // Quotes, and emphases inside one another: `*a _a *a … deep … a* a_ a*`.
        func document(quotes: Int, emphases: Int) -> String {
            String(repeating: ">", count: quotes) + " " + SceneLimitsTests.nestedEmphasis(emphases)
        }
        let json = Self.scene(block: #""markdown": "\#(document(quotes: 32, emphases: 32))""#)
        #expect(decodes(json))
        #expect(onlyProblem(Self.scene(block: #""markdown": "\#(document(quotes: 33, emphases: 2))""#)).contains("quotes and lists"))
        #expect(onlyProblem(Self.scene(block: #""markdown": "\#(document(quotes: 1, emphases: 34))""#)).contains("inline spans"))
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(json.utf8))
        let layout = scene.blocks[0].layout(in: scene.environment)
        #expect(layout.exportedText.contains("deep"))
    }

    @Test func aDocumentDeeperThanTheLimitsKeepsItsDeepTextForSwiftCallers() {
        let markdown = String(repeating: "> ", count: 100_000) + "bottom " + String(repeating: "_", count: 60) + "inner" + String(repeating: "_", count: 60)
        let document = MarkdownParser.parse(markdown)
        var depth = 0, node = document
        while let child = node.children.first { node = child; depth += 1 }
        #expect(depth <= SceneLimits.maximumMarkdownBlockDepth + 4)
        let text = MarkdownConverter().spans(for: document).map(\.text).joined()
        #expect(text.contains("bottom"))
        #expect(text.contains("inner"))
    }

    @Test func markupNestedFarBeyondTheLimitIsAProblem() {
        let markup = String(repeating: "<b>", count: 100_000) + "x" + String(repeating: "</b>", count: 100_000)
        let line = onlyProblem(Self.scene(block: #""markup": "\#(markup)""#))
        #expect(line == "s.json: blocks[0].markup: tags nest more than 64 levels deep")
    }

    @Test func markupAtTheDepthLimitParses() throws {
        let markup = String(repeating: "<i>", count: SceneLimits.maximumMarkupDepth) + "x" + String(repeating: "</i>", count: SceneLimits.maximumMarkupDepth)
        #expect(decodes(Self.scene(block: #""markup": "\#(markup)""#)))
    }

    @Test func markupDepthSkipsCommentsQuotesAndSelfClosingTags() {
        #expect(PangoMarkupParser.nestingDepth(of: "<b>a</b><i>b</i>") == 1)
        #expect(PangoMarkupParser.nestingDepth(of: #"<span font="a>b"><b/>x<!-- <b><b><b> --><![CDATA[<i><i>]]></span>"#) == 1)
        #expect(PangoMarkupParser.nestingDepth(of: "<b><i><u>x</u></i></b>") == 3)
        #expect(PangoMarkupParser.nestingDepth(of: "</b></b><b>") == 1)
    }

    // MARK: Canvas

    @Test func aScaleThatRoundsTheCanvasToNoPixelsIsAProblemAtScale() {
        let line = onlyProblem(Self.scene(canvas: #""width": 2, "height": 100, "scale": 0.1"#))
        #expect(line == "s.json: canvas.scale: is 0×10 pixels at scale 0.1; a frame needs at least one pixel a side")
        #expect(decodes(Self.scene(canvas: #""width": 5, "height": 5, "scale": 0.1"#)))
    }

    @Test func theCanvasAtItsLimitDecodesAndOneBeyondIsAProblem() {
        #expect(decodes(Self.scene(canvas: #""width": 8192, "height": 16, "scale": 2"#)))
        #expect(onlyProblem(Self.scene(canvas: #""width": 8193, "height": 16, "scale": 2"#))
            == "s.json: canvas.scale: is 16386×32 pixels at scale 2, larger than 16384 a side")
    }

    @Test func eachAnimationFormatNamesItsLargestFrame() {
        #expect(AnimationFormat.webp.frameSizeProblem(width: 16383, height: 16) == nil)
        #expect(AnimationFormat.webp.frameSizeProblem(width: 16384, height: 16)?.contains("libwebp frames are at most 16383 pixels a side") == true)
        #expect(AnimationFormat.mp4.frameSizeProblem(width: 16383, height: 16) == nil)
        #expect(AnimationFormat.mp4.frameSizeProblem(width: 16384, height: 16384)?.contains("larger than mp4 takes") == true)
        #expect(AnimationFormat.mp4.frameSizeProblem(width: 16384, height: 16128) == nil)
        #expect(AnimationFormat.webm.frameSizeProblem(width: 8192, height: 4352) == nil)
        #expect(AnimationFormat.webm.frameSizeProblem(width: 8192, height: 4353)?.contains("libvpx-vp9 frames are at most 35651584 pixels") == true)
        #expect(AnimationFormat.gif.frameSizeProblem(width: 16384, height: 16129)?.contains("(width + 128) × (height + 128)") == true)
        #expect(AnimationFormat.apng.frameSizeProblem(width: 16255, height: 16255) == nil)
        #expect(AnimationFormat.mov.frameSizeProblem(width: 16256, height: 16256) != nil)
        #expect(AnimationFormat.png.frameSizeProblem(width: 16384, height: 16384) == nil)
        #expect(AnimationFormat.none.frameSizeProblem(width: 16384, height: 16384) == nil)
    }

    @Test func aDecoderGivenAFormatChecksTheCanvasAgainstIt() {
        var decoder = SceneDecoder(effects: .builtIn)
        decoder.format = .mp4
        let json = Self.scene(canvas: #""width": 16384, "height": 16384"#)
        #expect(decodes(json))
        #expect(throws: SceneError.self) { try decoder.decode(Data(json.utf8), displayName: "s.json") }
        do { _ = try decoder.decode(Data(json.utf8), displayName: "s.json") } catch let error as SceneError {
            #expect(error.problems.map(\.path) == ["canvas"])
            #expect(error.problems[0].message.contains("mp4"))
        } catch { Issue.record("\(error)") }
    }

    // MARK: Sizes and counts

    @Test func moreThanAMillionFramesIsAProblemAtDuration() {
        let line = onlyProblem(Self.scene(top: #""duration": 86400, "fps": 1000, "#))
        #expect(line == "s.json: duration: 86400 s at 1000 fps is 86400000 frames; a scene has at most 1000000")
        #expect(decodes(Self.scene(top: #""duration": 1000, "fps": 1000, "#)))
    }

    @Test func tooManyBlocksAreRefusedBeforeAnyIsRead() {
        let block = #"{"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "text": "a"}"#
        let json = #"{"canvas": {"width": 10, "height": 10}, "blocks": [\#(Array(repeating: block, count: SceneLimits.maximumBlockCount + 1).joined(separator: ","))]}"#
        // Duplicate ids would be problems too, were the blocks read.
        #expect(onlyProblem(json) == "s.json: blocks: has 100001 blocks; a scene has at most 100000")
    }

    @Test func aBlockWithTooMuchTextIsAProblemAndOneAtTheLimitDecodes() {
        let limit = SceneLimits.maximumBlockCharacters
        #expect(onlyProblem(Self.scene(block: #""text": "\#(String(repeating: "a", count: limit + 1))""#))
            == "s.json: blocks[0].text: has 4000001 characters; a block has at most 4000000")
        #expect(onlyProblem(Self.scene(block: #""markdown": "\#(String(repeating: "é", count: limit + 1))""#))
            .hasPrefix("s.json: blocks[0].markdown: has 4000001 characters"))
        #expect(SceneDecoder.characterCount(of: JSONNode(value: try! JSONValue(parsing: Data(#"{"text": [{"text": "ab"}, {"tag": "cde"}, {"image": "x.png"}]}"#.utf8)), path: "", problems: SceneProblems())) == 5)
    }

    @Test func manyShortParagraphsInALongBlockAreAProblemAndMarkdownIsNotHeldToIt() {
        // 100,000 characters of "a\n": 50,000 breaks × 100,000 characters is over 2 × 10⁹.
        let lines = String(repeating: #"a\n"#, count: 50_000)
        #expect(onlyProblem(Self.scene(block: #""text": "\#(lines)""#))
            == "s.json: blocks[0].text: has 50000 line breaks in 100000 characters; at this length a block has at most 20000 "
            + "(Pango lays out each paragraph in time proportional to the text before it): split the text into several blocks")
        // 20,000 breaks in 100,000 characters is the limit itself.
        let atLimit = String(repeating: #"a\n"#, count: 20_000) + String(repeating: "b", count: 60_000)
        #expect(decodes(Self.scene(block: #""text": "\#(atLimit)""#)))
        // \r\n counts once; spans and markup count too.
        let spans = #""text": [{"text": "\#(String(repeating: #"a\r\n"#, count: 40_000))"}]"#
        #expect(onlyProblem(Self.scene(block: spans)).hasPrefix("s.json: blocks[0].text: has 40000 line breaks in 120000 characters"))
        #expect(decodes(Self.scene(block: #""markdown": "\#(String(repeating: #"a\n\n"#, count: 40_000))""#)))
    }

    @Test func aSceneWithTooMuchTextInAllIsAProblem() {
        let text = String(repeating: "a", count: 3_300_000)
        let blocks = (0..<5).map { #"{"id": "b\#($0)", "frame": {"x": 0, "y": 0, "width": 10}, "text": "\#(text)"}"# }
        let json = #"{"canvas": {"width": 10, "height": 10}, "blocks": [\#(blocks.joined(separator: ","))]}"#
        #expect(onlyProblem(json) == "s.json: blocks: hold 16500000 characters in all; a scene has at most 16000000")
    }

    @Test func tooManySpansAreAProblemAndTheLimitDecodes() {
        let span = #"{"text": "a"}"#
        let over = Self.scene(block: #""text": [\#(Array(repeating: span, count: SceneLimits.maximumSpansPerBlock + 1).joined(separator: ","))]"#)
        #expect(onlyProblem(over) == "s.json: blocks[0].text: has 100001 spans; at most 100000 are allowed")
        let token = Self.scene(block: #""text": "a", "truncation": {"token": [\#(Array(repeating: span, count: SceneLimits.maximumSpansPerBlock + 1).joined(separator: ","))]}"#)
        #expect(onlyProblem(token).hasPrefix("s.json: blocks[0].truncation.token: has 100001 spans"))
    }

    @Test func tooManyEffectsAreAProblemAndTheLimitDecodes() {
        let effect = #"{"type": "fill", "color": "red"}"#
        let at = Self.scene(block: #""text": "a", "effects": [\#(Array(repeating: effect, count: SceneLimits.maximumEffectsPerBlock).joined(separator: ","))]"#)
        #expect(decodes(at))
        let over = Self.scene(block: #""text": "a", "effects": [\#(Array(repeating: effect, count: SceneLimits.maximumEffectsPerBlock + 1).joined(separator: ","))]"#)
        #expect(onlyProblem(over) == "s.json: blocks[0].effects: has 101 effects; a block has at most 100")
    }

    // MARK: Images

    /// A PNG that is only a signature and an IHDR declaring `width` × `height`: no pixel data.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        for value in [width, height] { data.append(contentsOf: withUnsafeBytes(of: value.bigEndian, Array.init)) }
        data.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
        return data
    }

    @Test func aPNGDeclaringHugeDimensionsIsRefusedFromItsHeader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.pngHeader(width: 20000, height: 20000).write(to: folder.appendingPathComponent("big.png"))
        try Self.pngHeader(width: 16385, height: 1).write(to: folder.appendingPathComponent("wide.png"))
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="10" height="10"/></svg>"#
            .write(to: folder.appendingPathComponent("big.svg"), atomically: true, encoding: .utf8)
        for name in ["big.png", "wide.png", "big.svg"] {
            let lines = sceneProblemLines(Self.scene(block: #""text": [{"image": "\#(name)"}]"#), baseDirectory: folder)
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("s.json: blocks[0].text[0].image: \"\(name)\" cannot be read (it declares ") == true, "\(lines)")
            #expect(lines.first?.contains("images are at most 16384 pixels a side and 67108864 pixels in all") == true, "\(lines)")
        }
        #expect(ImageSource.sizeProblem(width: 8192, height: 8192, path: "a.png") == nil)
        #expect(ImageSource.sizeProblem(width: 16384, height: 4096, path: "a.png") == nil)
        #expect(ImageSource.sizeProblem(width: 8193, height: 8192, path: "a.png") != nil)
    }

    // MARK: Memory

    @Test func renderingARangeOfFramesTakesNoFrameIndex() throws {
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(Self.scene(top: #""duration": 0.1, "#).utf8))
        let renderer = try SceneRenderer(scene: scene)
        let seen = FrameLog()
        // A range of a million frames costs nothing until drawn; stop after the first three.
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try renderer.renderFrames(0..<SceneLimits.maximumFrameCount, concurrency: 1) { index, _ in
                seen.add(index)
                if index == 2 { throw Stop() }
            }
        }
        #expect(seen.indices == [0, 1, 2])
    }
}

/// Frame numbers delivered, from any thread.
private final class FrameLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []
    func add(_ index: Int) { lock.withLock { items.append(index) } }
    var indices: [Int] { lock.withLock { items } }
}
