import Foundation

extension Text {
    /// How an underline or strikethrough is drawn, as SwiftUI's `Text.LineStyle`: its pattern
    /// and its colour (the text's own when nil).
    public struct LineStyle: Hashable, Sendable {
        /// The line's dashes, as SwiftUI's `Text.LineStyle.Pattern`.
        public struct Pattern: Hashable, Sendable {
            let decoration: DecorationPattern

            /// A solid line.
            public static let solid = Pattern(decoration: .single)
            /// A line of dots.
            public static let dot = Pattern(decoration: .dotted)
            /// A line of dashes.
            public static let dash = Pattern(decoration: .dashed)
            /// Dashes and dots in turn.
            public static let dashDot = Pattern(decoration: .dashDot)
            /// A dash and two dots in turn.
            public static let dashDotDot = Pattern(decoration: .dashDotDot)
        }

        public let pattern: Pattern
        public let color: Color?

        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()

        var decoration: TextDecoration { TextDecoration(pattern: pattern.decoration, color: color) }
    }

    /// Underlines the text, as SwiftUI's `underline(_:color:)`; `false` removes an underline
    /// an outer modifier would add.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        underline(isActive, pattern: .solid, color: color)
    }

    /// Underlines the text with `pattern`, as SwiftUI's `underline(_:pattern:color:)`.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        underline(isActive, decoration: pattern.decoration, color: color)
    }

    /// Strikes the text through, as SwiftUI's `strikethrough(_:color:)`.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        strikethrough(isActive, pattern: .solid, color: color)
    }

    /// Strikes the text through with `pattern`, as SwiftUI's `strikethrough(_:pattern:color:)`.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        strikethrough(isActive, decoration: pattern.decoration, color: color)
    }
}
