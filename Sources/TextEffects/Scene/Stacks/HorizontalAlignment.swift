/// Where children sit across a vertical stack, or across a depth stack's width: SwiftUI's
/// `HorizontalAlignment`.
package enum HorizontalAlignment: String, CaseIterable, Sendable {
    case leading, center, trailing

    /// The offset of a child `width` wide in `available` points.
    func offset(of width: Double, in available: Double) -> Double {
        switch self {
        case .leading: 0
        case .center: (available - width) / 2
        case .trailing: available - width
        }
    }
}
