extension Image {
    /// The size of a symbol relative to the text around it, as SwiftUI's `Image.Scale`
    /// (`imageScale(_:)`): `.medium` is the font's size.
    public enum Scale: String, Hashable, Sendable, CaseIterable {
        case small, medium, large

        /// The symbol's em size over the font size. SF Symbols' small and large scales are about
        /// 0.78× and 1.29× the medium one; these are those ratios.
        public var factor: Double {
            switch self {
            case .small: 0.78
            case .medium: 1
            case .large: 1.29
            }
        }
    }
}
