extension MarkdownStyle {
    /// The colour of `kind`'s bar, icon and title: the style's own, else GitHub's, from its dark
    /// palette when the body text is light (a dark theme) and its light palette otherwise.
    public func alertTint(for kind: MarkdownAlertKind) -> Color {
        if let tint = alertTints[kind] { return tint }
        guard case .color(let text)? = self[.body].text.color else { return kind.lightTint }
        let luminance = 0.2126 * text.red + 0.7152 * text.green + 0.0722 * text.blue
        return luminance > 0.5 ? kind.darkTint : kind.lightTint
    }
}
