/// What a text is laid out for: the Dynamic Type size category and the language for shaping.
package struct TextEnvironment: Hashable, Sendable {
    public var sizeCategory: DynamicTypeSize
    /// A BCP 47 / Pango language tag (`en`, `zh-CN`, `ru`) used for shaping, font choice and line breaking.
    public var language: String

    public init(sizeCategory: DynamicTypeSize = .large, language: String = "en") {
        self.sizeCategory = sizeCategory
        self.language = language
    }
}
