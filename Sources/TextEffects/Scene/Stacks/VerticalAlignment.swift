/// Where children sit across a horizontal stack, or across a depth stack's height: SwiftUI's
/// `VerticalAlignment`. `firstTextBaseline` lines up the first baselines of the children's text
/// (a child without text aligns its bottom edge, as in SwiftUI).
package enum VerticalAlignment: String, CaseIterable, Sendable {
    case top, center, bottom, firstTextBaseline

    /// The offset of a child `height` tall in `available` points (`firstTextBaseline` is
    /// placed by the stack itself).
    func offset(of height: Double, in available: Double) -> Double {
        switch self {
        case .top, .firstTextBaseline: 0
        case .center: (available - height) / 2
        case .bottom: available - height
        }
    }
}
