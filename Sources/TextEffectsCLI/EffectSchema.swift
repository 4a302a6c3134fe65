// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import Foundation
import TextEffects

/// The JSON Schema of a scene's `effects[i]` for the effects of a registry: the `$defs.effect`
/// of `docs/scene.schema.json`, made from the same listing `texteffects effects` prints (as
/// `scripts/scene-schema.py` makes it for the built-ins), so a program's own effects are in it.
enum EffectSchema {
    /// The `effect` definition: the known `type` names, and each effect's parameters.
    static func definition(for registry: EffectRegistry) -> [String: Any] {
        var branches: [[String: Any]] = []
        for name in registry.names {
            let parameters = registry.parameters(of: name)
            var properties: [String: Any] = ["type": ["const": name], "animatableData": reference("animatableData")]
            for parameter in parameters {
                properties[parameter.name] = schema(of: parameter)
            }
            // Every effect takes `select` (EffectParameters asks for it on every one).
            if properties["select"] == nil { properties["select"] = reference("selector") }
            var then: [String: Any] = ["description": registry.type(named: name)?.summary ?? "",
                                       "properties": properties, "additionalProperties": false]
            let required = parameters.filter { $0.defaultValue == "required" }.map(\.name)
            if !required.isEmpty { then["required"] = required }
            branches.append(["if": ["properties": ["type": ["const": name]], "required": ["type"]], "then": then])
        }
        return [
            "title": "Effect",
            "description": "{\"type\": NAME, ...params, \"select\"?: Selector}: a renderer applied to the block",
            "type": "object",
            "required": ["type"],
            "properties": ["type": ["description": "the effect's name; `texteffects effects` lists them",
                                    "anyOf": [["type": "string", "enum": registry.names], reference("placeholder")]]],
            "allOf": branches,
        ]
    }

    /// One parameter's schema, from the type its listing line gives.
    static func schema(of parameter: EffectParameterInfo) -> [String: Any] {
        let type = parameter.type
        var schema: [String: Any]
        switch type {
        case "number": schema = ["type": "number"]
        case "integer": schema = ["type": "integer"]
        case "boolean": schema = ["type": "boolean"]
        case "string": schema = ["type": "string"]
        case "color": schema = reference("color")
        case "number or keyframes": schema = reference("animatableNumber")
        case "color, gradient or image": schema = reference("paint")
        case "number or [h, v]": schema = reference("padding")
        case "selector": schema = reference("selector")
        case "{tag: number or keyframes}":
            schema = ["type": "object", "propertyNames": reference("openTypeTag"), "additionalProperties": reference("animatableNumber")]
        default:
            if type.hasPrefix("["), type.hasSuffix("]") {
                schema = ["type": "array", "items": templatedEnumeration(type.dropFirst().dropLast().split(separator: "|").map(String.init))]
            } else if type.contains("|") {
                schema = templatedEnumeration(type.split(separator: "|").map(String.init))
            } else {
                // A type the listing gains later: any JSON value, described, rather than a wrong schema.
                schema = [:]
            }
        }
        schema["description"] = parameter.help.isEmpty ? "default: \(parameter.defaultValue)"
            : "\(parameter.help) (default: \(parameter.defaultValue))"
        return schema
    }

    private static func reference(_ name: String) -> [String: Any] { ["$ref": "#/$defs/\(name)"] }

    /// One of `names`, or a string with a template placeholder (filled before the scene is read).
    private static func templatedEnumeration(_ names: [String]) -> [String: Any] {
        ["anyOf": [["type": "string", "enum": names], reference("placeholder")]]
    }
}
#endif
