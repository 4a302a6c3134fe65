/// A node of raw HTML as Swift values: what `HTMLParser` copies out of libxml2's tree. Comments,
/// processing instructions, scripts and styles are already gone.
package indirect enum HTMLNode: Hashable, Sendable {
    /// An element, its name lower-cased, its attributes by lower-cased name (the first of a repeated one).
    case element(name: String, attributes: [String: String], children: [HTMLNode])
    /// Character data with its entities decoded.
    case text(String)

    /// The element's name, or nil for text.
    var name: String? {
        if case .element(let name, _, _) = self { return name }
        return nil
    }

    /// The element's attribute `key`, or nil.
    func attribute(_ key: String) -> String? {
        if case .element(_, let attributes, _) = self { return attributes[key] }
        return nil
    }

    /// The element's child nodes; none for text.
    var children: [HTMLNode] {
        if case .element(_, _, let children) = self { return children }
        return []
    }

    /// The characters below this node, without markup.
    var plainText: String {
        switch self {
        case .text(let text): text
        case .element(_, _, let children): children.map(\.plainText).joined()
        }
    }
}
