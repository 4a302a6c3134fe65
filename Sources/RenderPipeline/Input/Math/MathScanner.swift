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
    ///
    /// Works on the UTF-8 bytes: every delimiter is ASCII, and a byte of a multi-byte character
    /// is never one, so the scan reads each byte once or twice instead of breaking the document
    /// into grapheme clusters (which cost more than the rest of a document's math).
    init(_ markdown: String) {
        guard markdown.utf8.contains(Byte.dollar) || markdown.containsASCII("\\(") || markdown.containsASCII("\\[") else {
            text = markdown
            return
        }
        let cleaned = Self.removingPlaceholders(Array(markdown.utf8))
        var out: [UInt8] = []
        out.reserveCapacity(cleaned.count)
        var prose: [UInt8] = []
        var fence: (marker: UInt8, count: Int)?
        var previousBlank = true, inIndentedCode = false
        var lineStart = 0
        while lineStart <= cleaned.count {
            let lineEnd = cleaned[lineStart...].firstIndex(of: Byte.newline) ?? cleaned.count
            let line = cleaned[lineStart..<lineEnd]
            let isLast = lineEnd == cleaned.count
            defer { lineStart = lineEnd + 1 }
            let indent = line.prefix { $0 == Byte.space }.count
            let isBlank = line.allSatisfy { $0 == Byte.space || $0 == Byte.tab || $0 == Byte.carriageReturn }
            let afterIndent = line.dropFirst(indent)
            if let open = fence {
                // A fence closes with at least as many of its marker, indented at most 3 spaces.
                let run = afterIndent.prefix { $0 == open.marker }.count
                if indent <= 3, run >= open.count, afterIndent.dropFirst(run).allSatisfy({ $0 == Byte.space || $0 == Byte.tab }) {
                    fence = nil
                }
                out += line
                out.append(Byte.newline)
                continue
            }
            if indent <= 3, let marker = afterIndent.first, marker == Byte.backtick || marker == Byte.tilde {
                let run = afterIndent.prefix { $0 == marker }.count
                if run >= 3 {
                    flush(&prose, into: &out)
                    fence = (marker, run)
                    out += line
                    out.append(Byte.newline)
                    previousBlank = false
                    continue
                }
            }
            // An indented code block starts after a blank line and goes on while lines stay indented.
            let indented = indent >= 4 || line.first == Byte.tab
            inIndentedCode = !isBlank && indented && (previousBlank || inIndentedCode) || (isBlank && inIndentedCode)
            if inIndentedCode, !isBlank {
                flush(&prose, into: &out)
                out += line
                out.append(Byte.newline)
                previousBlank = false
                continue
            }
            prose += line
            // The document's last line has no line break of its own.
            if !isLast { prose.append(Byte.newline) }
            previousBlank = isBlank
        }
        flush(&prose, into: &out)
        if out.last == Byte.newline, cleaned.last != Byte.newline { out.removeLast() }
        text = String(decoding: out, as: UTF8.self)
    }

    /// The bytes of the two placeholder noncharacters, which an author's text must not hold.
    private static let placeholderBytes: [[UInt8]] = [Array(String(placeholderStart).utf8), Array(String(placeholderEnd).utf8)]

    /// `bytes` without the placeholder noncharacters an author wrote.
    private static func removingPlaceholders(_ bytes: [UInt8]) -> [UInt8] {
        let lead = placeholderBytes[0][0]
        guard bytes.contains(lead) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == lead, placeholderBytes.contains(where: { bytes[i...].starts(with: $0) }) {
                i += 3
                continue
            }
            result.append(bytes[i])
            i += 1
        }
        return result
    }

    /// Finds the formulas of prose lines (a run of lines that are not code) and appends them,
    /// protected, paragraph by paragraph: no formula spans a blank line.
    private mutating func flush(_ prose: inout [UInt8], into out: inout [UInt8]) {
        guard !prose.isEmpty else { return }
        var paragraphStart = 0, lineStart = 0
        while lineStart < prose.count {
            let lineEnd = prose[lineStart...].firstIndex(of: Byte.newline).map { $0 + 1 } ?? prose.count
            if prose[lineStart..<lineEnd].allSatisfy(Byte.isSpace) {
                scan(prose[paragraphStart..<lineStart], into: &out)
                out += prose[lineStart..<lineEnd]
                paragraphStart = lineEnd
            }
            lineStart = lineEnd
        }
        scan(prose[paragraphStart...], into: &out)
        prose.removeAll(keepingCapacity: true)
    }

    /// Finds the formulas of one paragraph. Each search for a closing delimiter that fails is
    /// remembered, so a paragraph of many lone `$` is scanned in linear time, not quadratic.
    private mutating func scan(_ c: ArraySlice<UInt8>, into out: inout [UInt8]) {
        guard !c.isEmpty else { return }
        let end = c.endIndex
        var i = c.startIndex
        /// For each closing delimiter, the position from which a search for it found none.
        var failedFrom: [[UInt8]: Int] = [:]
        /// The first index at or after `from` where `closing` starts and `isValid` holds, not
        /// escaped by a backslash.
        func find(_ closing: [UInt8], from: Int, escapes: Bool = true, isValid: (Int) -> Bool = { _ in true }) -> Int? {
            if let failed = failedFrom[closing], from >= failed { return nil }
            var j = from
            while j + closing.count <= end {
                if escapes, c[j] == Byte.backslash, closing[0] != Byte.backslash {
                    j += 2
                    continue
                }
                if c[j] == closing[0], c[j..<(j + closing.count)].elementsEqual(closing), isValid(j) { return j }
                j += 1
            }
            failedFrom[closing] = Swift.min(failedFrom[closing] ?? from, from)
            return nil
        }
        func emit(_ source: ArraySlice<UInt8>, display: Bool, written: ArraySlice<UInt8>) {
            let formula = MathFormula(source: String(decoding: source, as: UTF8.self).trimmingSpaces, isDisplay: display,
                                      written: String(decoding: written, as: UTF8.self))
            out += String(Self.placeholderStart).utf8
            out += String(formulas.count).utf8
            out += String(Self.placeholderEnd).utf8
            formulas.append(formula)
        }
        /// Whether the character starting at byte `j` is a number (a digit of any script), as
        /// `Character.isNumber` tells by its first scalar.
        func isNumber(at j: Int) -> Bool {
            guard j < end else { return false }
            if c[j] < 0x80 { return c[j] >= Byte.zero && c[j] <= Byte.nine }
            var iterator = c[j...].makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
            return scalar.properties.numericType != nil
        }
        let dataMark = Array(String(MarkdownParser.dataMark).utf8)
        while i < end {
            let ch = c[i]
            if ch == Byte.backslash, i + 1 < end {
                let next = c[i + 1]
                // A template value's punctuation comes escaped after a data mark: never math.
                let fromData = i - c.startIndex >= dataMark.count && c[(i - dataMark.count)..<i].elementsEqual(dataMark)
                if next == Byte.openParenthesis || next == Byte.openBracket, !fromData {
                    let closing = [Byte.backslash, next == Byte.openParenthesis ? Byte.closeParenthesis : Byte.closeBracket]
                    if let close = find(closing, from: i + 2), !c[(i + 2)..<close].allSatisfy(Byte.isSpace) {
                        emit(c[(i + 2)..<close], display: next == Byte.openBracket, written: c[i..<(close + 2)])
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
            if ch == Byte.backtick {
                // A code span: a run of as many backticks closes it; its text is never math.
                let run = c[i...].prefix { $0 == Byte.backtick }.count
                let ticks = [UInt8](repeating: Byte.backtick, count: run)
                let close = find(ticks, from: i + run, escapes: false) { j in
                    (j + run == end || c[j + run] != Byte.backtick) && (c[j - 1] != Byte.backtick)
                }
                let stop = close.map { $0 + run } ?? (i + run)
                out += c[i..<stop]
                i = stop
                continue
            }
            if ch == Byte.dollar {
                // $`…`$: the backticks hold the formula.
                if i + 1 < end, c[i + 1] == Byte.backtick {
                    let run = c[(i + 1)...].prefix { $0 == Byte.backtick }.count
                    let closing = [UInt8](repeating: Byte.backtick, count: run) + [Byte.dollar]
                    if let close = find(closing, from: i + 1 + run, escapes: false), close > i + 1 + run {
                        emit(c[(i + 1 + run)..<close], display: false, written: c[i..<(close + closing.count)])
                        i = close + closing.count
                        continue
                    }
                }
                // $$…$$: display math.
                if i + 1 < end, c[i + 1] == Byte.dollar {
                    if let close = find([Byte.dollar, Byte.dollar], from: i + 2), !c[(i + 2)..<close].allSatisfy(Byte.isSpace) {
                        emit(c[(i + 2)..<close], display: true, written: c[i..<(close + 2)])
                        i = close + 2
                        continue
                    }
                    out += [Byte.dollar, Byte.dollar]
                    i += 2
                    continue
                }
                // $…$: a non-space after the opening `$` and before the closing one, no digit after it.
                if i + 1 < end, !Byte.isSpace(c[i + 1]) {
                    let close = find([Byte.dollar], from: i + 2) { j in
                        !Byte.isSpace(c[j - 1]) && !isNumber(at: j + 1) && !(j + 1 < end && c[j + 1] == Byte.dollar)
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
    }

    /// The ASCII bytes the scanner looks for.
    private enum Byte {
        static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        static let space = UInt8(ascii: " "), dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\")
        static let backtick = UInt8(ascii: "`"), tilde = UInt8(ascii: "~")
        static let openParenthesis = UInt8(ascii: "("), closeParenthesis = UInt8(ascii: ")")
        static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
        static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")

        /// A space, tab or line break.
        static func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == newline || byte == carriageReturn }
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
