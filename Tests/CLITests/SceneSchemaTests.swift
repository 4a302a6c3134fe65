import Foundation
import Testing

/// docs/scene.schema.json: every scene in Scenes/ names it and validates against it (with
/// check-jsonschema, which scripts/install-deps.sh installs into .build/tools-venv), and it stays
/// in step with the decoder: every key the decoder reads is in it, and type errors the decoder
/// rejects it rejects too.
@Suite("docs/scene.schema.json")
struct SceneSchemaTests {
    static let schema = CLI.repoRoot.appendingPathComponent("docs/scene.schema.json")
    static let checker = CLI.repoRoot.appendingPathComponent(".build/tools-venv/bin/check-jsonschema")

    /// check-jsonschema, or a failure saying how to get it.
    static func requireChecker() throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: checker.path),
                     "check-jsonschema is missing at \(checker.path): run scripts/install-deps.sh")
        return checker
    }

    /// Runs check-jsonschema on `files` against the schema (offline: the schema is a local file).
    static func check(_ files: [String], in directory: URL = CLI.repoRoot) throws -> CLI.Result {
        try CLI.runExecutable(try requireChecker(), ["--schemafile", schema.path] + files, in: directory, timeout: 120)
    }

    /// Every JSON file under Scenes/ that is a scene (an object with `blocks`), not a data file.
    static func sceneFiles() throws -> [URL] {
        let scenes = CLI.repoRoot.appendingPathComponent("Scenes")
        let enumerator = try #require(FileManager.default.enumerator(at: scenes, includingPropertiesForKeys: nil))
        var result: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            if object?["blocks"] != nil { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }

    @Test("the schema is what scripts/scene-schema.py writes, so the script stays its source")
    func schemaIsTheScriptsOutput() throws {
        let listing = try CLI.run(["effects"], in: CLI.repoRoot)
        #expect(listing.status == 0, "\(listing)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let effects = folder.appendingPathComponent("effects.txt")
        try listing.stdoutData.write(to: effects)
        let script = CLI.repoRoot.appendingPathComponent("scripts/scene-schema.py")
        let written = try CLI.runExecutable(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, effects.path],
                                            in: CLI.repoRoot, timeout: 60)
        #expect(written.status == 0, "\(written)")
        #expect(try SchemaCommandTests.canonical(written.stdoutData) == SchemaCommandTests.canonical(Data(contentsOf: Self.schema)),
                "docs/scene.schema.json was edited by hand: change scripts/scene-schema.py and run it (its docstring says how)")
    }

    @Test("the schema is a valid draft 2020-12 schema")
    func schemaIsValid() throws {
        let result = try CLI.runExecutable(try Self.requireChecker(), ["--check-metaschema", Self.schema.path], in: CLI.repoRoot)
        #expect(result.status == 0, "\(result)")
    }

    @Test("every scene in Scenes/ names the schema first and validates against it")
    func everySceneValidates() throws {
        let scenes = try Self.sceneFiles()
        #expect(scenes.count >= 20, "found only \(scenes.count) scenes")
        let first = try NSRegularExpression(pattern: #"^\{\s*"\$schema"\s*:\s*"([^"]*)""#)
        for url in scenes {
            let text = try String(contentsOf: url, encoding: .utf8)
            let match = first.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
            let named = match.flatMap { Range($0.range(at: 1), in: text) }.map { String(text[$0]) }
            // The path is relative to the scene's folder.
            let depth = url.deletingLastPathComponent().pathComponents.count - CLI.repoRoot.pathComponents.count
            let expected = String(repeating: "../", count: depth) + "docs/scene.schema.json"
            #expect(named == expected, "\(url.path): the first key should be \"$schema\": \"\(expected)\"")
        }
        let result = try Self.check(scenes.map(\.path))
        #expect(result.status == 0, "\(result)")
    }

    /// The decoding sources: the scene decoder and the parts of it elsewhere.
    static let decodingSources: [String] = {
        let folder = CLI.repoRoot.appendingPathComponent("Sources/TextEffects/Scene/Decoding")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.map { "Sources/TextEffects/Scene/Decoding/\($0)" } + [
            "Sources/TextEffects/Scene/Scene.swift",
            "Sources/TextEffects/Scene/Viewport.swift",
            "Sources/TextEffects/Scene/Canvas+PixelSize.swift",
            "Sources/TextEffects/Scene/Effects/KeyframedRenderer.swift",
            "Sources/RenderPipeline/Model/Animation/Easing.swift",
            "Sources/RenderPipeline/Model/Animation/Keyframes.swift",
            "Sources/TextEffects/Scene/Analytics.swift",
            "Sources/RenderPipeline/Input/JSON/JSONNode.swift",
            "Sources/TextEffects/Scene/Effects/EffectRegistry.swift",
            "Sources/TextEffects/Scene/Effects/EffectParameters.swift",
            "Sources/TextEffects/Scene/Captions/CaptionStyle+Decoding.swift",
            "Sources/TextEffects/Scene/Captions/SceneDecoder+Captions.swift",
            "Sources/TextEffects/Scene/Captions/Scene+FrameRate.swift",
            "Sources/TextEffects/Scene/Templates/SceneTemplate.swift",
            "Sources/TextEffects/Scene/Streaming/SceneDecoder+Stream.swift",
        ]
    }()

    /// Every property name anywhere in the schema.
    static func schemaProperties() throws -> Set<String> {
        var names: Set<String> = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { names.formUnion(properties.keys) }
                object.values.forEach(walk)
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: Data(contentsOf: schema)))
        return names
    }

    @Test("every key the decoder reads is a property in the schema")
    func everyDecodedKeyIsInTheSchema() throws {
        // `node["key"]` reads and the key lists `object(known:)` checks against (which reject
        // every other key): `known: [...]` literals and `static let …Keys = [...]`.
        let subscripts = try NSRegularExpression(pattern: #"\[\s*"([^"\\]+)"\s*\]"#)
        let lists = try NSRegularExpression(pattern: #"(?:known:|Keys\s*=)\s*\[([^\]]*)\]"#)
        let literal = try NSRegularExpression(pattern: #""([^"\\]+)""#)
        var keys: [String: String] = [:]
        for path in Self.decodingSources {
            let text = try String(contentsOf: CLI.repoRoot.appendingPathComponent(path), encoding: .utf8)
            let whole = NSRange(text.startIndex..., in: text)
            for match in subscripts.matches(in: text, range: whole) {
                keys[String(text[Range(match.range(at: 1), in: text)!]), default: path] = path
            }
            for match in lists.matches(in: text, range: whole) {
                let list = String(text[Range(match.range(at: 1), in: text)!])
                for item in literal.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
                    keys[String(list[Range(item.range(at: 1), in: list)!]), default: path] = path
                }
            }
        }
        #expect(keys.count > 100, "the scan found only \(keys.count) keys: has the decoder's style changed?")
        for sure in ["$schema", "canvas", "blocks", "lineLimit", "linearGradient", "breakOn", "maxCharactersPerLine", "timeZone"] {
            #expect(keys[sure] != nil, "the scan missed \(sure)")
        }
        let properties = try Self.schemaProperties()
        for (key, path) in keys.sorted(by: { $0.key < $1.key }) {
            #expect(properties.contains(key), "\(path) reads \"\(key)\", which docs/scene.schema.json does not have (run scripts/scene-schema.py)")
        }
    }

    @Test("the schema has every built-in effect and each of its parameters")
    func everyEffectParameterIsInTheSchema() throws {
        let listing = try CLI.run(["effects"], in: CLI.repoRoot)
        try #require(listing.status == 0, "\(listing)")
        var effects: [String: [String]] = [:]
        var current: String?
        for line in listing.stdout.split(separator: "\n").map(String.init) {
            if line.hasPrefix(" ") {
                let name = line.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }
                if let current { effects[current, default: []].append(String(name)) }
            } else if let name = line.components(separatedBy: " — ").first {
                current = name
                effects[name] = []
            }
        }
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema)) as? [String: Any])
        let effect = try #require((root["$defs"] as? [String: Any])?["effect"] as? [String: Any])
        let type = (effect["properties"] as? [String: Any])?["type"] as? [String: Any]
        let names = ((type?["anyOf"] as? [[String: Any]])?.first)?["enum"] as? [String]
        #expect(Set(names ?? []) == Set(effects.keys), "the schema's effect types differ from `texteffects effects`")
        var branches: [String: Set<String>] = [:]
        for branch in effect["allOf"] as? [[String: Any]] ?? [] {
            let type = ((((branch["if"] as? [String: Any])?["properties"] as? [String: Any])?["type"] as? [String: Any])?["const"] as? String)
            let properties = ((branch["then"] as? [String: Any])?["properties"] as? [String: Any]).map { Set($0.keys) }
            if let type, let properties { branches[type] = properties }
        }
        for (name, parameters) in effects.sorted(by: { $0.key < $1.key }) {
            let properties = try #require(branches[name], "the schema has no parameters for effect \(name)")
            for parameter in parameters + ["type", "select", "animatableData"] {
                #expect(properties.contains(parameter), "effect \(name): parameter \(parameter) is not in the schema")
            }
            let extra = properties.subtracting(parameters + ["type", "select", "animatableData"])
            #expect(extra.isEmpty, "effect \(name): the schema has \(extra.sorted()), which the effect does not take")
        }
    }

    static let goodScene = ##"""
    {"$schema": "SCHEMA", "version": 1, "canvas": {"width": 200, "height": 100},
     "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 200}, "alignment": "center",
                 "style": {"color": "#112233", "font": {"size": 20, "weight": "bold"}},
                 "effects": [{"type": "wave", "amplitude": 3}], "text": [{"text": "Hello", "color": "red"}]}]}
    """##

    /// A string where a number goes, an unknown block key, a bad enum value, colours of the wrong
    /// type, a bad effect parameter: `texteffects validate` exits 2 and the schema rejects each.
    @Test("type errors the decoder rejects, the schema rejects", arguments: [
        ("a string where a number goes", #""width": 200}, "alignment""#, #""width": "200"}, "alignment""#),
        ("an unknown block key", #""alignment": "center""#, #""alignment": "center", "colour": "red""#),
        ("a bad enum value", #""alignment": "center""#, #""alignment": "middle""#),
        ("a colour of the wrong type", ##""color": "#112233""##, ##""color": 112233"##),
        ("a span colour of the wrong type", #""color": "red""#, #""color": ["red"]"#),
        ("an unknown top-level key", #""version": 1,"#, #""version": 1, "fsp": 30,"#),
        ("a bad effect parameter", #""amplitude": 3"#, #""amplitude": "3""#),
        ("an unknown effect parameter", #""amplitude": 3"#, #""amplitude": 3, "amplitud": 3"#),
        ("a bad font weight", #""weight": "bold""#, #""weight": "bolder""#),
        ("a $schema that is not a string", #""$schema": "SCHEMA""#, #""$schema": 1"#),
    ])
    func typeErrorsAreRejectedByBoth(_ what: String, _ good: String, _ bad: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try #require(Self.goodScene.contains(good), "\(what): the good scene lacks \(good)")
        let named = { (text: String) in text.replacingOccurrences(of: "SCHEMA", with: Self.schema.path) }
        try Data(named(Self.goodScene).utf8).write(to: dir.url.appendingPathComponent("good.json"))
        try Data(named(Self.goodScene.replacingOccurrences(of: good, with: bad)).utf8).write(to: dir.url.appendingPathComponent("bad.json"))

        let accepted = try CLI.run(["validate", "good.json"], in: dir.url)
        #expect(accepted.status == 0, "the good scene: \(accepted)")
        #expect(try Self.check(["good.json"], in: dir.url).status == 0, "the schema rejects the good scene")

        let decoder = try CLI.run(["validate", "bad.json"], in: dir.url)
        #expect(decoder.status == 2, "\(what): texteffects validate: \(decoder)")
        let schema = try Self.check(["bad.json"], in: dir.url)
        #expect(schema.status == 1, "\(what): check-jsonschema accepts it: \(schema)")
    }

    /// A template with a placeholder in enumerated fields of every kind: a block's and a stack's
    /// alignment, a stack's axis, a font weight, an effect's enumerated parameter and type, a
    /// keyframe's easing, an image's content mode and clip shape, a span's `height`, `fps`.
    static let templatedScene = ##"""
    {"$schema": "SCHEMA", "version": 1, "canvas": {"width": 300, "height": 200},
     "parameters": {"align": {"default": "center"}, "stackAlign": {"default": "leading"}, "axis": {"default": "vertical"},
                    "weight": {"default": "bold"}, "unit": {"default": "word"}, "effect": {"default": "appear"},
                    "easing": {"default": "easeIn"}, "mode": {"default": "fill"}, "clip": {"default": "circle"},
                    "height": {"default": "font"}, "fps": {"default": "24"}},
     "fps": "{{fps}}", "duration": 1,
     "blocks": [
       {"id": "a", "frame": {"x": 0, "y": 0, "width": 200}, "alignment": "{{align}}",
        "style": {"font": {"size": 20, "weight": "{{ weight }}"}},
        "effects": [{"type": "{{effect}}", "unit": "{{unit}}"}],
        "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1, "easing": "{{easing}}"}],
        "text": [{"text": "Hi "}, {"image": "dot.png", "height": "{{height}}"}]},
       {"id": "s", "frame": {"x": 0, "y": 50}, "stack": {"axis": "{{axis}}", "alignment": "{{stackAlign}}", "children": [
         {"text": "A"}, {"image": "dot.png", "contentMode": "{{mode}}", "clipShape": "{{clip}}", "frame": {"width": 20, "height": 20}}]}}]}
    """##

    @Test("placeholders in enumerated fields: texteffects fills and accepts them, and so does the schema")
    func placeholdersInEnumeratedFields() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.copyItem(at: CLI.repoRoot.appendingPathComponent("Scenes/assets/dot.png"), to: dir.url.appendingPathComponent("dot.png"))
        let write = { (name: String, text: String) in
            try Data(text.replacingOccurrences(of: "SCHEMA", with: Self.schema.path).utf8).write(to: dir.url.appendingPathComponent(name))
        }
        try write("template.json", Self.templatedScene)
        let accepted = try CLI.run(["validate", "template.json"], in: dir.url)
        #expect(accepted.status == 0, "\(accepted)")
        #expect(try Self.check(["template.json"], in: dir.url).status == 0, "the schema rejects placeholders in enumerated fields")

        // Filled with a value that is not one of the names, texteffects refuses it (the schema cannot know).
        let wrong = try CLI.run(["validate", "template.json", "--set", "axis=diagonal"], in: dir.url)
        #expect(wrong.status == 2 && wrong.stderr.contains("blocks[1].stack.axis"), "\(wrong)")

        // Not a placeholder, not a name: both refuse it. A placeholder where a number goes (numbers
        // are not templated) or in a parameter's own type (parameters are read as written): both refuse it.
        for (what, good, bad) in [("a bad name", #""axis": "{{axis}}""#, #""axis": "{{axis"}"#),
                                  ("a placeholder for a number", #""duration": 1"#, #""duration": "{{fps}}""#),
                                  ("a placeholder in a parameter's type", #""mode": {"default": "fill"}"#, #""mode": {"type": "{{clip}}", "default": "fill"}"#)] {
            try #require(Self.templatedScene.contains(good), "\(what)")
            try write("bad.json", Self.templatedScene.replacingOccurrences(of: good, with: bad))
            let decoder = try CLI.run(["validate", "bad.json"], in: dir.url)
            #expect(decoder.status == 2, "\(what): texteffects validate: \(decoder)")
            #expect(try Self.check(["bad.json"], in: dir.url).status == 1, "\(what): check-jsonschema accepts it")
        }
    }
}
