extension Font {
    /// A font weight, from ultra-light to black.
    ///
    /// Each is a value on the CSS/OpenType 100–900 scale, which Pango and the `wght` axis use.
    public struct Weight: Hashable, Sendable {
        package var value: Int

        package init(_ value: Int) { self.value = value }

        public static let ultraLight = Weight(100)
        public static let thin = Weight(200)
        public static let light = Weight(300)
        public static let regular = Weight(400)
        public static let medium = Weight(500)
        public static let semibold = Weight(600)
        public static let bold = Weight(700)
        public static let heavy = Weight(800)
        public static let black = Weight(900)

        /// The names a scene may use, in order of weight.
        package static let named: [(name: String, weight: Weight)] = [
            ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
            ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
        ]

        package init?(name: String) {
            guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
            self = match.weight
        }
    }
}

/// The weight's name inside the package, from before `Font` existed.
package typealias FontWeight = Font.Weight
