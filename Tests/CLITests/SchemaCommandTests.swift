import Foundation
import Testing

/// `texteffects schema` prints the scene format's JSON Schema: for texteffects itself exactly
/// docs/scene.schema.json (its effects part made in Swift from the effect listing, as
/// scripts/scene-schema.py makes it), for a program with its own effects that schema with them.
@Suite struct SchemaCommandTests {
    /// JSON text in one canonical form: parsed, then written with sorted keys.
    static func canonical(_ data: Data) throws -> Data {
        let object = try JSONSerialization.jsonObject(with: data)
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    @Test func theBuiltInSchemaIsDocsSceneSchema() throws {
        let run = try CLI.run(["schema"], in: CLI.repoRoot)
        #expect(run.status == 0, "\(run)")
        let documented = try Data(contentsOf: CLI.repoRoot.appendingPathComponent("docs/scene.schema.json"))
        #expect(try Self.canonical(run.stdoutData) == Self.canonical(documented),
                "texteffects schema differs from docs/scene.schema.json (scripts/scene-schema.py)")
    }

    @Test func theSchemaValidatesTheScenes() throws {
        let checker = try SceneSchemaTests.requireChecker()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("printed.schema.json")
        try CLI.run(["schema"], in: CLI.repoRoot).stdoutData.write(to: schema)
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"canvas": {"width": 10, "height": 10}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10}, "text": "x", "effects": [{"type": "wave", "amplitude": "big"}]}]}"#.utf8).write(to: bad)
        let good = try CLI.runExecutable(checker, ["--schemafile", schema.path, "Scenes/wave.json", "Scenes/showcase.json"], in: CLI.repoRoot, timeout: 120)
        #expect(good.status == 0, "\(good)")
        let refused = try CLI.runExecutable(checker, ["--schemafile", schema.path, bad.path], in: CLI.repoRoot, timeout: 120)
        #expect(refused.status != 0, "a string amplitude must not validate")
    }
}
