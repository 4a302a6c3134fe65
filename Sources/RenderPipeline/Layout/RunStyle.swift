/// Everything a run carries from the spans it came from: resolved style, link and custom attributes.
///
/// Adjacent spans with equal run styles form one run, so runs split exactly where any of these change.
package struct RunStyle: Hashable, Sendable {
    public var style: ResolvedStyle
    public var link: String?
    public var attributes: AttributeSet
    /// Which link of the layout the run belongs to (its index in `TextLayout.links`), so two
    /// separate spans with the same URL stay two links; `nil` when the run is no link.
    public var linkOccurrence: Int?
    /// The image or tag the run's character stands for; `nil` for ordinary text.
    public var inlineBox: InlineBox?

    public init(style: ResolvedStyle, link: String?, attributes: AttributeSet, linkOccurrence: Int? = nil,
                inlineBox: InlineBox? = nil) {
        self.style = style
        self.link = link
        self.attributes = attributes
        self.linkOccurrence = link == nil ? nil : linkOccurrence
        self.inlineBox = inlineBox
    }
}
