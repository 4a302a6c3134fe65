extension Text {
    /// A laid-out text, under the name SwiftUI gives it: `Text.Layout` is `TextLayout`, so its
    /// lines, runs and slices are `Text.Layout.Line`, `Text.Layout.Run` and `Text.Layout.RunSlice`.
    public typealias Layout = TextLayout
}
