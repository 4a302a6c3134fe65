import Foundation

/// The ellipse inscribed in the frame it is drawn in, as SwiftUI's `Ellipse`.
public struct Ellipse: Shape, Hashable {
    public init() {}

    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}
