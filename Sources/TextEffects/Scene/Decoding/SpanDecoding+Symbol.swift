import Foundation

/// Reading a symbol span: `{"symbol": "heart.fill", "scale": "large"}`.
extension JSONNode {
    /// A symbol span; an unknown name is a problem at `symbol` listing a few close names.
    func symbolSpan(style: Style, alt: String?) -> Span? {
        let scale: Image.Scale? = self["scale"].isPresent
            ? self["scale"].choice(Image.Scale.allCases.map { ($0.rawValue, $0) }) : nil
        guard let name = self["symbol"].string(required: true) else { return nil }
        guard !name.isEmpty else {
            self["symbol"].problem("a symbol span needs a name (an SF Symbols or Material Icons name)")
            return nil
        }
        switch SymbolCatalog.shared {
        case .failure(let error):
            self["symbol"].problem(error.message)
            return nil
        case .success(let catalog):
            guard catalog.codepoint(for: name) != nil else {
                let close = catalog.suggestions(for: name)
                self["symbol"].problem("\"\(name)\" is not a known symbol"
                    + (close.isEmpty ? "" : " (close: \(close.joined(separator: ", ")))"))
                return nil
            }
        }
        // A symbol is a glyph of the symbol font: without it, the icon's name would be drawn.
        problems.noteFontFamily(SymbolCatalog.fontFamily, at: self["symbol"].path)
        return Span(symbol: Symbol(name, scale: scale), alt: alt, style: style)
    }
}
