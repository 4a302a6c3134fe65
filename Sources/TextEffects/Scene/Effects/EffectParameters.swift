import Foundation

/// What one effect parameter is, for `texteffects effects` and error messages.
package struct EffectParameterInfo: Hashable, Sendable {
    public var name: String
    public var type: String
    public var defaultValue: String
    public var help: String
    /// The numbers accepted, for numeric parameters (not listed; out of it is a scene problem).
    public var range: ClosedRange<Double>? = nil
}

/// The parameters of one `effects[i]` entry, read by the effect itself.
///
/// An effect's initialiser asks for each of its parameters, declared once as an
/// ``EffectParameter`` with its default, range and help; values that are wrong are reported at
/// their JSON path, and keys no one asked for are reported as unknown once the effect is built.
/// Asked with no JSON, it collects the parameter list instead.
public final class EffectParameters {
    let node: JSONNode
    private var asked: [String] = ["type", "select", "animatableData"]
    package private(set) var documentation: [EffectParameterInfo] = []
    /// Whether a value read so far is keyframes that change: the effect then changes over time
    /// whatever it says (see ``SceneEffect/changesOverTime``).
    private(set) var readChangingKeyframes = false

    init(node: JSONNode) {
        self.node = node
    }

    /// Parameters with no values, for listing what an effect takes.
    static func documenting() -> EffectParameters {
        EffectParameters(node: JSONNode(value: .object([:]), path: "", problems: SceneProblems()))
    }

    /// The value the scene gives for `parameter`, or its default when it gives none or a wrong
    /// one (reported at its JSON path); lists the parameter when documenting.
    public func value<Value>(of parameter: EffectParameter<Value>) -> Value {
        // `select` is always known; every other key is known once asked for.
        if !asked.contains(parameter.name) { asked.append(parameter.name) }
        documentation.append(parameter.info)
        let value = parameter.decode(node[parameter.name]) ?? parameter.defaultValue
        if Self.changes(value) { readChangingKeyframes = true }
        return value
    }

    /// Whether a parameter's value is keyframes whose value changes (the keyframable kinds:
    /// `animatable` and `animatableTags`).
    private static func changes(_ value: Any) -> Bool {
        if let keyframed = value as? Keyframed<Double> { return !keyframed.isConstant }
        if let tags = value as? [String: Keyframed<Double>] { return tags.values.contains { !$0.isConstant } }
        return false
    }

    // The readers below are `value(of:)` with the parameter declared on the spot, for effects
    // that keep no declarations; a declaration (see ``EffectParameter``) also gives the
    // memberwise initialiser its defaults.

    public func number(_ key: String, default value: Double, in range: ClosedRange<Double> = -1e6...1e6, help: String) -> Double {
        self.value(of: .number(key, default: value, in: range, help: help))
    }

    public func integer(_ key: String, default value: Int, in range: ClosedRange<Int>, help: String) -> Int {
        self.value(of: .integer(key, default: value, in: range, help: help))
    }

    public func bool(_ key: String, default value: Bool, help: String) -> Bool {
        self.value(of: .bool(key, default: value, help: help))
    }

    public func color(_ key: String, default value: Color?, help: String) -> Color? {
        self.value(of: EffectParameter<Color?>.color(key, default: value, help: help))
    }

    public func string(_ key: String, default value: String?, help: String) -> String? {
        self.value(of: .string(key, default: value, help: help))
    }

    /// A list whose items must be among `choices`.
    public func list(_ key: String, of choices: [String], default value: [String], help: String) -> [String] {
        self.value(of: .list(key, of: choices, default: value, help: help))
    }

    /// One name out of `choices`.
    public func choice(_ key: String, of choices: [String], default value: String, help: String) -> String {
        self.value(of: .choice(key, of: choices, default: value, help: help))
    }

    /// A number that may be keyframed: `6` or `[{"t": 0, "value": 12}, {"t": 1, "value": 0, "easing": "easeOut"}]`.
    public func animatable(_ key: String, default value: Double, in range: ClosedRange<Double> = -1e6...1e6, help: String) -> Keyframed<Double> {
        self.value(of: .animatable(key, default: value, in: range, help: help))
    }

    /// Numbers keyed by OpenType tag, each fixed or keyframed: `{"wght": 400}` or
    /// `{"wght": [{"t": 0, "value": 100}, {"t": 1, "value": 900, "easing": "spring"}]}`.
    public func animatableTags(_ key: String, in range: ClosedRange<Double> = -32768...32767, required: Bool = false,
                               help: String) -> [String: Keyframed<Double>] {
        self.value(of: .animatableTags(key, in: range, required: required, help: help))
    }

    /// A color or `{"linearGradient": …}`.
    package func paint(_ key: String, default value: Paint?, help: String) -> Paint? {
        self.value(of: EffectParameter<Paint?>.paint(key, default: value, help: help))
    }

    /// `padding`: a number or `[horizontal, vertical]`.
    public func padding(_ key: String, default value: CGSize, help: String) -> CGSize {
        self.value(of: .padding(key, default: value, help: help))
    }

    /// The effect's `select`: which part of the text it applies to.
    public func selector(default value: TextSelector) -> TextSelector {
        self.value(of: .select(default: value))
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
