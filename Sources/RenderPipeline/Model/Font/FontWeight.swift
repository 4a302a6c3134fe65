/// A font weight on the CSS/OpenType 100–900 scale.
package struct FontWeight: Hashable, Sendable, Comparable {
    public var value: Int

    public init(_ value: Int) { self.value = value }

    public static let ultraLight = FontWeight(100)
    public static let thin = FontWeight(200)
    public static let light = FontWeight(300)
    public static let regular = FontWeight(400)
    public static let medium = FontWeight(500)
    public static let semibold = FontWeight(600)
    public static let bold = FontWeight(700)
    public static let heavy = FontWeight(800)
    public static let black = FontWeight(900)

    /// The names a scene may use, in order of weight.
    public static let named: [(name: String, weight: FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]

    public init?(name: String) {
        guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
        self = match.weight
    }

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }
}
