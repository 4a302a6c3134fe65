import Foundation

/// What a renderer may read about where it draws, as the parts of SwiftUI's `EnvironmentValues`
/// a text renderer uses: the appearance, direction, scale, locale and Dynamic Type size.
///
/// There is no view hierarchy here: scenes draw in light mode, left to right, and the text
/// environment (Dynamic Type size, language) is the one the text was laid out in.
public struct EnvironmentValues: Sendable {
    public var colorScheme: ColorScheme = .light
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Pixels per point of the frame.
    public var displayScale: CGFloat = 1
    public var locale: Locale = Locale(identifier: "en")
    public var dynamicTypeSize: DynamicTypeSize = .large

    public init() {}
}

extension GraphicsContext {
    /// Where this context draws, as SwiftUI's `GraphicsContext.environment`: light mode, left to
    /// right, the frame's display scale, and the language and Dynamic Type size scenes lay out in.
    public var environment: EnvironmentValues {
        var values = EnvironmentValues()
        values.displayScale = displayScale
        values.locale = Locale(identifier: textEnvironment.language)
        values.dynamicTypeSize = textEnvironment.sizeCategory
        return values
    }
}
