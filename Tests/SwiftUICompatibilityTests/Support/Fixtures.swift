import Foundation
import RenderPipeline

/// The type the tests' texts are set in.
enum Fixtures {
    static func font(_ size: CGFloat = 40) -> Font {
        .custom("DejaVu Sans", size: size)
    }

    /// Every run of a layout, line by line, as SwiftUI code lists them.
    static func runs(of layout: Text.Layout) -> [Text.Layout.Run] {
        layout.flatMap { line in line }
    }

    /// Every glyph of a layout, as SwiftUI code lists them.
    static func slices(of layout: Text.Layout) -> [Text.Layout.RunSlice] {
        runs(of: layout).flatMap { run in run }
    }
}
