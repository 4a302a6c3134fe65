extension EffectRegistry {
    /// Two effect types that would answer to one scene `type` name.
    public struct NameConflict: Error, Sendable, CustomStringConvertible {
        /// The name both types give.
        public let name: String
        /// The type already registered under the name, as `Module.Type`.
        public let registered: String
        /// The type that was to be added, as `Module.Type`.
        public let added: String

        public var description: String {
            "the effect name \"\(name)\" is already taken by \(registered); \(added) needs a name of its own (its static `name`)"
        }
    }

    /// This registry with `types` added, or the first name that would be taken twice — by a
    /// type already here (a built-in effect, say) or by two of `types`.
    ///
    /// ``register(_:)`` replaces an effect of the same name; a program that assembles effects
    /// from several places uses this instead, so that a clash is an error, not a silent swap.
    public func adding(_ types: [any SceneEffect.Type]) -> Result<EffectRegistry, NameConflict> {
        var registry = self
        for type in types {
            if let existing = registry.type(named: type.name) {
                return .failure(NameConflict(name: type.name, registered: String(reflecting: existing),
                                             added: String(reflecting: type)))
            }
            registry.register(type)
        }
        return .success(registry)
    }
}
