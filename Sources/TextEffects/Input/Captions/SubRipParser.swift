/// Reads SubRip (`.srt`) files, as loosely as real ones are written.
///
/// SubRip has no specification; this follows what players accept. A cue is a timing line
/// `00:00:01,000 --> 00:00:04,000` (hours of any length, one or two digits of minutes and
/// seconds, `,` or `.` before one to three digits of fraction read as a decimal: `,5` is 500 ms;
/// no fraction at all is whole seconds;
/// anything after the end time, such as `X1:… Y2:…` coordinates, is ignored) followed by its text
/// lines. The index line is optional: the last non-blank line before a timing line is taken as
/// the index when it is a whole number (so a cue's last text line cannot be a bare number).
/// A cue's text runs to the next timing line; blank lines inside it or between cues are
/// dropped. The encoding is UTF-8 or UTF-16 with a byte-order mark, else Windows-1252 (see
/// ``CaptionTextDecoder``); CRLF, CR and LF line ends are all read.
///
/// Tags, matched case-insensitively: `<b>` `<i>` `<u>` (also written `{b}` `{i}` `{u}`) become the
/// same spans as in WebVTT; `<font color="…">` (a colour name, `#RGB`, `#RRGGBB` or bare hex)
/// becomes a ``CueNode/Kind/color(_:)`` span, its `face` and `size` are ignored; `<s>` is dropped
/// (captions here have no strike-through). Other `<…>` is kept as text (`a <b` stays as
/// written). ASS override blocks `{\…}` are removed; their `\an1`–`\an9` alignment moves the cue
/// (7–9 top, 4–6 middle, 1–3 bottom; left, centre or right), as VLC and ffmpeg read it. An
/// unclosed tag ends with its cue; a closing tag closes the nearest open one of its kind.
///
/// Errors: a line containing `-->` that is not a timing line (bad times, a missing end time),
/// a line starting with a full `hh:mm:ss,ttt` time that has no `-->` (a mistyped arrow), a cue
/// ending before it starts (one ending when it starts is skipped, with a warning), text with no timing line at all, and more cues than
/// ``CaptionLimits/maximumCueCount`` (or more on screen at once than ``CaptionLimits/maximumCuesOnScreen``).
enum SubRipParser {
    static func parse(_ scalars: [Unicode.Scalar], file: String, warnings initial: [CaptionProblem] = []) throws -> CaptionTrack {
        let lines = CaptionTextDecoder.lines(scalars).map { $0.string }
        var problems: [CaptionProblem] = []
        var warnings = initial
        // Timing lines: (line index, start, end).
        var timings: [(index: Int, start: CaptionTime, end: CaptionTime)] = []
        for (i, line) in lines.enumerated() {
            if line.contains("-->") {
                switch timing(line) {
                case .success(let (start, end)): timings.append((i, start, end))
                case .failure(let problem): problems.append(CaptionProblem(line: i + 1, column: problem.column > 1 ? problem.column : nil, message: problem.message))
                }
            } else if startsWithFullTime(line) {
                problems.append(CaptionProblem(line: i + 1, message:
                    "\"\(line.trimmingWhitespace)\" is not a timing line (write \"00:00:01,000 --> 00:00:04,000\": the times with \"-->\" between them)"))
            }
            guard timings.count <= CaptionLimits.maximumCueCount else {
                throw CaptionError(file: file, line: i + 1, "more than \(CaptionLimits.maximumCueCount) cues (the most a file may have)")
            }
        }
        let timingIndices = Set(timings.map(\.index))
        if timings.isEmpty && problems.isEmpty {
            if let first = lines.firstIndex(where: { !$0.trimmingWhitespace.isEmpty }) {
                throw CaptionError(file: file, line: first + 1,
                                   "no cues: a SubRip cue has a timing line such as \"00:00:01,000 --> 00:00:04,000\"")
            }
            return CaptionTrack(format: .subRip, cues: [], warnings: warnings)
        }

        var cues: [CaptionCue] = []
        for (n, timing) in timings.enumerated() {
            // The text: after the timing line up to the next timing line (or the end).
            let next = n + 1 < timings.count ? timings[n + 1].index : lines.count
            var textLines = Array(lines[(timing.index + 1)..<next])
            // The next cue's index is the last non-blank line before its timing line.
            if n + 1 < timings.count, let last = textLines.lastIndex(where: { !$0.trimmingWhitespace.isEmpty }),
               isIndex(textLines[last]) {
                textLines.removeSubrange(last...)
            }
            textLines = textLines.filter { !$0.trimmingWhitespace.isEmpty }
            // This cue's index.
            var id = ""
            let before = lines[..<timing.index].lastIndex(where: { !$0.trimmingWhitespace.isEmpty })
            if let before, !timingIndices.contains(before), isIndex(lines[before]) { id = lines[before].trimmingWhitespace }
            if n == 0, let stray = lines[..<timing.index].indices.first(where: {
                !lines[$0].trimmingWhitespace.isEmpty && !(!id.isEmpty && $0 == before)
            }) {
                warnings.append(CaptionProblem(line: stray + 1, message: "text before the first cue's timing line is ignored"))
            }
            if timing.end < timing.start {
                problems.append(CaptionProblem(line: timing.index + 1, message:
                    "the cue ends at \(timing.end), before it starts (\(timing.start)): it would never show"))
            } else if timing.end == timing.start {
                // Players skip a cue of no length (capability testers write them on purpose).
                warnings.append(CaptionProblem(line: timing.index + 1, message: "the cue ends when it starts (\(timing.start)); it is skipped"))
                continue
            }
            var settings = CueSettings()
            let nodes = markup(textLines.joined(separator: "\n"), settings: &settings)
            cues.append(CaptionCue(id: id, start: timing.start, end: timing.end, settings: settings,
                                   nodes: nodes, sourceLine: timing.index + 1))
        }
        if let crowded = CaptionTrack.crowdedCue(cues) {
            problems.append(CaptionProblem(line: cues[crowded.index].sourceLine, message: CaptionTrack.crowdedMessage(at: crowded.at)))
        }
        guard problems.isEmpty else { throw CaptionError(file: file, problems: problems) }
        return CaptionTrack(format: .subRip, cues: CaptionTrack.displayOrder(cues), warnings: warnings)
    }

    private static func isIndex(_ line: String) -> Bool {
        let t = line.trimmingWhitespace
        return !t.isEmpty && t.count <= 9 && t.allSatisfy(\.isASCIIDigit)
    }

    /// `hh:mm:ss,ttt --> hh:mm:ss,ttt[ anything]`.
    static func timing(_ line: String) -> Result<(CaptionTime, CaptionTime), WebVTTParser.TimingProblem> {
        let s = Array(line.unicodeScalars)
        var p = 0
        func skipWhitespace() { while p < s.count, s[p].isASCIIWhitespace { p += 1 } }
        func word(_ q: Int) -> String {
            var e = q
            while e < s.count, !s[e].isASCIIWhitespace, !(s[e] == "-" && e + 2 < s.count && s[e + 1] == "-" && s[e + 2] == ">") { e += 1 }
            return ArraySlice(s[q..<e]).string
        }
        skipWhitespace()
        let startAt = p
        if s[p...].starts(with: "-->".unicodeScalars) {
            return .failure(.init(column: p + 1, message: "a timing line needs a start time before \"-->\""))
        }
        let start: CaptionTime
        switch time(s, &p) {
        case .success(let t): start = t
        case .failure(let failure): return .failure(.init(column: startAt + 1, message: message(failure, word(startAt))))
        }
        skipWhitespace()
        guard s[p...].starts(with: "-->".unicodeScalars) else {
            return .failure(.init(column: p + 1, message: "expected \"-->\" after the start time, found \"\(word(p))\""))
        }
        p += 3
        skipWhitespace()
        let endAt = p
        guard p < s.count else { return .failure(.init(column: p + 1, message: "a timing line needs an end time after \"-->\"")) }
        switch time(s, &p) {
        case .success(let end):
            guard p == s.count || s[p].isASCIIWhitespace else {
                return .failure(.init(column: endAt + 1, message: message(.syntax, word(endAt))))
            }
            return .success((start, end))
        case .failure(let failure): return .failure(.init(column: endAt + 1, message: message(failure, word(endAt))))
        }
    }

    private static func message(_ failure: WebVTTTimestamp.Failure, _ text: String) -> String {
        switch failure {
        case .syntax: return "\"\(text)\" is not a timestamp (use hh:mm:ss,ttt)"
        case .outOfRange: return "\"\(text)\" is not a timestamp: minutes and seconds go from 00 to 59"
        case .tooLarge: return "\"\(text)\" is too late (at most 10000 hours)"
        }
    }

    /// `h+:m{1,2}:s{1,2}[,.]t{1,3}`; the fraction is a decimal fraction of a second, and may be
    /// left out (`00:00:04`, as some hand-made files write whole seconds) unless `requiresFraction`.
    private static func time(_ s: [Unicode.Scalar], _ p: inout Int, requiresFraction: Bool = false) -> Result<CaptionTime, WebVTTTimestamp.Failure> {
        func digits() -> (count: Int, value: Int) { s.digitRun(at: &p) }
        let h = digits()
        guard h.count > 0, p < s.count, s[p] == ":" else { return .failure(.syntax) }
        p += 1
        let m = digits()
        guard (1...2).contains(m.count), p < s.count, s[p] == ":" else { return .failure(.syntax) }
        p += 1
        let sec = digits()
        guard (1...2).contains(sec.count) else { return .failure(.syntax) }
        var ms = 0
        if p < s.count, s[p] == "," || s[p] == "." {
            p += 1
            let f = digits()
            guard (1...3).contains(f.count) else { return .failure(.syntax) }
            ms = f.value * [100, 10, 1][f.count - 1]
        } else if requiresFraction {
            return .failure(.syntax)
        }
        guard m.value <= 59, sec.value <= 59 else { return .failure(.outOfRange) }
        guard h.count <= 9, h.value <= 10_000 else { return .failure(.tooLarge) }
        let t = CaptionTime(hours: h.value, minutes: m.value, seconds: sec.value, milliseconds: ms)
        return t <= .maximum ? .success(t) : .failure(.tooLarge)
    }

    /// A line that starts with a whole SubRip time (`00:00:01,000`): a timing line without `-->`.
    private static func startsWithFullTime(_ line: String) -> Bool {
        let s = Array(line.trimmingWhitespace.unicodeScalars)
        var p = 0
        return (try? time(s, &p, requiresFraction: true).get()) != nil
    }

    /// SubRip's tags as cue nodes; `{\an8}` overrides set `settings`.
    static func markup(_ text: String, settings: inout CueSettings) -> [CueNode] {
        var stack: [(kind: CueNode.Kind?, name: String, children: [CueNode])] = [(nil, "", [])]
        var pending = ""
        func flush() {
            if !pending.isEmpty { stack[stack.count - 1].children.append(.text(pending)); pending = "" }
        }
        func closeTop() {
            let span = stack.removeLast()
            stack[stack.count - 1].children.append(.span(span.kind!, classes: [], children: span.children))
        }
        func open(_ name: String, _ kind: CueNode.Kind) {
            flush()
            guard stack.count <= CaptionLimits.maximumNestingDepth else { return }
            stack.append((kind, name, []))
        }
        func close(_ name: String) {
            guard let depth = stack.lastIndex(where: { $0.name == name }), depth > 0 else { return }
            flush()
            while stack.count > depth { closeTop() }
        }
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "{" || c == "<", let end = chars[(i + 1)...].prefix(256).firstIndex(of: c == "{" ? "}" : ">") {
                let inner = String(chars[(i + 1)..<end])
                if c == "{" && inner.hasPrefix("\\") {
                    applyOverrides(inner, to: &settings)
                    i = end + 1
                    continue
                }
                let lower = inner.lowercased().trimmingWhitespace
                let closing = lower.hasPrefix("/")
                let name = String((closing ? lower.dropFirst() : lower[...]).prefix { $0.isLetter })
                let rest = closing ? "" : String(inner.trimmingWhitespace.dropFirst(name.count))
                let known = ["b", "i", "u", "s"].contains(name) && (closing || rest.isEmpty)
                    || (c == "<" && name == "font" && (closing || rest.first?.isWhitespace == true || rest.isEmpty))
                if known {
                    if closing {
                        close(name)
                    } else {
                        switch name {
                        case "b": open(name, .bold)
                        case "i": open(name, .italic)
                        case "u": open(name, .underline)
                        case "s": open(name, .class) // strike-through: a plain span
                        default:
                            if let color = fontColor(rest) { open(name, .color(color)) } else { open(name, .class) }
                        }
                    }
                    i = end + 1
                    continue
                }
            }
            pending.append(c)
            i += 1
        }
        flush()
        while stack.count > 1 { closeTop() }
        return simplify(stack[0].children)
    }

    /// Removes the plain spans (`<s>`, a `<font>` without a colour), keeping their children.
    private static func simplify(_ nodes: [CueNode]) -> [CueNode] {
        nodes.flatMap { node -> [CueNode] in
            guard case .span(let kind, let classes, let children) = node else { return [node] }
            let inner = simplify(children)
            return kind == .class ? inner : [.span(kind, classes: classes, children: inner)]
        }
    }

    /// `color="#FF0000"`, `color=red`, `color='ffff00'` among a `<font>` tag's attributes.
    private static func fontColor(_ attributes: String) -> Color? {
        guard let range = attributes.range(of: "color", options: .caseInsensitive) else { return nil }
        var rest = attributes[range.upperBound...].drop { $0.isWhitespace }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        var value: Substring
        if let quote = rest.first, quote == "\"" || quote == "'" {
            value = rest.dropFirst().prefix { $0 != quote }
        } else {
            value = rest.prefix { !$0.isWhitespace }
        }
        value = value[...]
        let text = String(value).trimmingWhitespace
        if text.count == 6 || text.count == 8, text.allSatisfy(\.isHexDigit) { return Color(parsing: "#" + text) }
        return Color(parsing: text)
    }

    /// ASS override tags SubRip files carry: `\an1`…`\an9` (numeric-keypad alignment).
    private static func applyOverrides(_ inner: String, to settings: inout CueSettings) {
        guard let range = inner.range(of: "\\an"), let digit = inner[range.upperBound...].first,
              let n = digit.wholeNumberValue, (1...9).contains(n) else { return }
        switch (n - 1) / 3 {
        case 2: settings.line = .lineNumber(0)
        case 1: settings.line = .percentage(50); settings.lineAlignment = .center
        default: settings.line = .auto
        }
        switch (n - 1) % 3 {
        case 0: settings.textAlignment = .left
        case 2: settings.textAlignment = .right
        default: settings.textAlignment = .center
        }
    }
}

extension String {
    /// Without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
