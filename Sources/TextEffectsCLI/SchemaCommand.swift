// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import CSceneSchema
import Foundation
import TextEffects

/// `texteffects schema`: the scene format as a JSON Schema, with this program's effects.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the scene format as a JSON Schema (draft 2020-12), with every effect this program knows.",
        discussion: "For texteffects itself this is docs/scene.schema.json; a program built with TextEffectsCLI.main(effects:) adds its own effects and their parameters. Name it in a scene's \"$schema\" for completion and checks in an editor."
    )

    func run() throws {
        try StandardOutput.write(try Self.schema(for: .commandLine))
    }

    /// The schema `docs/scene.schema.json` holds, with `$defs.effect` made for `registry`.
    static func schema(for registry: EffectRegistry) throws -> Data {
        guard var schema = try JSONSerialization.jsonObject(with: Data(bytes: te_scene_schema_json(), count: Int(te_scene_schema_json_count()))) as? [String: Any],
              var definitions = schema["$defs"] as? [String: Any] else {
            throw CommandFailure(message: "texteffects: the built-in scene schema does not read as a JSON object", cause: .run)
        }
        definitions["effect"] = EffectSchema.definition(for: registry)
        schema["$defs"] = definitions
        var data = try JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }
}
#endif
