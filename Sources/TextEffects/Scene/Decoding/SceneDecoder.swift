import Foundation

/// Reads and validates scene JSON into a `Scene`, collecting every problem with its JSON path.
public struct SceneDecoder {
    public var effects: EffectRegistry
    /// The language a localized scene (one with `strings`) is shown in, over its
    /// `environment.locale`; must be one of its tables' languages.
    public var locale: String?
    /// Where the files the scene names may be read from: by default only inside its folder.
    package var assetPolicy = AssetPolicy()
    /// The animation format the scene will be encoded as (`validate --format`), whose
    /// encoder's largest frame then bounds the canvas; `nil` checks only `SceneLimits`.
    package var format: AnimationFormat?
    /// Values for a template scene's `parameters`, by name (`--set name=value`, a data row):
    /// strings, numbers or booleans, checked against each parameter's type.
    package var templateValues: [String: JSONValue] = [:]
    /// Images kept across the scenes this decoder reads (a batch's rows); nil keeps them per scene.
    package var sharedImages: SharedImageCache?
    /// Lets each image's decoded pixels go once it is read and checked (`validate`, `measure`:
    /// nothing is drawn), so a scene's images are held one at a time, not all at once.
    package var releasesImagePixels = false

    public init(effects: EffectRegistry) {
        self.effects = effects
    }

    /// Reads a scene file; relative paths in it resolve against its folder.
    public func decode(contentsOf url: URL, displayName: String? = nil) throws -> Scene {
        let name = displayName ?? url.lastPathComponent
        let data = try Self.readSceneFile(url, displayName: name)
        return try decode(data, displayName: name, baseDirectory: url.deletingLastPathComponent())
    }

    /// The bytes of a scene file: a regular file of at most `SceneLimits.maximumSceneFileSize`.
    static func readSceneFile(_ url: URL, displayName: String) throws(SceneError) -> Data {
        do { return try RegularFile.read(url.path, limit: SceneLimits.maximumSceneFileSize) } catch {
            throw SceneError(file: displayName, problems: [SceneProblem(path: "", message: "cannot read the file (\(error.reason))")])
        }
    }

    /// Reads scene JSON; throws a `SceneError` listing every problem.
    public func decode(_ data: Data, displayName: String = "scene.json", baseDirectory: URL? = nil) throws -> Scene {
        let json: JSONValue
        do { json = try JSONValue(parsing: data) } catch {
            let message = (error as? JSONSyntaxError).map { "not valid JSON at \($0)" } ?? "not valid JSON (\(Self.reason(error)))"
            throw SceneError(file: displayName, problems: [SceneProblem(path: "", message: message)])
        }
        return try decode(json, data: data, displayName: displayName, baseDirectory: baseDirectory)
    }

    /// Reads scene JSON already parsed from `data` (a batch's template, parsed once for all its rows).
    func decode(_ json: JSONValue, data: Data, displayName: String, baseDirectory: URL?) throws -> Scene {
        let problems = SceneProblems()
        reportNULCharacters(in: JSONNode(value: json, path: "", problems: problems), data: data)
        let filled = fillTemplate(JSONNode(value: json, path: "", problems: problems))
        // Values that do not fit their parameters leave placeholders unfilled: reading on would
        // only report what those cause.
        guard problems.isEmpty else { throw SceneError(file: displayName, problems: problems.items) }
        let (root, localization) = localize(filled, baseDirectory: baseDirectory)
        var scene = read(root, baseDirectory: baseDirectory)
        if scene != nil { localization.apply(to: &scene!) }
        guard problems.isEmpty, var scene else {
            throw SceneError(file: displayName, problems: problems.items)
        }
        scene.fontFamilies = problems.fontFamilies
        return scene
    }

    /// What a batch can know of a template scene before any row: its parameters, and the
    /// problems no row's values can cause or cure.
    ///
    /// The scene is read with each parameter's default, or a sample of its type where it has
    /// none; problems in strings a placeholder was filled into are left to the rows (a sample
    /// image path names no file, a row's will). A template without parameters is a problem:
    /// every row would give the same output. `fonts`: the template's own font folders and the
    /// families it names outside placeholders, which a batch checks before any row (nil when
    /// the folders come from a placeholder, or the scene could not be read).
    package func checkTemplate(_ data: Data, baseDirectory: URL?) -> (parameters: [String: TemplateParameter], problems: [SceneProblem], frameCount: Int?,
                                                                     fonts: SceneFonts?) {
        let json: JSONValue
        do { json = try JSONValue(parsing: data) } catch {
            let message = (error as? JSONSyntaxError).map { "not valid JSON at \($0)" } ?? "not valid JSON (\(Self.reason(error)))"
            return ([:], [SceneProblem(path: "", message: message)], nil, nil)
        }
        let problems = SceneProblems()
        let root = JSONNode(value: json, path: "", problems: problems)
        reportNULCharacters(in: root, data: data)
        guard root.value?.objectValue != nil else { return ([:], [SceneProblem(path: "", message: "expected a scene object")], nil, nil) }
        guard var template = SceneTemplate(root, values: [:], samples: true) else {
            return ([:], problems.items + [SceneProblem(path: "parameters", message: "a batch template declares parameters for its data columns; this scene has none")], nil, nil)
        }
        let filled = JSONNode(value: template.filling(root), path: "", problems: problems)
        guard problems.isEmpty else { return (template.parameters, problems.items, nil, nil) }
        let (localized, localization) = localize(filled, baseDirectory: baseDirectory)
        var scene = read(localized, baseDirectory: baseDirectory)
        if scene != nil { localization.apply(to: &scene!) }
        let filledPaths = template.filledPaths
        func isFilled(_ path: String) -> Bool {
            filledPaths.contains { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }
        }
        let fixed = problems.items.filter { !isFilled($0.path) }
        // A sample value in a family or a font folder names nothing real: those wait for the rows.
        let fontsFilled = filledPaths.contains { $0 == "fonts" || $0.hasPrefix("fonts.") }
        var fonts = fontsFilled ? nil : scene?.requestedFonts
        fonts?.families = problems.fontFamilies.filter { !isFilled($0.path) }
        return (template.parameters, fixed, scene?.frameCount, fonts)
    }

    private static func reason(_ error: Error) -> String {
        if let decoding = error as? DecodingError, case .dataCorrupted(let context) = decoding {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return (error as NSError).localizedDescription
    }

    /// `$schema` names the JSON Schema editors check the file with (docs/scene.schema.json); it
    /// must be a string and is otherwise ignored.
    static let topLevelKeys = ["$schema", "version", "canvas", "fps", "duration", "environment", "fonts", "blocks", "viewport", "analytics", "strings", "captions",
                               "parameters"]
    static let blockKeys = ["id", "frame", "text", "markdown", "markup", "style", "alignment", "lineSpacing",
                            "lineHeightMultiple", "lineLimit", "truncation", "effects", "opacity", "offset", "background",
                            "markdownStyle", "wordBreak", "hyphenate", "minimumScaleFactor", "allowsTightening", "code", "language", "stream"]

    private func read(_ root: JSONNode, baseDirectory: URL?) -> Scene? {
        guard root.value?.objectValue != nil else {
            let _: Bool? = root.mismatch("a scene object")
            return nil
        }
        _ = root.object(known: Self.topLevelKeys)
        _ = root["$schema"].string()
        let images = SceneImageLoader(baseDirectory: baseDirectory, policy: assetPolicy, shared: sharedImages,
                                      releasesPixels: releasesImagePixels)
        // Any paint may be an image (the canvas's background, an effect's colour): it reads its
        // file through the scene's loader.
        root.problems.images = { images.image(at: $0) }
        if let version = root["version"].integer(in: Int.min...Int.max), version != 1 {
            root["version"].problem("\(version) is not a supported version (this texteffects reads version 1)")
        }
        let canvas = readCanvas(root["canvas"])
        let fps = root["fps"].frameRate()?.value ?? Scene.defaultFPS
        var duration = root["duration"].number(in: 0...86400) ?? Scene.defaultDuration
        checkFrameCount(duration: duration, fps: fps, root: root)
        var environment = TextEnvironment()
        if root["environment"].object(known: ["sizeCategory", "language", "locale"], required: false) != nil {
            environment.sizeCategory = root["environment"]["sizeCategory"].enumeration(DynamicTypeSize.self) ?? .large
            if let language = root["environment"]["language"].string() {
                if language.isEmpty { root["environment"]["language"].problem("a language tag cannot be empty") }
                else { environment.language = language }
            }
        }
        var fontDirectories: [String] = []
        var strictFonts = false
        if root["fonts"].object(known: ["directories", "strict"], required: false) != nil {
            strictFonts = root["fonts"]["strict"].bool() ?? false
            let assets = AssetRoot(policy: assetPolicy, baseDirectory: baseDirectory)
            for node in root["fonts"]["directories"].array() ?? [] {
                guard let path = node.string(required: true) else { continue }
                do {
                    fontDirectories.append(try assets.fontFolder(path))
                } catch let error where error == .missing || error == .notAFolder {
                    node.problem("\"\(path)\" is not a folder (looked for \(AssetRoot.lookedUpPath(path, relativeTo: baseDirectory)))")
                } catch {
                    node.problem("\"\(path)\" cannot be used as a font folder (\(error.reason))")
                }
            }
        }
        var blocks: [Block] = []
        // The first thing that makes the scene animated; none makes it a still.
        var animatedBy: String? = ["duration", "fps"].first { root[$0].isPresent }
        if let items = root["blocks"].array(required: true) {
            if items.isEmpty { root["blocks"].problem("a scene needs at least one block") }
            var seen: [String: String] = [:]
            // Too many blocks, or too much text, are refused before any block is read.
            // A stack counts its children, at any depth.
            let blockCount = items.count <= SceneLimits.maximumBlockCount ? items.reduce(0) { $0 + Self.blockCount(of: $1) } : items.count
            let counts = blockCount <= SceneLimits.maximumBlockCount ? items.map(Self.characterCount(of:)) : []
            let characters = counts.reduce(0, +)
            if blockCount > SceneLimits.maximumBlockCount {
                root["blocks"].problem("has \(blockCount) blocks; a scene has at most \(SceneLimits.maximumBlockCount)")
            } else if characters > SceneLimits.maximumSceneCharacters {
                root["blocks"].problem("hold \(characters) characters in all; a scene has at most \(SceneLimits.maximumSceneCharacters)")
            }
            for (node, count) in zip(items, counts) where characters <= SceneLimits.maximumSceneCharacters {
                guard count <= SceneLimits.maximumBlockCharacters else {
                    node[Self.contentKey(of: node)].problem("has \(count) characters; a block has at most \(SceneLimits.maximumBlockCharacters)")
                    continue
                }
                if !node["markdown"].isPresent {
                    let breaks = Self.paragraphBreakCount(of: node)
                    if breaks * count > SceneLimits.maximumParagraphWork {
                        node[Self.contentKey(of: node)].problem(
                            "has \(breaks) line breaks in \(count) characters; at this length a block has at most "
                            + "\(SceneLimits.maximumParagraphWork / count) (Pango lays out each paragraph in time proportional "
                            + "to the text before it): split the text into several blocks")
                        continue
                    }
                }
                // Check ids even of blocks with other problems, so one run reports both.
                for node in [node] + Self.stackChildren(of: node) {
                    guard let id = node["id"].value?.stringValue, !id.isEmpty else { continue }
                    if let first = seen[id] {
                        node["id"].problem("\"\(id)\" is already the id of \(first)")
                    } else {
                        seen[id] = node.path
                    }
                }
                if let block = readBlock(node, images: images, animatedBy: &animatedBy, canvas: canvas) { blocks.append(block) }
            }
        }
        // A streamed answer plays to its end and holds a moment, unless the scene says how long.
        if !root["duration"].isPresent, let end = blocks.compactMap(\.stream?.end).max() {
            duration = Swift.min(end + StreamLimits.hold, 86400)
            checkFrameCount(duration: duration, fps: fps, root: root)
        }
        let viewport = readViewport(root["viewport"])
        let analytics = readAnalytics(root["analytics"])
        let captions = readCaptions(root["captions"], baseDirectory: baseDirectory)
        if viewport?.scroll.isConstant == false { animatedBy = animatedBy ?? "viewport.scroll" }
        if root["captions"].isPresent { animatedBy = animatedBy ?? "captions" }
        guard let canvas else { return nil }
        var scene = Scene(canvas: canvas, blocks: blocks)
        scene.viewport = viewport
        scene.analytics = analytics
        scene.fps = fps
        scene.duration = duration
        scene.environment = environment
        scene.fontDirectories = fontDirectories
        scene.strictFonts = strictFonts
        scene.baseDirectory = baseDirectory
        scene.captions = captions
        scene.isStill = animatedBy == nil
        scene.animatedBy = animatedBy
        return scene
    }

    private func readViewport(_ node: JSONNode) -> Viewport? {
        guard node.object(known: ["x", "y", "width", "height", "scroll"], required: false) != nil else { return nil }
        let x = node["x"].number(in: -100_000...100_000, required: true)
        let y = node["y"].number(in: -100_000...100_000, required: true)
        let width = node["width"].number(in: 1...100_000, required: true)
        let height = node["height"].number(in: 1...100_000, required: true)
        let scroll = node["scroll"].animatable { $0.point() }
        guard let x, let y, let width, let height else { return nil }
        return Viewport(rect: CGRect(x: x, y: y, width: width, height: height), scroll: scroll ?? .constant(.zero))
    }

    private func readAnalytics(_ node: JSONNode) -> Analytics {
        var analytics = Analytics()
        guard node.object(known: ["impressionRatio", "impressionSeconds"], required: false) != nil else { return analytics }
        if let ratio = node["impressionRatio"].number(in: 0...1) {
            if ratio > 0 { analytics.impressionRatio = ratio }
            else { node["impressionRatio"].problem("0 is out of range (above 0, at most 1): a link with no part in view is not seen") }
        }
        analytics.impressionSeconds = node["impressionSeconds"].number(in: 0...86400) ?? 1
        return analytics
    }

    private func readCanvas(_ node: JSONNode) -> Scene.Canvas? {
        guard node.object(known: ["width", "height", "background", "scale"]) != nil else { return nil }
        // In points, which are pixels at scale 1: no side may be larger than a canvas can be.
        let sides = 1...Double(SceneLimits.maximumCanvasSide)
        let width = node["width"].number(in: sides, required: true)
        // "auto": the content's height, known once the blocks are laid out (`SceneRenderer`);
        // until then one point stands in, so the width and the scale are checked as usual.
        let heightWord = node["height"].value?.stringValue
        let isHeightAuto = heightWord == "auto"
        if let heightWord, !isHeightAuto {
            node["height"].problem("\"\(heightWord.cutForMessages(after: 80))\" is not a height: give a number of points, or \"auto\" for the content's height")
        }
        let height = isHeightAuto ? 1 : heightWord != nil ? nil : node["height"].number(in: sides, required: true)
        var background: Color? = .white
        var backgroundPaint: Paint?
        if let value = node["background"].value {
            if case .object = value {
                // A gradient (any paint a block's colour takes); a colour stays a `Color`.
                background = nil
                backgroundPaint = node["background"].paint()
            } else {
                background = value == .null ? nil : node["background"].color()
            }
        }
        let scale = node["scale"].number(in: 0.1...8) ?? 1
        guard let width, let height else { return nil }
        var canvas = Scene.Canvas(width: width, height: height, background: background, scale: scale)
        canvas.backgroundPaint = backgroundPaint
        canvas.isHeightAuto = isHeightAuto
        // Points within range can still round to no pixels, or too many, at a scale.
        if let problem = canvas.pixelSizeProblem() {
            (node["scale"].isPresent ? node["scale"] : node).problem(problem)
            return nil
        }
        if let problem = canvas.pixelSizeProblem(format: format) {
            node.problem(problem)
            return nil
        }
        return canvas
    }

    /// Reads a block (a text, `stack` or `shape` block); `animatedBy` gets the path of the first
    /// thing in it that changes over time (an effect, keyframed opacity or offset) unless it
    /// holds one already. `child`: for a stack's child, the id it takes when it gives none and
    /// the stacks it is in; its `frame` (width and height only) is the stack's to read.
    func readBlock(_ node: JSONNode, images: SceneImageLoader, animatedBy: inout String?, canvas: Scene.Canvas?,
                   child: (id: String, depth: Int)? = nil) -> Block? {
        if node.value?["stack"] != nil { return readStackBlock(node, images: images, animatedBy: &animatedBy, canvas: canvas, child: child) }
        if node.value?["shape"] != nil { return readShapeBlock(node, animatedBy: &animatedBy, child: child) }
        if node.value?["image"] != nil { return readImageBlock(node, images: images, animatedBy: &animatedBy, child: child) }
        guard node.object(known: Self.blockKeys) != nil else { return nil }
        let id = child.flatMap { node["id"].isPresent ? nil : $0.id } ?? node["id"].string(required: true)
        if id?.isEmpty == true { node["id"].problem("a block id cannot be empty") }
        let frame = child != nil ? Block.Frame(x: 0, y: 0, width: 1) : readFrame(node["frame"])
        var contentKeys = ["text", "markdown", "markup", "code"].filter { node[$0].isPresent }
        // A stream of chunks gives the block its Markdown.
        let streamsChunks = node["stream"]["chunks"].isPresent
        if streamsChunks, contentKeys.isEmpty { contentKeys = ["markdown"] }

        let style = node["style"].isPresent && node["style"].object(known: JSONNode.styleKeys) != nil ? node["style"].style() : Style()
        var spans: [Span]?
        var markdown: MarkdownView?
        var stream: MarkdownStream?
        switch contentKeys.count {
        case 0: node.problem("needs one of text, markdown, markup or code")
        case 1:
            switch contentKeys[0] {
            case "text":
                spans = node["text"].spans(images: images)
                if spans != nil { checkAttributes(node["text"]) }
            case "markdown":
                let chunked = streamsChunks && !node["markdown"].isPresent
                let streamed = chunked ? readStream(node["stream"], markdown: nil, baseDirectory: images.baseDirectory) : nil
                if chunked, streamed == nil { break }
                if let source = streamed?.text ?? node["markdown"].string() {
                    // Deeper documents would take the converters' recursion past the stack.
                    if let problem = MarkdownParser.nestingProblem(in: source) {
                        node["markdown"].problem(problem)
                        break
                    }
                    var view = MarkdownView(text: source, style: node["markdownStyle"].markdownStyle())
                    (view.images, view.imageWarnings) = node["markdown"].markdownImages(
                        for: view, images: images, strict: assetPolicy.strictImages || view.style.strictImages)
                    view.imageWarnings += node["markdown"].markdownMathWarnings(for: view)
                    view.imageWarnings += node["markdown"].codeWarnings(for: view)
                    markdown = view
                    spans = MarkdownConverter().spans(for: source)
                    if node["stream"].isPresent {
                        stream = streamed ?? readStream(node["stream"], markdown: source, baseDirectory: images.baseDirectory)
                    }
                }
            case "code":
                // A code block of its own: one fenced block, laid out as in a Markdown document.
                let language = node["language"].string()
                if let language, let problem = CodeBlockSource.problem(language: language) { node["language"].problem(problem) }
                if let code = node["code"].string() {
                    let source = CodeBlockSource.markdown(code: code, language: language)
                    var view = MarkdownView(text: source, style: node["markdownStyle"].markdownStyle())
                    view.imageWarnings = node["code"].codeWarnings(for: view)
                    markdown = view
                    spans = MarkdownConverter().spans(for: source)
                }
            default: spans = node["markup"].markupSpans(baseStyle: style)
            }
        default: node.problem("has \(contentKeys.joined(separator: " and ")); give exactly one of text, markdown, markup or code")
        }
        if node["markdownStyle"].isPresent, contentKeys != ["markdown"], contentKeys != ["code"] {
            node["markdownStyle"].problem("styles a markdown block; this block has no markdown")
        }
        if node["stream"].isPresent { checkStreamedBlock(node, contentKeys: contentKeys, inStack: child != nil) }
        if node["language"].isPresent, contentKeys != ["code"] {
            node["language"].problem("names a code block's language; this block has no code")
        }
        let alignment = node["alignment"].enumeration(TextAlignment.self) ?? .leading
        let lineSpacing = node["lineSpacing"].number(in: -1000...1000) ?? 0
        let lineHeightMultiple = node["lineHeightMultiple"].number(in: 0.1...10)
        let lineLimit = node["lineLimit"].integer(in: 1...10000)
        let wordBreak = node["wordBreak"].enumeration(WordBreak.self) ?? .normal
        let hyphenate = node["hyphenate"].bool() ?? false
        let minimumScaleFactor = node["minimumScaleFactor"].number(in: 0...1) ?? 1
        let allowsTightening = node["allowsTightening"].bool() ?? false
        let truncation = readTruncation(node["truncation"], images: images)
        let background = readBackground(node["background"])
        let effects = readEffects(node["effects"], animatedBy: &animatedBy)
        let opacity = node["opacity"].animatable { $0.number(in: 0...1, required: true) }
        let offset = node["offset"].animatable { $0.point() }
        if opacity?.isConstant == false { animatedBy = animatedBy ?? node["opacity"].path }
        if offset?.isConstant == false { animatedBy = animatedBy ?? node["offset"].path }
        guard let id, !id.isEmpty, let frame, let spans else { return nil }
        var block = Block(id: id, frame: frame, text: RichText(spans: spans, baseStyle: style))
        block.alignment = alignment
        block.lineSpacing = lineSpacing
        block.lineHeightMultiple = lineHeightMultiple
        block.lineLimit = lineLimit
        block.wordBreak = wordBreak
        block.hyphenate = hyphenate
        block.minimumScaleFactor = minimumScaleFactor
        block.allowsTightening = allowsTightening
        block.truncation = truncation ?? Truncation()
        block.markdown = markdown
        block.stream = stream
        block.arrivalWindow = Self.arrivalWindow(in: node["effects"])
        if stream != nil { animatedBy = animatedBy ?? node["stream"].path }
        if markdown != nil, block.truncation.mode != .tail {
            node["truncation"]["mode"].problem("a markdown document is cut at its end; only \"tail\" applies")
        }
        block.background = background
        block.effects = effects
        block.opacity = opacity ?? .constant(1)
        block.offset = offset ?? .constant(.zero)
        return block
    }

    /// Reports a timeline of more frames than `SceneLimits.maximumFrameCount`, at `duration`.
    private func checkFrameCount(duration: Double, fps: Double, root: JSONNode) {
        let frames = (duration * fps).rounded()
        guard frames > Double(SceneLimits.maximumFrameCount) else { return }
        let node = root["duration"].isPresent ? root["duration"] : root["fps"]
        node.problem("\(JSONNode.format(duration)) s at \(JSONNode.format(fps)) fps is \(JSONNode.format(frames)) frames; a scene has at most \(SceneLimits.maximumFrameCount)")
    }

    /// A stack block's children (none for other blocks), and with `recursive` theirs, down to
    /// the deepest stack a scene may have.
    static func stackChildren(of block: JSONNode, depth: Int = 1, recursive: Bool = true) -> [JSONNode] {
        guard depth <= SceneLimits.maximumStackDepth, case .array(let children)? = block.value?["stack"]?["children"] else { return [] }
        let nodes = children.indices.map { block["stack"]["children"][$0] }
        guard recursive else { return nodes }
        return nodes.flatMap { [$0] + stackChildren(of: $0, depth: depth + 1) }
    }

    /// How many blocks a block stands for: 1, or for a stack all its children's (spacers too).
    static func blockCount(of block: JSONNode) -> Int {
        guard block.value?["stack"] != nil else { return 1 }
        return 1 + stackChildren(of: block).count
    }

    /// The content field a block gives (`text` when it gives none or several).
    private static func contentKey(of block: JSONNode) -> String {
        ["markdown", "markup"].first { block[$0].isPresent } ?? "text"
    }

    /// The characters (Unicode scalars) of a block's `text`, `markdown` and `markup`, counted
    /// before anything is parsed or laid out.
    static func characterCount(of block: JSONNode) -> Int {
        var count = stackChildren(of: block, depth: 1, recursive: false).reduce(0) { $0 + characterCount(of: $1) }
        for key in ["text", "markdown", "markup"] {
            switch block.value?[key] {
            case .string(let text)?: count += text.unicodeScalars.count
            case .array(let spans)?:
                for span in spans {
                    for field in ["text", "tag"] {
                        if case .string(let text)? = span[field] { count += text.unicodeScalars.count }
                    }
                }
            default: break
            }
        }
        return count
    }

    /// The paragraph breaks (`\n`, `\r`, `\r\n` once, U+2029) of a block's `text` and `markup`,
    /// as Pango splits paragraphs.
    static func paragraphBreakCount(of block: JSONNode) -> Int {
        // A stack's children's breaks count against all its characters: never less than any child's work.
        var breaks = stackChildren(of: block, depth: 1, recursive: false).reduce(0) { $0 + paragraphBreakCount(of: $1) }
        func count(_ text: String) {
            // One pass over the bytes: LF not after CR, CR, and U+2029 (E2 80 A9).
            var previous: (UInt8, UInt8) = (0, 0)
            for byte in text.utf8 {
                switch byte {
                case 0x0A where previous.1 != 0x0D, 0x0D: breaks += 1
                case 0xA9 where previous == (0xE2, 0x80): breaks += 1
                default: break
                }
                previous = (previous.1, byte)
            }
        }
        for key in ["text", "markup"] {
            switch block.value?[key] {
            case .string(let text)?: count(text)
            case .array(let spans)?:
                for span in spans { if case .string(let text)? = span["text"] { count(text) } }
            default: break
            }
        }
        return breaks
    }

    /// Reports span attributes whose JSON does not decode as the type registered for their name.
    private func checkAttributes(_ text: JSONNode) {
        for span in text.value?.arrayValue?.indices.map({ text[$0] }) ?? [] {
            let attributes = span["attributes"]
            for (name, json) in (attributes.value?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let message = effects.problem(decodingAttribute: name, from: json) { attributes[name].problem(message) }
            }
        }
    }

    private func readTruncation(_ node: JSONNode, images: SceneImageLoader) -> Truncation? {
        guard node.object(known: ["mode", "token", "reserve", "breakOn"], required: false) != nil else { return nil }
        var truncation = Truncation()
        truncation.mode = node["mode"].enumeration(Truncation.Mode.self) ?? .tail
        truncation.breakOn = node["breakOn"].enumeration(Truncation.BreakOn.self) ?? .grapheme
        truncation.reserve = node["reserve"].number(in: 0...100_000) ?? 0
        let token = node["token"]
        if token.isPresent {
            if let string = token.value?.stringValue {
                truncation.token = .text(string)
            } else if let spans = token.spans(images: images) {
                truncation.token = .spans(spans)
            }
        }
        return truncation
    }

    private func readBackground(_ node: JSONNode) -> Block.Background? {
        guard node.object(known: ["color", "cornerRadius", "cornerRadii", "padding", "width", "shape", "style", "stroke"], required: false) != nil else { return nil }
        guard let paint = node["color"].isPresent ? node["color"].paint() : node["color"].missing() else { return nil }
        var background = Block.Background(paint: paint)
        if node["shape"].isPresent {
            // The box's shape by name; a roundedRectangle's radius is the background's cornerRadius.
            background.shape = node.shapeKind(typeField: "shape")
        } else if node["style"].isPresent {
            node["style"].problem("applies to a background's shape; this background gives no shape")
        } else if node["cornerRadii"].isPresent {
            node["cornerRadii"].problem("applies to a background whose shape is an unevenRoundedRectangle; this background gives no shape")
        }
        background.stroke = node.shapeStroke()
        if !node["shape"].isPresent { background.cornerRadius = node["cornerRadius"].number(in: 0...10_000) ?? 0 }
        background.padding = node["padding"].padding().map { CGSize(width: $0.horizontal, height: $0.vertical) } ?? .zero
        background.fillsWidth = node["width"].choice([("text", false), ("frame", true)]) ?? false
        return background
    }

    /// A block's `effects`: the renderers of the effects that could be read (the others are
    /// reported), at most ``SceneLimits/maximumEffectsPerBlock``.
    func readEffects(_ node: JSONNode, animatedBy: inout String?) -> [any TextRenderer] {
        var effects: [any TextRenderer] = []
        let effectNodes = node.array() ?? []
        if effectNodes.count > SceneLimits.maximumEffectsPerBlock {
            node.problem("has \(effectNodes.count) effects; a block has at most \(SceneLimits.maximumEffectsPerBlock)")
        }
        for effectNode in effectNodes.prefix(SceneLimits.maximumEffectsPerBlock) {
            guard let effect = self.effects.effect(from: effectNode) else { continue }
            effects.append(effect.renderer)
            if effect.changesOverTime, animatedBy == nil {
                animatedBy = effectNode.path + (effectNode["type"].value?.stringValue.map { " (\($0))" } ?? "")
            }
        }
        return effects
    }

    func readFrame(_ node: JSONNode) -> Block.Frame? {
        guard node.object(known: ["x", "y", "width", "height"]) != nil else { return nil }
        let x = node["x"].number(required: true)
        let y = node["y"].number(required: true)
        let width = node["width"].number(in: 1...100_000, required: true)
        let height = node["height"].number(in: 1...100_000)
        guard let x, let y, let width else { return nil }
        return Block.Frame(x: x, y: y, width: width, height: height)
    }
}
