// Beside EnvironmentValues (Render/), which Model/'s colours come before.
extension Color {
    /// This colour's components in `environment`, as SwiftUI's `resolve(in:)`.
    ///
    /// Colours here are constants (the named ones are iOS's light-mode values), so the
    /// environment does not change the result.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        Resolved(red: Float(red), green: Float(green), blue: Float(blue), opacity: Float(alpha))
    }
}
