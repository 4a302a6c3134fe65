/// A custom attribute that spans carry and renderers read back from runs, as SwiftUI's
/// `TextAttribute`: `Text("secret").customAttribute(Spoiler())`, then `run[Spoiler.self]`.
///
/// Runs split wherever a custom attribute starts or ends, so every glyph of a run carries
/// the same attributes.
public protocol TextAttribute: Hashable, Sendable {
    /// The key this attribute has in a scene's `attributes` object; the type's name by default.
    static var attributeName: String { get }
}

extension TextAttribute {
    public static var attributeName: String { String(describing: Self.self) }
}

/// A type-erased `TextAttribute`; the wrapped value is `Sendable` by the protocol's requirement.
struct AnyTextAttribute: Hashable, @unchecked Sendable {
    let base: AnyHashable
    init<T: TextAttribute>(_ value: T) { base = AnyHashable(value) }
}
