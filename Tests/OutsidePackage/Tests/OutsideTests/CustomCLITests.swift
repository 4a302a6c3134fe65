import Foundation
import Testing

/// A command line of one's own (`TextEffectsCLI.main(effects:)`, Examples/RainbowEffect's
/// `rainbow-texteffects`): every subcommand knows the plug-in effect as it knows the built-ins.
@Suite struct CustomCLITests {
    static let scene = "Examples/RainbowEffect/Scenes/rainbow.json"

    @Test func effectsListsThePlugInWithItsParameters() throws {
        let run = try Outside.run("rainbow-texteffects", ["effects"])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("rainbow — paints each grapheme a rainbow hue") })
        #expect(lines.contains { $0.hasPrefix("wave — ") }, "the built-ins stay")
        for parameter in ["spread", "speed", "saturation", "brightness", "select"] {
            #expect(lines.contains { $0.hasPrefix("    \(parameter): ") }, "\(parameter) is listed")
        }
    }

    @Test func validateAcceptsASceneThatNamesThePlugIn() throws {
        let run = try Outside.run("rainbow-texteffects", ["validate", Self.scene])
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test func aBadPlugInParameterIsAnInputErrorAtItsJSONPath() throws {
        let folder = try Outside.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("bad.json")
        try Data(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x", "effects": [{"type": "rainbow", "speed": "fast"}]}]}"#.utf8).write(to: scene)
        for command in ["validate", "render", "measure"] {
            var arguments = [command, scene.path]
            if command == "render" { arguments += ["--out", folder.appendingPathComponent("frames").path] }
            let run = try Outside.run("rainbow-texteffects", arguments)
            #expect(run.status == 2, "\(command): \(run.errors)")
            #expect(run.errors.contains("blocks[0].effects[0].speed:"), "\(command): \(run.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames").path), "nothing written")
    }

    @Test func renderDrawsThePlugInsFrames() throws {
        let folder = try Outside.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Outside.run("rainbow-texteffects", [Self.scene, "--frames", "2", "--out", folder.path, "--quiet"])
        #expect(run.status == 0, "\(run.errors)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(frames == ["frame_0000.png", "frame_0001.png"])
    }

    @Test func schemaHasThePlugInAndItsParameters() throws {
        let run = try Outside.run("rainbow-texteffects", ["schema"])
        #expect(run.status == 0, "\(run.errors)")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let effect = try #require((schema["$defs"] as? [String: Any])?["effect"] as? [String: Any])
        // The names, or a `{{placeholder}}` in a template: `{"anyOf": [{"enum": names}, placeholder]}`.
        let type = (effect["properties"] as? [String: Any])?["type"] as? [String: Any]
        let alternatives = (type?["anyOf"] as? [[String: Any]] ?? []) + [type ?? [:]]
        let names = alternatives.lazy.compactMap { $0["enum"] as? [String] }.first
        #expect(names?.contains("rainbow") == true && names?.contains("wave") == true)
        let branches = effect["allOf"] as? [[String: Any]] ?? []
        let rainbow = branches.first { (($0["if"] as? [String: Any])?["properties"] as? [String: Any])
            .flatMap { ($0["type"] as? [String: Any])?["const"] as? String } == "rainbow" }
        let properties = ((rainbow?["then"] as? [String: Any])?["properties"] as? [String: Any]) ?? [:]
        #expect(Set(properties.keys).isSuperset(of: ["spread", "speed", "saturation", "brightness", "select"]))
        #expect((properties["speed"] as? [String: Any])?["type"] as? String == "number")

        // check-jsonschema (texteffects' scripts/install-deps.sh puts it in .build/tools-venv)
        // accepts the example scene and refuses a bad parameter by this schema.
        let checker = Outside.repository.appendingPathComponent(".build/tools-venv/bin/check-jsonschema")
        try #require(FileManager.default.isExecutableFile(atPath: checker.path), "check-jsonschema is missing: run scripts/install-deps.sh")
        let folder = try Outside.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rainbow.schema.json")
        try Data(run.output.utf8).write(to: file)
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"canvas": {"width": 10, "height": 10}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "text": "x", "effects": [{"type": "rainbow", "speed": "fast"}]}]}"#.utf8).write(to: bad)
        #expect(try Outside.check(checker, ["--schemafile", file.path, Self.scene]) == 0)
        #expect(try Outside.check(checker, ["--schemafile", file.path, bad.path]) != 0)
    }

    @Test func versionIsTexteffectsVersion() throws {
        let run = try Outside.run("rainbow-texteffects", ["--version"])
        #expect(run.status == 0)
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
    }

    @Test func anEffectNameGivenTwiceStopsTheProgramBeforeAnyWork() throws {
        let run = try Outside.run("DuplicateNameCLI", ["validate", Self.scene])
        #expect(run.status == 2)
        #expect(run.errors.contains(#"the effect name "rainbow" is already taken by RainbowEffect.RainbowEffect"#), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test func aBuiltInsNameStopsTheProgramBeforeAnyWork() throws {
        let run = try Outside.run("BuiltInNameCLI", ["effects"])
        #expect(run.status == 2)
        #expect(run.errors.contains(#"the effect name "wave" is already taken by Effects.WaveEffect; BuiltInNameCLI.SecondWave needs a name of its own"#), "\(run.errors)")
        #expect(run.output.isEmpty, "no listing")
    }
}
