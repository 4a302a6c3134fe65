/// Finds the formulas of a Markdown document before cmark parses it, and protects them: each is
/// replaced by a placeholder cmark reads as a word, so `_` and `*` inside a formula never become
/// emphasis and a formula's `-` or `#` at a line start never starts a list or a heading. After
/// parsing, `restore(_:)` turns each placeholder back into its formula node.
///
/// The delimiters are GitHub's: `$…$` (a non-space after the opening `$` and before the closing
/// one, and no digit right after the closing one), `` $`…`$ ``, `$$…$$`, and the LaTeX forms
/// `\(…\)` and `\[…\]` that answers from language models use. `\$` is a dollar sign. No formula
/// spans a blank line. Code spans, fenced code blocks and indented code blocks are skipped
/// (a ```` ```math ```` block is cmark's code block, read after parsing).
struct MathScanner {
    /// The document with each formula replaced by `placeholderStart`, its index, `placeholderEnd`.
    private(set) var text = ""
    /// The formulas found, by index.
    private(set) var formulas: [MathFormula] = []

    /// Noncharacters (for a program's own use) around a placeholder's index; an author's own are removed.
    static let placeholderStart = Character(Unicode.Scalar(0xFDD1)!)
    static let placeholderEnd = Character(Unicode.Scalar(0xFDD2)!)

    /// Scans `markdown`; `formulas` is empty (and `text` is `markdown`) when it has no math.
    init(_ markdown: String) {
        guard markdown.contains("$") || markdown.contains("\\(") || markdown.contains("\\[") else {
            text = markdown
            return
        }
        let cleaned = markdown.filter { $0 != Self.placeholderStart && $0 != Self.placeholderEnd }
        var prose: [Character] = []
        var fence: (marker: Character, count: Int)?
        var previousBlank = true, inIndentedCode = false
        for line in cleaned.split(separator: "\n", omittingEmptySubsequences: false) {
            let characters = Array(line)
            let indent = characters.prefix { $0 == " " }.count
            let isBlank = characters.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            if let open = fence {
                // A fence closes with at least as many of its marker, indented at most 3 spaces.
                let run = characters.dropFirst(indent).prefix { $0 == open.marker }.count
                if indent <= 3, run >= open.count, characters.dropFirst(indent + run).allSatisfy({ $0 == " " || $0 == "\t" }) {
                    fence = nil
                }
                verbatim(line)
                continue
            }
            if indent <= 3, let marker = characters.dropFirst(indent).first, marker == "`" || marker == "~" {
                let run = characters.dropFirst(indent).prefix { $0 == marker }.count
                if run >= 3 {
                    flush(&prose)
                    fence = (marker, run)
                    verbatim(line)
                    previousBlank = false
                    continue
                }
            }
            // An indented code block starts after a blank line and goes on while lines stay indented.
            let indented = indent >= 4 || characters.first == "\t"
            inIndentedCode = !isBlank && indented && (previousBlank || inIndentedCode) || (isBlank && inIndentedCode)
            if inIndentedCode, !isBlank {
                flush(&prose)
                verbatim(line)
                previousBlank = false
                continue
            }
            prose.append(contentsOf: line)
            prose.append("\n")
            previousBlank = isBlank
        }
        flush(&prose)
        if text.hasSuffix("\n"), !cleaned.hasSuffix("\n") { text.removeLast() }
    }

    private mutating func verbatim(_ line: Substring) {
        text += line
        text += "\n"
    }

    /// Finds the formulas of prose lines (a run of lines that are not code) and appends them,
    /// protected, paragraph by paragraph: no formula spans a blank line.
    private mutating func flush(_ prose: inout [Character]) {
        guard !prose.isEmpty else { return }
        var paragraph: [Character] = []
        var line: [Character] = []
        for ch in prose {
            line.append(ch)
            guard ch == "\n" else { continue }
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }) {
                scan(paragraph)
                paragraph.removeAll()
                text += String(line)
            } else {
                paragraph += line
            }
            line.removeAll()
        }
        scan(paragraph + line)
        prose.removeAll()
    }

    /// Finds the formulas of one paragraph. Each search for a closing delimiter that fails is
    /// remembered, so a paragraph of many lone `$` is scanned in linear time, not quadratic.
    private mutating func scan(_ c: [Character]) {
        guard !c.isEmpty else { return }
        var i = 0
        var out = ""
        let end = c.count
        func isSpace(_ ch: Character) -> Bool { ch == " " || ch == "\t" || ch == "\n" || ch == "\r" }
        /// For each closing delimiter, the position from which a search for it found none.
        var failedFrom: [String: Int] = [:]
        /// The first index at or after `from` where `closing` starts and `isValid` holds, not
        /// escaped by a backslash.
        func find(_ closing: [Character], from: Int, escapes: Bool = true, isValid: (Int) -> Bool = { _ in true }) -> Int? {
            let key = String(closing)
            if let failed = failedFrom[key], from >= failed { return nil }
            var j = from
            while j + closing.count <= end {
                if escapes, c[j] == "\\", closing.first != "\\" {
                    j += 2
                    continue
                }
                if c[j] == closing[0], Array(c[j..<(j + closing.count)]) == closing, isValid(j) { return j }
                j += 1
            }
            failedFrom[key] = Swift.min(failedFrom[key] ?? from, from)
            return nil
        }
        func emit(_ source: ArraySlice<Character>, display: Bool, written: ArraySlice<Character>) {
            let formula = MathFormula(source: String(source).trimmingSpaces, isDisplay: display, written: String(written))
            out.append(Self.placeholderStart)
            out += String(formulas.count)
            out.append(Self.placeholderEnd)
            formulas.append(formula)
        }
        while i < end {
            let ch = c[i]
            if ch == "\\", i + 1 < end {
                let next = c[i + 1]
                // A template value's punctuation comes escaped after a data mark: never math.
                let fromData = i > c.startIndex && c[i - 1] == Character(MarkdownParser.dataMark)
                if next == "(" || next == "[", !fromData {
                    let closing: [Character] = ["\\", next == "(" ? ")" : "]"]
                    if let close = find(closing, from: i + 2), !c[(i + 2)..<close].allSatisfy(isSpace) {
                        emit(c[(i + 2)..<close], display: next == "[", written: c[i..<(close + 2)])
                        i = close + 2
                        continue
                    }
                }
                // Any other backslash escape (`\$`, `\\`, `` \` ``) stays as written, for cmark.
                out.append(ch)
                out.append(next)
                i += 2
                continue
            }
            if ch == "`" {
                // A code span: a run of as many backticks closes it; its text is never math.
                let run = c[i...].prefix { $0 == "`" }.count
                let ticks = [Character](repeating: "`", count: run)
                let close = find(ticks, from: i + run, escapes: false) { j in
                    (j + run == end || c[j + run] != "`") && (c[j - 1] != "`")
                }
                let stop = close.map { $0 + run } ?? (i + run)
                out += String(c[i..<stop])
                i = stop
                continue
            }
            if ch == "$" {
                // $`…`$: the backticks hold the formula.
                if i + 1 < end, c[i + 1] == "`" {
                    let run = c[(i + 1)...].prefix { $0 == "`" }.count
                    let closing = [Character](repeating: "`", count: run) + ["$"]
                    if let close = find(closing, from: i + 1 + run, escapes: false), close > i + 1 + run {
                        emit(c[(i + 1 + run)..<close], display: false, written: c[i..<(close + closing.count)])
                        i = close + closing.count
                        continue
                    }
                }
                // $$…$$: display math.
                if i + 1 < end, c[i + 1] == "$" {
                    if let close = find(["$", "$"], from: i + 2), !c[(i + 2)..<close].allSatisfy(isSpace) {
                        emit(c[(i + 2)..<close], display: true, written: c[i..<(close + 2)])
                        i = close + 2
                        continue
                    }
                    out += "$$"
                    i += 2
                    continue
                }
                // $…$: a non-space after the opening `$` and before the closing one, no digit after it.
                if i + 1 < end, !isSpace(c[i + 1]) {
                    let close = find(["$"], from: i + 2) { j in
                        !isSpace(c[j - 1]) && !(j + 1 < end && c[j + 1].isNumber) && !(j + 1 < end && c[j + 1] == "$")
                    }
                    if let close {
                        emit(c[(i + 1)..<close], display: false, written: c[i...close])
                        i = close + 1
                        continue
                    }
                }
            }
            out.append(ch)
            i += 1
        }
        text += out
    }

    /// `document` with every placeholder turned back: in text, into its formula's node; in any
    /// other string (a code span, a link's destination, raw HTML), into what the author wrote.
    func restore(_ document: MarkdownNode) -> MarkdownNode {
        guard !formulas.isEmpty else { return document }
        return restoring(document)
    }

    private func restoring(_ node: MarkdownNode) -> MarkdownNode {
        func all(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
            nodes.flatMap { node -> [MarkdownNode] in
                if case .text(let text) = node { return split(text) }
                return [restoring(node)]
            }
        }
        switch node {
        case .document(let c): return .document(all(c))
        case .paragraph(let c): return .paragraph(all(c))
        case .heading(let level, let c): return .heading(level: level, all(c))
        case .blockQuote(let c): return .blockQuote(all(c))
        case .list(let start, let tight, let items): return .list(start: start, tight: tight, items: all(items))
        case .listItem(let c): return .listItem(all(c))
        case .taskItem(let checked, let c): return .taskItem(checked: checked, all(c))
        case .codeBlock(let language, let code): return .codeBlock(language: language.map(written), code: written(code))
        case .htmlBlock(let html): return .htmlBlock(written(html))
        case .table(let alignments, let header, let rows):
            return .table(alignments: alignments, header: header.map(all), rows: rows.map { $0.map(all) })
        case .otherBlock(let kind, let c): return .otherBlock(kind: kind, all(c))
        case .alignedBlock(let alignment, let c): return .alignedBlock(alignment: alignment, all(c))
        case .details(let summary, let open, let c): return .details(summary: all(summary), open: open, all(c))
        case .text: return node  // split by the list that holds it
        case .emphasis(let c): return .emphasis(all(c))
        case .strong(let c): return .strong(all(c))
        case .strikethrough(let c): return .strikethrough(all(c))
        case .inlineCode(let code): return .inlineCode(written(code))
        case .link(let destination, let c): return .link(destination: written(destination), all(c))
        case .image(let source, let c): return .image(source: written(source), all(c))
        case .inlineHTML(let html): return .inlineHTML(written(html))
        case .htmlImage(var image):
            image.source = written(image.source)
            image.alt = written(image.alt)
            return .htmlImage(image)
        case .htmlStyled(let kind, let c): return .htmlStyled(kind, all(c))
        case .otherInline(let kind, let literal, let c): return .otherInline(kind: kind, literal: literal.map(written), all(c))
        default: return node
        }
    }

    /// The placeholders of `text` at `index`: the formula, or nil for a stray one.
    private func formula(at digits: Substring) -> MathFormula? {
        Int(digits).flatMap { $0 < formulas.count ? formulas[$0] : nil }
    }

    /// A text node's pieces: its text between placeholders and the formulas' nodes.
    private func split(_ text: String) -> [MarkdownNode] {
        guard text.contains(Self.placeholderStart) else { return [.text(text)] }
        var nodes: [MarkdownNode] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(of: Self.placeholderStart) {
            let afterStart = rest.index(after: start)
            guard let end = rest[afterStart...].firstIndex(of: Self.placeholderEnd) else { break }
            if start > rest.startIndex { nodes.append(.text(String(rest[..<start]))) }
            if let formula = formula(at: rest[afterStart..<end]) { nodes.append(formula.node) }
            rest = rest[rest.index(after: end)...]
        }
        if !rest.isEmpty { nodes.append(.text(String(rest))) }
        return nodes
    }

    /// `text` with each placeholder replaced by what its formula's author wrote.
    private func written(_ text: String) -> String {
        split(text).map { node in
            if let formula = MathFormula(node: node) { return formula.written }
            if case .text(let piece) = node { return piece }
            return ""
        }.joined()
    }
}

private extension String {
    /// The string without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
