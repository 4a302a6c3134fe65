/// A renderer that scenes can name in a block's `effects`, built from its JSON parameters.
public protocol SceneEffect: TextRenderer {
    /// The `type` name scenes use.
    static var name: String { get }
    /// One line on what it does, for `texteffects effects`.
    static var summary: String { get }
    /// Reads parameters; wrong values are reported by `parameters` and replaced by defaults.
    init(parameters: EffectParameters)
}

/// The effects a scene may name, by `type`. The Effects module fills one with the built-ins;
/// plug-ins add their own types.
public struct EffectRegistry: Sendable {
    private var types: [String: any SceneEffect.Type] = [:]

    public init(_ types: [any SceneEffect.Type] = []) {
        for type in types { register(type) }
    }

    public mutating func register(_ type: any SceneEffect.Type) {
        types[type.name] = type
    }

    public var names: [String] { types.keys.sorted() }

    public func type(named name: String) -> (any SceneEffect.Type)? { types[name] }

    /// The parameters an effect takes, with their defaults.
    public func parameters(of name: String) -> [EffectParameterInfo] {
        guard let type = types[name] else { return [] }
        let parameters = EffectParameters.documenting()
        _ = type.init(parameters: parameters)
        return parameters.documentation
    }

    /// Builds the effect an `effects[i]` entry describes, reporting problems at its path.
    func make(from node: JSONNode) -> (any TextRenderer)? {
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
        return effect
    }
}
