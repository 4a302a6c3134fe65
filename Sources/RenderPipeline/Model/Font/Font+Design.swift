extension Font {
    /// The look of the system font.
    public enum Design: String, Hashable, Sendable, CaseIterable {
        case `default`, serif, rounded, monospaced
    }
}
