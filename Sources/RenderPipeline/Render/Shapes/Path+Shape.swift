import Foundation

/// A path is a shape of its own, as in SwiftUI: it ignores the frame it is given.
extension Path: Shape {
    /// The path itself, whatever `rect` is.
    public func path(in rect: CGRect) -> Path { self }
}
