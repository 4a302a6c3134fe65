import Foundation

/// A shape of any type, as SwiftUI's `AnyShape`: for storing or returning shapes of different
/// types as one (a style's shape chosen at run time, an array of shapes).
///
/// It draws and sizes as the shape it wraps. Unlike SwiftUI's it does not animate: its
/// `animatableData` is empty, since the wrapped shape's data has no type known here.
public struct AnyShape: Shape {
    private let base: any Shape

    /// Wraps `shape`, which draws and sizes as before.
    public init<S: Shape>(_ shape: S) {
        base = shape
    }

    public func path(in rect: CGRect) -> Path {
        base.path(in: rect)
    }

    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        base.sizeThatFits(proposal)
    }
}
