import Foundation

extension Double {
    /// A number written in decimal (`-12`, `3.5`, `.5`, `1e3`), or nil: `Double(_:)` alone would
    /// also read `0x10`, `inf` and `nan`, which no data column or query means.
    package init?(decimal text: String) {
        guard text.range(of: #"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil,
              let value = Double(text), value.isFinite else { return nil }
        self = value
    }
}
