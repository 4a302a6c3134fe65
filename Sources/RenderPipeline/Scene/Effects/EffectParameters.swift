import Foundation

/// What one effect parameter is, for `texteffects effects` and error messages.
package struct EffectParameterInfo: Hashable, Sendable {
    public var name: String
    public var type: String
    public var defaultValue: String
    public var help: String
}

/// The parameters of one `effects[i]` entry, read by the effect itself.
///
/// An effect's initialiser asks for each parameter with its default and help; values that are
/// wrong are reported at their JSON path, and keys no one asked for are reported as unknown
/// once the effect is built. Asked with no JSON, it collects the parameter list instead.
public final class EffectParameters {
    let node: JSONNode
    private var asked: [String] = ["type", "select", "animatableData"]
    package private(set) var documentation: [EffectParameterInfo] = []

    init(node: JSONNode) {
        self.node = node
    }

    /// Parameters with no values, for listing what an effect takes.
    static func documenting() -> EffectParameters {
        EffectParameters(node: JSONNode(value: .object([:]), path: "", problems: SceneProblems()))
    }

    private func note(_ key: String, _ type: String, _ defaultValue: String, _ help: String) -> JSONNode {
        asked.append(key)
        documentation.append(EffectParameterInfo(name: key, type: type, defaultValue: defaultValue, help: help))
        return node[key]
    }

    public func number(_ key: String, default value: Double, in range: ClosedRange<Double> = -1e6...1e6, help: String) -> Double {
        note(key, "number", JSONNode.format(value), help).number(in: range) ?? value
    }

    public func integer(_ key: String, default value: Int, in range: ClosedRange<Int>, help: String) -> Int {
        note(key, "integer", String(value), help).integer(in: range) ?? value
    }

    public func bool(_ key: String, default value: Bool, help: String) -> Bool {
        note(key, "boolean", String(value), help).bool() ?? value
    }

    public func color(_ key: String, default value: Color?, help: String) -> Color? {
        note(key, "color", value?.description ?? "none", help).color() ?? value
    }

    public func string(_ key: String, default value: String?, help: String) -> String? {
        note(key, "string", value ?? "none", help).string() ?? value
    }

    /// A list whose items must be among `choices`.
    public func list(_ key: String, of choices: [String], default value: [String], help: String) -> [String] {
        let child = note(key, "[\(choices.joined(separator: "|"))]", value.joined(separator: ","), help)
        guard let items = child.array() else { return value }
        return items.compactMap { $0.choice(choices.map { ($0, $0) }) }
    }

    /// One name out of `choices`.
    public func choice(_ key: String, of choices: [String], default value: String, help: String) -> String {
        note(key, choices.joined(separator: "|"), value, help).choice(choices.map { ($0, $0) }) ?? value
    }

    /// A number that may be keyframed: `6` or `[{"t": 0, "value": 12}, {"t": 1, "value": 0, "easing": "easeOut"}]`.
    public func animatable(_ key: String, default value: Double, in range: ClosedRange<Double> = -1e6...1e6, help: String) -> Keyframed<Double> {
        note(key, "number or keyframes", JSONNode.format(value), help).animatable { $0.number(in: range, required: true) } ?? .constant(value)
    }

    /// Numbers keyed by OpenType tag, each fixed or keyframed: `{"wght": 400}` or
    /// `{"wght": [{"t": 0, "value": 100}, {"t": 1, "value": 900, "easing": "spring"}]}`.
    public func animatableTags(_ key: String, in range: ClosedRange<Double> = -32768...32767, required: Bool = false,
                               help: String) -> [String: Keyframed<Double>] {
        let child = note(key, "{tag: number or keyframes}", required ? "required" : "{}", help)
        guard child.isPresent else {
            if required { let _: Bool? = child.missing() }
            return [:]
        }
        let tags = child.openTypeTags("a number or keyframes") { $0.animatable { $0.number(in: range, required: true) } } ?? [:]
        if tags.isEmpty, child.value?.objectValue?.isEmpty == true { child.problem("needs at least one axis") }
        return tags
    }

    /// A color or `{"linearGradient": …}`.
    package func paint(_ key: String, default value: Paint?, help: String) -> Paint? {
        let child = note(key, "color or gradient", value.map { if case .color(let c) = $0 { c.description } else { "gradient" } } ?? "none", help)
        guard child.isPresent else { return value }
        return child.paint() ?? value
    }

    /// `padding`: a number or `[horizontal, vertical]`.
    public func padding(_ key: String, default value: CGSize, help: String) -> CGSize {
        let child = note(key, "number or [h, v]", "[\(JSONNode.format(value.width)), \(JSONNode.format(value.height))]", help)
        return child.padding().map { CGSize(width: $0.horizontal, height: $0.vertical) } ?? value
    }

    /// The effect's `select`: which part of the text it applies to.
    public func selector(default value: TextSelector) -> TextSelector {
        let child = node["select"]
        documentation.append(EffectParameterInfo(name: "select", type: "selector", defaultValue: value.summary,
                                                 help: "{\"attribute\": name}, {\"link\": true} or {\"unit\": glyph|word|line, \"start\", \"end\"}"))
        guard child.isPresent else { return value }
        return child.selector() ?? value
    }

    /// Reports keys the effect did not ask for.
    func reportUnknown(effect: String) {
        guard let object = node.value?.objectValue else { return }
        for key in object.keys.sorted() where !asked.contains(key) {
            let known = asked.dropFirst(2)
            node[key].problem("unknown parameter of \(effect)" + (known.isEmpty ? " (it takes none)" : " (it takes: \(known.joined(separator: ", ")))"))
        }
    }
}
