extension JSONNode {
    /// `{"attribute": name}`, `{"link": true}` or `{"unit": "glyph|word|line", "start": i, "end"?: j}`.
    func selector() -> TextSelector? {
        guard let object = self.object(known: ["attribute", "link", "unit", "start", "end", "markdown", "arrived"]) else { return nil }
        let kinds = ["attribute", "link", "unit", "markdown", "arrived"].filter { object[$0] != nil }
        guard kinds.count == 1 else {
            problem(kinds.isEmpty ? "needs one of attribute, link, unit, markdown or arrived" : "has \(kinds.joined(separator: " and ")); give exactly one")
            return nil
        }
        switch kinds[0] {
        case "arrived":
            guard self["arrived"].object(known: ["within"]) != nil,
                  let within = self["arrived"]["within"].number(in: 0...TextSelector.maximumArrivalWindow, required: true) else { return nil }
            return .arrived(within: within)
        case "markdown":
            guard let name = self["markdown"].string(required: true) else { return nil }
            if name == "heading" { return .markdown([.h1, .h2, .h3, .h4, .h5, .h6]) }
            if name == "paragraph" { return .markdown([.body]) }
            let blocks = MarkdownElement.allCases.filter { !$0.isInline }
            guard let element = MarkdownElement(rawValue: name), !element.isInline else {
                let hint = MarkdownElement(rawValue: name) == .link ? " (select links with {\"link\": true})" : ""
                self["markdown"].problem("\"\(name)\" is not a block element; use one of heading, paragraph, "
                    + blocks.map(\.rawValue).joined(separator: ", ") + hint)
                return nil
            }
            return .markdown([element])
        case "attribute":
            guard let name = self["attribute"].string(required: true) else { return nil }
            return .attribute(name)
        case "link":
            guard let on = self["link"].bool() else { return nil }
            guard on else {
                self["link"].problem("only {\"link\": true} selects anything")
                return nil
            }
            return .links
        default:
            let unit = self["unit"].enumeration(TextSelector.Unit.self, required: true)
            let start = self["start"].integer(in: 0...10_000_000) ?? 0
            let end = self["end"].integer(in: 0...10_000_000)
            if let end, end < start {
                self["end"].problem("\(end) is before start \(start)")
                return nil
            }
            return unit.map { .range($0, start: start, end: end) }
        }
    }
}

extension TextSelector {
    /// A short form for listings.
    var summary: String {
        switch self {
        case .all: "whole block"
        case .attribute(let name): "attribute \(name)"
        case .links: "links"
        case .markdown(let kinds): "markdown " + kinds.map(\.rawValue).sorted().joined(separator: "|")
        case .range(let unit, let start, let end): "\(unit.rawValue)s \(start)..<\(end.map(String.init) ?? "end")"
        case .arrived(let within): "arrived within \(JSONNode.format(within)) s"
        }
    }
}
