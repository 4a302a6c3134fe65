import Foundation

/// The custom attributes a span carries: typed `TextAttribute` values and scene JSON values, by name.
package struct AttributeSet: Hashable, Sendable {
    private enum Value: Hashable, Sendable {
        case typed(AnyTextAttribute)
        case json(JSONValue)
    }

    private var values: [String: Value] = [:]

    public init() {}

    /// Attributes from a scene's `attributes` object.
    public init(json: [String: JSONValue]) {
        for (name, value) in json { values[name] = .json(value) }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// The attribute names present, sorted.
    public var names: [String] { values.keys.sorted() }

    public func contains(_ name: String) -> Bool { values[name] != nil }

    /// Adds or replaces a typed attribute.
    public mutating func set<T: TextAttribute>(_ value: T) {
        values[T.attributeName] = .typed(AnyTextAttribute(value))
    }

    /// Adds or replaces a JSON attribute.
    public mutating func set(_ name: String, json value: JSONValue) {
        values[name] = .json(value)
    }

    /// Attributes of `other` replace this set's where both have a name.
    public func merging(_ other: AttributeSet) -> AttributeSet {
        var result = self
        result.values.merge(other.values) { _, new in new }
        return result
    }

    /// The typed attribute of this type, if a value of that type was set.
    public subscript<T: TextAttribute>(type: T.Type) -> T? {
        if case .typed(let any)? = values[T.attributeName] { return any.base.base as? T }
        return nil
    }

    /// The attribute of this type, set as a value or decoded from the scene's JSON under its name.
    public subscript<T: TextAttribute & Decodable>(type: T.Type) -> T? {
        switch values[T.attributeName] {
        case .typed(let any)?: return any.base.base as? T
        case .json(let json)?: return try? json.decode(as: T.self)
        case nil: return nil
        }
    }

    /// The attribute's value as JSON: scene attributes as written, typed ones when `Encodable`.
    public func json(_ name: String) -> JSONValue? {
        switch values[name] {
        case .json(let json)?: return json
        case .typed(let any)?:
            guard let encodable = any.base.base as? any Encodable,
                  let data = try? JSONEncoder().encode(encodable),
                  let json = try? JSONValue(parsing: data) else { return .object([:]) }
            return json
        case nil: return nil
        }
    }
}
