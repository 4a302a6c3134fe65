/// A renderer that scenes can name in a block's `effects`, built from its JSON parameters.
public protocol SceneEffect: TextRenderer {
    /// The `type` name scenes use.
    static var name: String { get }
    /// One line on what it does, for `texteffects effects`.
    static var summary: String { get }
    /// Reads parameters; wrong values are reported by `parameters` and replaced by defaults.
    init(parameters: EffectParameters)
    /// The custom attributes the effect reads from runs, which scenes write as JSON under their
    /// `attributeName`: a span's value that does not decode is an error when the scene loads.
    static var attributeTypes: [any (TextAttribute & Decodable).Type] { get }
    /// Whether what the effect draws can differ from one frame to the next: whether it reads
    /// `context.time`, or anything that follows it.
    ///
    /// A scene none of whose effects change over time, and that has no `duration`, `fps`,
    /// keyframes or captions, is a still: one frame, at time 0. Keyframes a scene gives the
    /// effect's parameters (read through ``EffectParameters``) or its `animatableData` count
    /// as changing whatever this says. `true` unless the effect says otherwise, so an effect
    /// that does not say is drawn over the whole timeline.
    var changesOverTime: Bool { get }
}

extension SceneEffect {
    public static var attributeTypes: [any (TextAttribute & Decodable).Type] { [] }
    // An effect that does not say may read the time: its scenes keep their timeline.
    public var changesOverTime: Bool { true }
}

/// The effects a scene may name, by `type`. The Effects module fills one with the built-ins;
/// plug-ins add their own types.
public struct EffectRegistry: Sendable {
    private var types: [String: any SceneEffect.Type] = [:]
    private var attributeTypes: [String: any (TextAttribute & Decodable).Type] = [:]

    public init(_ types: [any SceneEffect.Type] = []) {
        for type in types { register(type) }
    }

    /// Lets scenes name the effect by its `name`, and checks the attributes it reads.
    public mutating func register(_ type: any SceneEffect.Type) {
        types[type.name] = type
        for attribute in type.attributeTypes { register(attribute: attribute) }
    }

    /// Checks a custom attribute when a scene loads: a span whose `attributes` has a value under
    /// the type's `attributeName` that does not decode as the type is an error at its JSON path.
    public mutating func register<Attribute: TextAttribute & Decodable>(attribute type: Attribute.Type) {
        attributeTypes[type.attributeName] = type
    }

    /// Why the JSON a scene gives a registered attribute does not decode, or nil when it does
    /// (or when no type is registered under that name).
    func problem(decodingAttribute name: String, from json: JSONValue) -> String? {
        guard let type = attributeTypes[name] else { return nil }
        return Self.problem(decoding: type, from: json)
    }

    private static func problem<Attribute: TextAttribute & Decodable>(decoding type: Attribute.Type, from json: JSONValue) -> String? {
        do {
            _ = try json.decode(as: type)
            return nil
        } catch {
            return "does not decode as \(type) (\(JSONValue.describe(error)))"
        }
    }

    public var names: [String] { types.keys.sorted() }

    public func type(named name: String) -> (any SceneEffect.Type)? { types[name] }

    /// The parameters an effect takes, with their defaults.
    package func parameters(of name: String) -> [EffectParameterInfo] {
        guard let type = types[name] else { return [] }
        let parameters = EffectParameters.documenting()
        _ = type.init(parameters: parameters)
        return parameters.documentation
    }

    /// Builds the effect an `effects[i]` entry describes, reporting problems at its path.
    func make(from node: JSONNode) -> (any TextRenderer)? {
        effect(from: node)?.renderer
    }

    /// The effect an `effects[i]` entry describes, and whether what it draws changes over time
    /// (the effect says so, or the scene keyframes its parameters or `animatableData`).
    func effect(from node: JSONNode) -> (renderer: any TextRenderer, changesOverTime: Bool)? {
        guard node.value?.objectValue != nil else {
            let _: Bool? = node.mismatch("an effect object {\"type\": …}")
            return nil
        }
        guard let name = node["type"].string(required: true) else { return nil }
        guard let type = types[name] else {
            node["type"].problem("\"\(name)\" is not a known effect (known: \(names.joined(separator: ", ")))")
            return nil
        }
        let parameters = EffectParameters(node: node)
        let effect = type.init(parameters: parameters)
        parameters.reportUnknown(effect: name)
        let changes = effect.changesOverTime || parameters.readChangingKeyframes
        guard node["animatableData"].isPresent else { return (effect, changes) }
        guard let keyframed = Self.keyframing(effect, name: name, node: node["animatableData"]) else { return nil }
        return (keyframed.renderer, changes || keyframed.changesOverTime)
    }

    /// The effect with its `animatableData` set from keyframes each frame, and whether the
    /// keyframes change it.
    private static func keyframing<Effect: TextRenderer>(_ effect: Effect, name: String, node: JSONNode) -> (renderer: any TextRenderer, changesOverTime: Bool)? {
        KeyframedRenderer.make(effect, effect: name, node: node).map { ($0, !$0.data.isConstant) }
    }
}
