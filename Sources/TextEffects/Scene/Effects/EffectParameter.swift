import Foundation

/// One parameter an effect takes, declared once: its scene key, default, accepted range and help.
///
/// An effect declares each of its parameters as a `static let` named after the scene key, and
/// every use reads that one declaration: `init(parameters:)` decodes it with
/// ``EffectParameters/value(of:)`` (a wrong value is reported at its JSON path and the default
/// used), `texteffects effects` lists it, and the memberwise initialiser takes its default from it,
/// so the three cannot drift apart:
///
/// ```swift
/// public struct GlowEffect: SceneEffect {
///     public static let radius = EffectParameter.animatable("radius", default: 6, in: 0...500, help: "glow radius in points; keyframable")
///     public static let select = EffectParameter.select(default: .all)
///
///     public var radius: Keyframed<Double>
///     public var selector: TextSelector
///
///     public init(radius: Keyframed<Double> = Self.radius.defaultValue, selector: TextSelector = Self.select.defaultValue) { … }
///
///     public init(parameters: EffectParameters) {
///         self.init(radius: parameters.value(of: Self.radius), selector: parameters.value(of: Self.select))
///     }
/// }
/// ```
///
/// Make one with the factory for its kind of value: `number`, `integer`, `bool`, `animatable`,
/// `animatableTags`, `color`, `paint`, `string`, `choice` (of names, or of a string enum's
/// cases), `list`, `padding`, and `select` for the part of the text the effect applies to.
public struct EffectParameter<Value: Sendable>: Sendable {
    /// The key scenes give the value under, in the effect's object.
    public let name: String
    /// The value when the scene gives none, or gives a wrong one.
    public let defaultValue: Value
    /// The numbers accepted, for numeric parameters; a number outside is a problem at its JSON path.
    public let range: ClosedRange<Double>?
    /// One line on what the value does, for `texteffects effects`.
    public let help: String
    /// What `texteffects effects` shows as the type ("number", "color, gradient or image", "glyph|word|line").
    let typeName: String
    /// What `texteffects effects` shows as the default.
    let defaultDescription: String
    /// The value the scene gives, or nil (with a problem recorded where the value is wrong) when
    /// the default applies.
    let decode: @Sendable (JSONNode) -> Value?

    /// What `texteffects effects` lists for it.
    var info: EffectParameterInfo {
        EffectParameterInfo(name: name, type: typeName, defaultValue: defaultDescription, help: help, range: range)
    }
}

extension EffectParameter where Value == Double {
    /// A finite number in `range`.
    public static func number(_ name: String, default value: Double, in range: ClosedRange<Double> = -1e6...1e6, help: String) -> Self {
        Self(name: name, defaultValue: value, range: range, help: help, typeName: "number",
             defaultDescription: JSONNode.format(value)) { $0.number(in: range) }
    }
}

extension EffectParameter where Value == Int {
    /// A whole number in `range`.
    public static func integer(_ name: String, default value: Int, in range: ClosedRange<Int>, help: String) -> Self {
        Self(name: name, defaultValue: value, range: Double(range.lowerBound)...Double(range.upperBound), help: help,
             typeName: "integer", defaultDescription: String(value)) { $0.integer(in: range) }
    }
}

extension EffectParameter where Value == Bool {
    /// `true` or `false`.
    public static func bool(_ name: String, default value: Bool, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "boolean", defaultDescription: String(value)) { $0.bool() }
    }
}

extension EffectParameter where Value == Keyframed<Double> {
    /// A number in `range` that may be keyframed: `6` or
    /// `[{"t": 0, "value": 12}, {"t": 1, "value": 0, "easing": "easeOut"}]`.
    public static func animatable(_ name: String, default value: Double, in range: ClosedRange<Double> = -1e6...1e6, help: String) -> Self {
        Self(name: name, defaultValue: .constant(value), range: range, help: help, typeName: "number or keyframes",
             defaultDescription: JSONNode.format(value)) { $0.animatable { $0.number(in: range, required: true) } }
    }
}

extension EffectParameter where Value == [String: Keyframed<Double>] {
    /// Numbers keyed by OpenType tag, each fixed or keyframed: `{"wght": 400}` or
    /// `{"wght": [{"t": 0, "value": 100}, {"t": 1, "value": 900, "easing": "spring"}]}`. Empty by default.
    public static func animatableTags(_ name: String, in range: ClosedRange<Double> = -32768...32767, required: Bool = false,
                                      help: String) -> Self {
        Self(name: name, defaultValue: [:], range: range, help: help, typeName: "{tag: number or keyframes}",
             defaultDescription: required ? "required" : "{}") { node in
            guard node.isPresent else {
                if required { let _: Bool? = node.missing() }
                return nil
            }
            let tags = node.openTypeTags("a number or keyframes") { $0.animatable { $0.number(in: range, required: true) } } ?? [:]
            if tags.isEmpty, node.value?.objectValue?.isEmpty == true { node.problem("needs at least one axis") }
            return tags
        }
    }
}

extension EffectParameter where Value == Color {
    /// A color: `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a name.
    public static func color(_ name: String, default value: Color, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "color", defaultDescription: value.description) { $0.color() }
    }
}

extension EffectParameter where Value == Color? {
    /// A color, or none when the scene gives none.
    public static func color(_ name: String, default value: Color?, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "color",
             defaultDescription: value?.description ?? "none") { $0.color().map(Optional.some) }
    }
}

extension EffectParameter where Value == Paint {
    /// A color or `{"linearGradient": …}`.
    public static func paint(_ name: String, default value: Paint, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "color, gradient or image",
             defaultDescription: describe(value)) { $0.isPresent ? $0.paint() : nil }
    }

    /// How `texteffects effects` shows a default paint: the color, or "gradient".
    static func describe(_ paint: Paint?) -> String {
        switch paint {
        case .color(let color): color.description
        case .some: "gradient"
        case nil: "none"
        }
    }
}

extension EffectParameter where Value == Paint? {
    /// A color or `{"linearGradient": …}`, or none when the scene gives none.
    public static func paint(_ name: String, default value: Paint?, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "color, gradient or image",
             defaultDescription: EffectParameter<Paint>.describe(value)) { $0.isPresent ? $0.paint().map(Optional.some) : nil }
    }
}

extension EffectParameter where Value == String? {
    /// Any string, or none when the scene gives none.
    public static func string(_ name: String, default value: String?, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "string",
             defaultDescription: value ?? "none") { $0.string().map(Optional.some) }
    }
}

extension EffectParameter where Value == String {
    /// One name out of `choices`.
    public static func choice(_ name: String, of choices: [String], default value: String, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: choices.joined(separator: "|"),
             defaultDescription: value) { $0.choice(choices.map { ($0, $0) }) }
    }
}

extension EffectParameter where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One case of a string enum, by its raw value.
    public static func choice(_ name: String, default value: Value, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: Value.allCases.map(\.rawValue).joined(separator: "|"),
             defaultDescription: value.rawValue) { $0.enumeration(Value.self) }
    }
}

extension EffectParameter where Value == [String] {
    /// A list whose items must be among `choices`; items that are not are reported and left out.
    public static func list(_ name: String, of choices: [String], default value: [String], help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "[\(choices.joined(separator: "|"))]",
             defaultDescription: value.joined(separator: ",")) { node in
            node.array()?.compactMap { $0.choice(choices.map { ($0, $0) }) }
        }
    }
}

extension EffectParameter {
    /// A list of cases of a string enum, by their raw values; items that are none are reported and left out.
    public static func list<Element>(_ name: String, default value: [Element], help: String) -> Self
    where Value == [Element], Element: RawRepresentable & CaseIterable & Sendable, Element.RawValue == String {
        let choices = Element.allCases.map(\.rawValue)
        return Self(name: name, defaultValue: value, range: nil, help: help, typeName: "[\(choices.joined(separator: "|"))]",
                    defaultDescription: value.map(\.rawValue).joined(separator: ",")) { node in
            node.array()?.compactMap { $0.enumeration(Element.self) }
        }
    }
}

extension EffectParameter where Value == CGSize {
    /// Padding: a number for both sides, or `[horizontal, vertical]`.
    public static func padding(_ name: String, default value: CGSize, help: String) -> Self {
        Self(name: name, defaultValue: value, range: nil, help: help, typeName: "number or [h, v]",
             defaultDescription: "[\(JSONNode.format(value.width)), \(JSONNode.format(value.height))]") { node in
            node.padding().map { CGSize(width: $0.horizontal, height: $0.vertical) }
        }
    }
}

extension EffectParameter where Value == TextSelector {
    /// The effect's `select`: which part of the text it applies to, `value` when the scene says nothing.
    public static func select(default value: TextSelector) -> Self {
        Self(name: "select", defaultValue: value, range: nil, help: "{\"attribute\": name}, {\"link\": true} or {\"unit\": glyph|word|line, \"start\", \"end\"}",
             typeName: "selector", defaultDescription: value.summary) { $0.isPresent ? $0.selector() : nil }
    }
}
