import Foundation

/// A rectangle filling the frame it is drawn in, as SwiftUI's `Rectangle`.
public struct Rectangle: Shape, Hashable {
    public init() {}

    public func path(in rect: CGRect) -> Path { Path(rect) }
}
