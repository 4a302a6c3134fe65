extension JSONNode {
    /// `{"attribute": name}`, `{"link": true}` or `{"unit": "glyph|word|line", "start": i, "end"?: j}`.
    func selector() -> TextSelector? {
        guard let object = self.object(known: ["attribute", "link", "unit", "start", "end"]) else { return nil }
        let kinds = ["attribute", "link", "unit"].filter { object[$0] != nil }
        guard kinds.count == 1 else {
            problem(kinds.isEmpty ? "needs one of attribute, link or unit" : "has \(kinds.joined(separator: " and ")); give exactly one")
            return nil
        }
        switch kinds[0] {
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
        case .range(let unit, let start, let end): "\(unit.rawValue)s \(start)..<\(end.map(String.init) ?? "end")"
        }
    }
}
