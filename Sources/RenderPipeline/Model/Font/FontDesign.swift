extension FontDescriptor {
    /// The look of the system font, as SwiftUI's `Font.Design`.
    public enum Design: String, Hashable, Sendable, CaseIterable {
        case `default`, serif, rounded, monospaced
    }
}
