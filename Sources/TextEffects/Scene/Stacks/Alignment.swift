/// Where a depth stack places its children, and which of its parts the other stacks use:
/// SwiftUI's `Alignment`, a horizontal and a vertical alignment.
package struct Alignment: Hashable, Sendable {
    package var horizontal: HorizontalAlignment
    package var vertical: VerticalAlignment

    package init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    package static let center = Alignment(horizontal: .center, vertical: .center)

    /// SwiftUI's names: `topLeading`, `top`, `topTrailing`, `leading`, `center`, `trailing`,
    /// `bottomLeading`, `bottom`, `bottomTrailing`.
    package static let named: [(String, Alignment)] = [
        ("topLeading", Alignment(horizontal: .leading, vertical: .top)),
        ("top", Alignment(horizontal: .center, vertical: .top)),
        ("topTrailing", Alignment(horizontal: .trailing, vertical: .top)),
        ("leading", Alignment(horizontal: .leading, vertical: .center)),
        ("center", .center),
        ("trailing", Alignment(horizontal: .trailing, vertical: .center)),
        ("bottomLeading", Alignment(horizontal: .leading, vertical: .bottom)),
        ("bottom", Alignment(horizontal: .center, vertical: .bottom)),
        ("bottomTrailing", Alignment(horizontal: .trailing, vertical: .bottom)),
    ]
}
