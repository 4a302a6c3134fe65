extension TextLayout {
    /// Lays out a `Text` in the system's fonts, as SwiftUI lays out a `Text` view: its styles
    /// over the system defaults, wrapped and cut as `options` say.
    public init(_ text: Text, options: LayoutOptions = LayoutOptions()) {
        self.init(text, options: options, fonts: .system)
    }
}
