/// The WebVTT specification's cue text parsing rules: its tokenizer (data, tag, start tag,
/// class, annotation, end tag and timestamp tag states) and its tree construction, giving
/// ``CueNode``s.
///
/// As the specification says, nothing here is an error: unknown tags are ignored (their text
/// stays), end tags that do not close the current span are ignored, unclosed spans end with the
/// cue, `<rt>` outside `<ruby>` is ignored, and a timestamp tag that is not exactly a timestamp
/// is dropped. Those cases are returned as warnings. Spans nested deeper than
/// ``CaptionLimits/maximumNestingDepth`` are not opened.
enum WebVTTCueTextParser {
    private enum Token {
        case string(String)
        case startTag(name: String, classes: [String], annotation: String?)
        case endTag(String)
        case timestampTag(String)
    }

    /// The cue text's nodes and what was ignored, in plain words.
    static func parse(_ text: String) -> (nodes: [CueNode], warnings: [String]) {
        let s = ArraySlice(Array(text.unicodeScalars))
        var position = s.startIndex
        var warnings: [String] = []
        // Open spans: kind, tag name, classes, children. The root has no kind.
        var stack: [(kind: CueNode.Kind?, name: String, classes: [String], children: [CueNode])] = [(nil, "", [], [])]
        func close() {
            let span = stack.removeLast()
            stack[stack.count - 1].children.append(.span(span.kind!, classes: span.classes, children: span.children))
        }
        while position < s.endIndex {
            switch token(s, &position) {
            case .string(let value):
                stack[stack.count - 1].children.append(.text(value))
            case .startTag(let name, let classes, let annotation):
                let kind: CueNode.Kind?
                switch name {
                case "c": kind = .class
                case "i": kind = .italic
                case "b": kind = .bold
                case "u": kind = .underline
                case "ruby": kind = .ruby
                case "rt": kind = stack.last?.kind == .ruby ? .rubyText : nil
                    if kind == nil { warnings.append("<rt> outside <ruby> is ignored") }
                case "v": kind = .voice(annotation ?? "")
                case "lang": kind = .language(annotation ?? "")
                default:
                    kind = nil
                    warnings.append("<\(name)> is not a WebVTT tag (known: b, i, u, c, v, lang, ruby, rt); it is ignored")
                }
                guard let kind else { continue }
                guard stack.count <= CaptionLimits.maximumNestingDepth else {
                    warnings.append("spans nested more than \(CaptionLimits.maximumNestingDepth) deep are not opened")
                    continue
                }
                stack.append((kind, name, classes.filter { !$0.isEmpty }, []))
            case .endTag(let name):
                if stack.count > 1, stack[stack.count - 1].name == name {
                    close()
                } else if name == "ruby", stack.count > 2, stack[stack.count - 1].kind == .rubyText {
                    close()
                    close()
                }
            case .timestampTag(let value):
                let v = ArraySlice(Array(value.unicodeScalars))
                var p = v.startIndex
                if case .success(let time) = WebVTTTimestamp.collect(v, at: &p), p == v.endIndex {
                    stack[stack.count - 1].children.append(.timestamp(time))
                } else {
                    warnings.append("<\(value)> is not a timestamp (use <hh:mm:ss.ttt> or <mm:ss.ttt>); it is ignored")
                }
            }
        }
        while stack.count > 1 { close() }
        return (stack[0].children, warnings)
    }

    /// The tokenizer, from `position`; always consumes at least one scalar.
    private static func token(_ s: ArraySlice<Unicode.Scalar>, _ position: inout Int) -> Token {
        enum State { case data, tag, startTag, startTagClass, startTagAnnotation, endTag, timestampTag }
        var state = State.data
        var result = String.UnicodeScalarView()
        var buffer = String.UnicodeScalarView()
        var classes: [String] = []
        func annotation() -> String {
            String(buffer).unicodeScalars.split(whereSeparator: \.isASCIIWhitespace)
                .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        }
        while true {
            let c: Unicode.Scalar? = position < s.endIndex ? s[position] : nil
            switch state {
            case .data:
                switch c {
                case "&":
                    position += 1
                    if let text = CharacterReference.consume(s, at: &position) {
                        result.append(contentsOf: text.unicodeScalars)
                    } else {
                        result.append("&")
                    }
                    continue
                case "<":
                    if result.isEmpty { state = .tag } else { return .string(String(result)) }
                case nil:
                    return .string(String(result))
                case let c?:
                    result.append(c)
                }
            case .tag:
                switch c {
                case "\t", "\n", "\u{C}", " ": state = .startTagAnnotation
                case ".": state = .startTagClass
                case "/": state = .endTag
                case let c? where c.isASCIIDigit:
                    result = String.UnicodeScalarView([c])
                    state = .timestampTag
                case ">":
                    position += 1
                    return .startTag(name: "", classes: [], annotation: nil)
                case nil:
                    return .startTag(name: "", classes: [], annotation: nil)
                case let c?:
                    result = String.UnicodeScalarView([c])
                    state = .startTag
                }
            case .startTag:
                switch c {
                case "\t", "\u{C}", " ": state = .startTagAnnotation
                case "\n":
                    buffer = String.UnicodeScalarView(["\n"])
                    state = .startTagAnnotation
                case ".": state = .startTagClass
                case ">":
                    position += 1
                    return .startTag(name: String(result), classes: [], annotation: nil)
                case nil:
                    return .startTag(name: String(result), classes: [], annotation: nil)
                case let c?:
                    result.append(c)
                }
            case .startTagClass:
                switch c {
                case "\t", "\u{C}", " ":
                    classes.append(String(buffer))
                    buffer = String.UnicodeScalarView()
                    state = .startTagAnnotation
                case "\n":
                    classes.append(String(buffer))
                    buffer = String.UnicodeScalarView(["\n"])
                    state = .startTagAnnotation
                case ".":
                    classes.append(String(buffer))
                    buffer = String.UnicodeScalarView()
                case ">":
                    position += 1
                    classes.append(String(buffer))
                    return .startTag(name: String(result), classes: classes, annotation: nil)
                case nil:
                    classes.append(String(buffer))
                    return .startTag(name: String(result), classes: classes, annotation: nil)
                case let c?:
                    buffer.append(c)
                }
            case .startTagAnnotation:
                switch c {
                case "&":
                    position += 1
                    if let text = CharacterReference.consume(s, at: &position, additionalAllowed: ">") {
                        buffer.append(contentsOf: text.unicodeScalars)
                    } else {
                        buffer.append("&")
                    }
                    continue
                case ">":
                    position += 1
                    return .startTag(name: String(result), classes: classes, annotation: annotation())
                case nil:
                    return .startTag(name: String(result), classes: classes, annotation: annotation())
                case let c?:
                    buffer.append(c)
                }
            case .endTag:
                switch c {
                case ">":
                    position += 1
                    return .endTag(String(result))
                case nil:
                    return .endTag(String(result))
                case let c?:
                    result.append(c)
                }
            case .timestampTag:
                switch c {
                case ">":
                    position += 1
                    return .timestampTag(String(result))
                case nil:
                    return .timestampTag(String(result))
                case let c?:
                    result.append(c)
                }
            }
            position += 1
        }
    }
}
