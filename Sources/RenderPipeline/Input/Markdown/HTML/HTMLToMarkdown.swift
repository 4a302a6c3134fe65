import Foundation

/// Maps parsed HTML back to Markdown nodes, as GitHub shows a README's HTML: the elements its
/// sanitiser keeps become the Markdown they look like, any other element its content, and
/// each placeholder (see `MarkdownHTMLResolver`) the Markdown node it stands for.
///
/// Recursion follows the HTML tree, which `HTMLParser` keeps within `SceneLimits.maximumHTMLDepth`.
struct HTMLToMarkdown {
    /// The nodes the placeholders stand for, by index.
    let originals: [MarkdownNode]

    private typealias Resolver = MarkdownHTMLResolver

    // MARK: Blocks

    /// Block nodes from HTML in a block position: runs of inline content become paragraphs.
    func blocks(from nodes: [HTMLNode], depth: Int) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        var pending: [MarkdownNode] = []
        func flush() {
            let paragraph = Self.trimmed(Self.joiningSpaces(pending))
            pending = []
            if !paragraph.isEmpty { result.append(.paragraph(paragraph)) }
        }
        for node in nodes {
            switch node {
            case .text:
                pending += inlines(from: [node], depth: depth)
            case .element(let name, _, let children):
                if name == Resolver.placeholderName {
                    guard let original = original(node) else { continue }
                    if original.isInline {
                        pending.append(original)
                    } else {
                        flush()
                        result.append(original)
                    }
                } else if Resolver.blockElements.contains(name) {
                    flush()
                    result += block(node, depth: depth)
                } else if containsBlock(node) {
                    // An inline element around blocks (`<a>` around a `<div>`): its blocks stay blocks.
                    flush()
                    result += blocks(from: children, depth: depth + 1)
                } else {
                    pending += inlines(from: [node], depth: depth)
                }
            }
        }
        flush()
        return result
    }

    /// The blocks one block element makes.
    private func block(_ node: HTMLNode, depth: Int) -> [MarkdownNode] {
        guard case .element(let name, _, let children) = node else { return [] }
        var made: [MarkdownNode]
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            made = [.heading(level: Int(String(name.last!))!, Self.trimmed(inlines(from: children, depth: depth + 1)))]
        case "details":
            let summaryNode = children.first { $0.name == "summary" }
            let summary = summaryNode.map { Self.trimmed(inlines(from: $0.children, depth: depth + 2)) } ?? [.text("Details")]
            let content = blocks(from: children.filter { $0.name != "summary" }, depth: depth + 1)
            made = [.details(summary: summary, open: node.attribute("open") != nil, content)]
        case "table":
            made = table(node, depth: depth)
        case "ul", "ol", "menu", "dir":
            let items = children.filter { $0.name == "li" }.map { MarkdownNode.listItem(blocks(from: $0.children, depth: depth + 2)) }
            let start = name == "ol" ? Int(node.attribute("start") ?? "") ?? 1 : nil
            made = items.isEmpty ? [] : [.list(start: start, tight: true, items: items)]
        case "blockquote":
            made = [.blockQuote(blocks(from: children, depth: depth + 1))]
        case "pre":
            var code = preformattedText(children)
            if code.hasPrefix("\n") { code.removeFirst() }
            made = [.codeBlock(language: nil, code: code)]
        case "hr":
            made = [.thematicBreak]
        case "summary", "dt", "figcaption", "caption", "th", "td":
            let line = Self.trimmed(inlines(from: children, depth: depth + 1))
            made = line.isEmpty ? [] : [.paragraph(line)]
        default:
            // div, p, section, center … : their content, aligned when they say so.
            made = blocks(from: children, depth: depth + 1)
        }
        if let alignment = Self.alignment(of: node, name: name), !made.isEmpty {
            return [.alignedBlock(alignment: alignment, made)]
        }
        return made
    }

    /// The `align` attribute (or `<center>`) as an alignment.
    private static func alignment(of node: HTMLNode, name: String) -> MarkdownTableAlignment? {
        if name == "center" { return .center }
        switch node.attribute("align")?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "center", "middle": return .center
        case "right": return .trailing
        case "left": return .leading
        default: return nil
        }
    }

    /// A `<table>` as the Markdown table model: its rows (inside `<thead>`, `<tbody>`,
    /// `<tfoot>` or not), the first row the header, each cell's content as inlines.
    private func table(_ node: HTMLNode, depth: Int) -> [MarkdownNode] {
        var rows: [HTMLNode] = []
        for child in node.children {
            switch child.name {
            case "tr": rows.append(child)
            case "thead", "tbody", "tfoot": rows += child.children.filter { $0.name == "tr" }
            default: break
            }
        }
        let cells = rows.map { $0.children.filter { $0.name == "td" || $0.name == "th" } }.filter { !$0.isEmpty }
        guard let first = cells.first else { return blocks(from: node.children, depth: depth + 1) }
        let alignments: [MarkdownTableAlignment] = first.map { cell in
            switch cell.attribute("align")?.lowercased() {
            case "center": .center
            case "right": .trailing
            case "left": .leading
            default: .none
            }
        }
        let content = cells.map { row in row.map { Self.trimmed(inlines(from: $0.children, depth: depth + 3)) } }
        return [.table(alignments: alignments, header: content[0], rows: Array(content.dropFirst()))]
    }

    // MARK: Inlines

    /// Inline nodes from HTML in an inline position; block elements become their content
    /// between line breaks.
    func inlines(from nodes: [HTMLNode], depth: Int) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        for node in nodes {
            switch node {
            case .text(let text):
                let collapsed = Self.collapsingWhitespace(text)
                if !collapsed.isEmpty { result.append(.text(collapsed)) }
            case .element(let name, _, let children):
                result += inline(node, name: name, children: children, depth: depth)
            }
        }
        return Self.joiningSpaces(result)
    }

    private func inline(_ node: HTMLNode, name: String, children: [HTMLNode], depth: Int) -> [MarkdownNode] {
        func content() -> [MarkdownNode] { inlines(from: children, depth: depth + 1) }
        switch name {
        case Resolver.placeholderName:
            return original(node).map { [$0] } ?? []
        case "br": return [.lineBreak]
        case "b", "strong": return [.strong(content())]
        case "i", "em", "cite", "var", "dfn": return [.emphasis(content())]
        case "del", "s", "strike": return [.strikethrough(content())]
        case "code", "tt", "samp":
            return [.inlineCode(Self.collapsingWhitespace(text(of: children)))]
        case "kbd": return [.htmlStyled(.keyboard, content())]
        case "sub": return [.htmlStyled(.subscript, content())]
        case "sup": return [.htmlStyled(.superscript, content())]
        case "ins": return [.htmlStyled(.inserted, content())]
        case "mark": return [.htmlStyled(.marked, content())]
        case "a":
            guard let href = node.attribute("href")?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty,
                  !href.lowercased().hasPrefix("javascript:") else { return content() }
            return [.link(destination: href, content())]
        case "img": return image(node).map { [.htmlImage($0)] } ?? []
        case "picture":
            // The `<img>` fallback; `<source>`s choose among formats and screens, which do not apply here.
            return Self.firstImage(in: children).flatMap(image).map { [.htmlImage($0)] } ?? content()
        case "source", "track", "wbr":
            // Empty elements libxml2's HTML 4 tables do not know: what follows them became their content.
            return content()
        case "input", "button", "select", "textarea", "iframe", "object", "embed", "video", "audio", "svg", "math":
            // What GitHub's sanitiser removes, or what would only show as an empty frame.
            return []
        default:
            if Resolver.blockElements.contains(name) {
                // A block inside a paragraph's HTML: its own line.
                let inner = Self.trimmed(content())
                return inner.isEmpty ? [] : [.lineBreak] + inner + [.lineBreak]
            }
            return content()
        }
    }

    /// An `<img>`'s source, alt text and size; nil without a source.
    private func image(_ node: HTMLNode) -> MarkdownHTMLImage? {
        guard let source = node.attribute("src")?.trimmingCharacters(in: .whitespacesAndNewlines), !source.isEmpty else {
            return nil
        }
        func length(_ key: String) -> Double? {
            // `120`, `120px`; percentages and other units are left to the image's own size.
            guard var value = node.attribute(key)?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            guard let number = Double(value), number.isFinite, number > 0 else { return nil }
            return Swift.min(number, 100_000)
        }
        return MarkdownHTMLImage(source: source, alt: Self.collapsingWhitespace(node.attribute("alt") ?? ""),
                                 width: length("width"), height: length("height"))
    }

    // MARK: Helpers

    /// The first `<img>` below `nodes`, depth first (a `<picture>`'s fallback, perhaps inside a
    /// `<source>` that libxml2 did not close).
    private static func firstImage(in nodes: [HTMLNode]) -> HTMLNode? {
        for node in nodes {
            if node.name == "img" { return node }
            if let found = firstImage(in: node.children) { return found }
        }
        return nil
    }

    /// The Markdown node a placeholder stands for.
    private func original(_ node: HTMLNode) -> MarkdownNode? {
        guard let index = node.attribute("i").flatMap(Int.init), originals.indices.contains(index) else { return nil }
        return originals[index]
    }

    /// Whether a block element or a block placeholder sits anywhere below `node`.
    private func containsBlock(_ node: HTMLNode) -> Bool {
        for child in node.children {
            guard let name = child.name else { continue }
            if name == Resolver.placeholderName {
                if let original = original(child), !original.isInline { return true }
            } else if Resolver.blockElements.contains(name) || containsBlock(child) {
                return true
            }
        }
        return false
    }

    /// The characters below `nodes` as written (placeholders as their Markdown's text).
    private func text(of nodes: [HTMLNode]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): text
            case .element(let name, _, let children):
                name == Resolver.placeholderName
                    ? original(node).map { MarkdownInlineConverter.plainText(of: [$0]) } ?? ""
                    : name == "br" ? "\n" : text(of: children)
            }
        }.joined()
    }

    /// A `<pre>`'s text with its line breaks.
    private func preformattedText(_ nodes: [HTMLNode]) -> String { text(of: nodes) }

    /// HTML's white space rule: any run of spaces, tabs and line breaks shows as one space.
    static func collapsingWhitespace(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var inSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" {
                if !inSpace { result.unicodeScalars.append(" ") }
                inSpace = true
            } else {
                result.unicodeScalars.append(scalar)
                inSpace = false
            }
        }
        return result
    }

    /// Adjacent texts joined, a space that follows a space (or a line break) dropped.
    private static func joiningSpaces(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        for node in nodes {
            guard case .text(var text) = node else {
                result.append(node)
                continue
            }
            if case .text(let previous)? = result.last {
                if previous.hasSuffix(" "), text.hasPrefix(" ") { text.removeFirst() }
                result[result.count - 1] = .text(previous + text)
                continue
            }
            if result.last == .lineBreak, text.hasPrefix(" ") { text.removeFirst() }
            if !text.isEmpty { result.append(.text(text)) }
        }
        return result
    }

    /// Inlines without the white space at their start and end (and line breaks there).
    static func trimmed(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var nodes = nodes
        while let first = nodes.first {
            if first == .lineBreak || first == .softBreak { nodes.removeFirst(); continue }
            guard case .text(let text) = first else { break }
            let kept = String(text.drop { $0.isWhitespace })
            if kept.isEmpty { nodes.removeFirst(); continue }
            nodes[0] = .text(kept)
            break
        }
        while let last = nodes.last {
            if last == .lineBreak || last == .softBreak { nodes.removeLast(); continue }
            guard case .text(let text) = last else { break }
            let kept = String(text.reversed().drop { $0.isWhitespace }.reversed())
            if kept.isEmpty { nodes.removeLast(); continue }
            nodes[nodes.count - 1] = .text(kept)
            break
        }
        return nodes
    }
}
