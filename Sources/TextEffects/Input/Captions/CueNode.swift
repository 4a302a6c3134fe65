/// One node of a cue's text: text, an inline timestamp, or a span holding further nodes.
///
/// This is the tree the WebVTT cue text parsing rules build (WebVTT "node objects"). SubRip
/// tags map onto it too: `<b>` `<i>` `<u>` as in WebVTT, `<font color>` as a ``Kind/color(_:)``
/// span.
package indirect enum CueNode: Hashable, Sendable {
    /// Text, with character references already replaced (`&amp;` is `&`).
    case text(String)
    /// An inline timestamp (`<00:00:01.500>`): the text after it is spoken from this time on.
    case timestamp(CaptionTime)
    /// A span of nodes.
    case span(Kind, classes: [String], children: [CueNode])

    /// What a span is.
    public enum Kind: Hashable, Sendable {
        /// `<c>`: classes only.
        case `class`
        /// `<i>`
        case italic
        /// `<b>`
        case bold
        /// `<u>`
        case underline
        /// `<ruby>`: base text followed by ``rubyText`` spans.
        case ruby
        /// `<rt>` inside `<ruby>`.
        case rubyText
        /// `<v Speaker>`: the voice's name (may be empty).
        case voice(String)
        /// `<lang en-GB>`: a BCP 47 tag, as written (the specification keeps even ill-formed tags).
        case language(String)
        /// SubRip's `<font color="…">`.
        case color(Color)
    }

    /// The text of this node and everything under it, ruby text included, without tags.
    public var plainText: String {
        switch self {
        case .text(let text): return text
        case .timestamp: return ""
        case .span(_, _, let children): return children.map(\.plainText).joined()
        }
    }
}
