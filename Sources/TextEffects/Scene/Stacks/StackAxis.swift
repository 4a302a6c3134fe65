/// The way a stack lines up its children: SwiftUI's `VStack`, `HStack` or `ZStack`.
package enum StackAxis: String, CaseIterable, Sendable {
    /// Top to bottom, as `VStack`.
    case vertical
    /// Leading to trailing, as `HStack`.
    case horizontal
    /// One over another, the first at the back, as `ZStack`.
    case depth
}
