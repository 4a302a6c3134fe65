/// How lines sit in the layout width.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable, Codable {
    case leading, center, trailing, justified
}
