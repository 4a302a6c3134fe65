import CPango
import Foundation

/// Parses Pango markup (`<b>`, `<i>`, `<span foreground="…" size="…">` …) with
/// `pango_parse_markup` and turns its attribute list into spans, so markup input becomes the
/// same `RichText` as any other and nothing downstream knows it was markup.
///
/// Converted: family, style (italic), weight, size and absolute size, font descriptions,
/// foreground and background color with alpha, underline (single, double, low, error → wavy)
/// and its color, strikethrough and its color, rise (baseline offset), letter spacing, and
/// scale (`<big>`, `<small>`, `<sup>`, `<sub>`). Other attributes are ignored.
package enum PangoMarkupParser {
    /// The spans of `markup`. `baseStyle` (the block's style) sizes relative scales such as `<big>`.
    public static func spans(from markup: String, baseStyle: Style = Style()) throws(MarkupError) -> [Span] {
        // Pango keeps every open tag's attributes on a stack and each piece of text gets all of
        // them: thousands of nested tags cost quadratic time. Refuse them before parsing.
        if nestingDepth(of: markup) > SceneLimits.maximumMarkupDepth {
            throw MarkupError.tooDeep(limit: SceneLimits.maximumMarkupDepth)
        }
        let result: Result<[Span], MarkupError> = PangoLock.withLock {
            var list: OpaquePointer?
            var text: UnsafeMutablePointer<CChar>?
            var error: UnsafeMutablePointer<GError>?
            // Accelerator marker 0: underscores are text, never mnemonics.
            guard pango_parse_markup(markup, Int32(markup.utf8.count), 0, &list, &text, nil, &error) != 0 else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "invalid markup"
                if let error { g_error_free(error) }
                return .failure(MarkupError.invalid(message))
            }
            defer {
                if let list { pango_attr_list_unref(list) }
                g_free(text)
            }
            let plain = text.map { String(cString: $0) } ?? ""
            guard let list else { return .success(plain.isEmpty ? [] : [Span(plain)]) }
            return .success(convert(plain, list, baseStyle: baseStyle))
        }
        return try result.get()
    }

    /// `text` as markup that shows it as written: GLib's own escaping (`&amp;` `&lt;` `&gt;`
    /// `&apos;` `&quot;`, control characters as character references), the inverse of the
    /// parser `pango_parse_markup` uses.
    public static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, gssize(text.utf8.count)) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// How deeply the tags of `markup` nest, found by counting opening and closing tags in one
    /// pass (comments, CDATA and processing instructions skipped, quoted `>` in attributes
    /// allowed). Malformed markup is counted as well as it can be: Pango reports it afterwards.
    static func nestingDepth(of markup: String) -> Int {
        let bytes = Array(markup.utf8)
        var depth = 0, deepest = 0, i = 0
        func starts(_ prefix: StaticString, at index: Int) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[index + $0] == prefix.utf8Start[$0] }
        }
        /// The index just past the first `terminator` at or after `index` (the end when none).
        func skip(past terminator: StaticString, from index: Int) -> Int {
            var j = index
            while j < bytes.count, !starts(terminator, at: j) { j += 1 }
            return min(j + terminator.utf8CodeUnitCount, bytes.count)
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts("<!--", at: i) { i = skip(past: "-->", from: i + 4); continue }
            if starts("<![CDATA[", at: i) { i = skip(past: "]]>", from: i + 9); continue }
            if starts("<?", at: i) || starts("<!", at: i) { i = skip(past: ">", from: i + 2); continue }
            if starts("</", at: i) {
                depth = max(depth - 1, 0)
                i = skip(past: ">", from: i + 2)
                continue
            }
            // An opening tag: to its `>`, outside quoted attribute values.
            var j = i + 1
            var quote: UInt8?
            while j < bytes.count {
                let byte = bytes[j]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                j += 1
            }
            if !(j < bytes.count && bytes[j - 1] == UInt8(ascii: "/")) {
                depth += 1
                deepest = max(deepest, depth)
            }
            i = j + 1
        }
        return deepest
    }

    /// One span per range over which the attributes do not change; call with the Pango lock held.
    private static func convert(_ plain: String, _ list: OpaquePointer, baseStyle: Style) -> [Span] {
        let bytes = Array(plain.utf8)
        var spans: [Span] = []
        let iterator = pango_attr_list_get_iterator(list)!
        defer { pango_attr_iterator_destroy(iterator) }
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let lower = min(Int(start), bytes.count), upper = min(Int(end), bytes.count)
            guard lower < upper else { continue }
            let piece = String(decoding: bytes[lower..<upper], as: UTF8.self)
            var attributes: [UnsafeMutablePointer<PangoAttribute>] = []
            let copies = pango_attr_iterator_get_attrs(iterator)
            var node = copies
            while let current = node {
                if let data = current.pointee.data { attributes.append(data.assumingMemoryBound(to: PangoAttribute.self)) }
                node = current.pointee.next
            }
            let style = self.style(from: attributes, baseStyle: baseStyle)
            for attribute in attributes { pango_attribute_destroy(attribute) }
            g_slist_free(copies)
            if let last = spans.last, last.style == style, case .text(let previous) = last.content {
                spans[spans.count - 1].content = .text(previous + piece)
            } else {
                spans.append(Span(piece, style: style))
            }
        } while pango_attr_iterator_next(iterator) != 0
        return spans
    }

    private static func color(_ attribute: UnsafePointer<PangoAttribute>) -> Color {
        let c = te_attr_color_cast(attribute).pointee.color
        return Color(red: Double(c.red) / 65535, green: Double(c.green) / 65535, blue: Double(c.blue) / 65535)
    }

    private static func style(from attributes: [UnsafeMutablePointer<PangoAttribute>], baseStyle: Style) -> Style {
        var style = Style()
        var font = FontDescriptor()
        var foregroundAlpha: Double?, backgroundAlpha: Double?
        var scale = 1.0
        func setFont(_ description: OpaquePointer) {
            let fields = pango_font_description_get_set_fields(description).rawValue
            if fields & PANGO_FONT_MASK_FAMILY.rawValue != 0, let family = pango_font_description_get_family(description) {
                font.family = String(cString: family)
            }
            if fields & PANGO_FONT_MASK_SIZE.rawValue != 0 { font.size = Double(pangoUnits: pango_font_description_get_size(description)) }
            if fields & PANGO_FONT_MASK_WEIGHT.rawValue != 0 {
                font.weight = FontWeight(Int(pango_font_description_get_weight(description).rawValue))
            }
            if fields & PANGO_FONT_MASK_STYLE.rawValue != 0 {
                style.italic = pango_font_description_get_style(description) != PANGO_STYLE_NORMAL
            }
        }
        for attribute in attributes {
            let type = attribute.pointee.klass.pointee.type
            let int = { te_attr_int_const_cast(attribute).pointee.value }
            switch type {
            case PANGO_ATTR_FAMILY:
                font.family = String(cString: te_attr_string_cast(attribute).pointee.value)
            case PANGO_ATTR_STYLE:
                style.italic = int() != Int32(PANGO_STYLE_NORMAL.rawValue)
            case PANGO_ATTR_WEIGHT:
                font.weight = FontWeight(Int(int()))
            case PANGO_ATTR_SIZE, PANGO_ATTR_ABSOLUTE_SIZE:
                font.size = Double(pangoUnits: int())
            case PANGO_ATTR_FONT_DESC:
                setFont(te_attr_font_desc_cast(attribute).pointee.desc)
            case PANGO_ATTR_SCALE:
                scale *= te_attr_float_cast(attribute).pointee.value
            case PANGO_ATTR_FOREGROUND:
                style.color = .color(color(attribute))
            case PANGO_ATTR_FOREGROUND_ALPHA:
                foregroundAlpha = Double(int()) / 65535
            case PANGO_ATTR_BACKGROUND:
                style.backgroundColor = color(attribute)
            case PANGO_ATTR_BACKGROUND_ALPHA:
                backgroundAlpha = Double(int()) / 65535
            case PANGO_ATTR_UNDERLINE:
                let pattern: DecorationPattern? = switch PangoUnderline(rawValue: UInt32(int())) {
                case PANGO_UNDERLINE_NONE: nil
                case PANGO_UNDERLINE_DOUBLE, PANGO_UNDERLINE_DOUBLE_LINE: .double
                case PANGO_UNDERLINE_ERROR, PANGO_UNDERLINE_ERROR_LINE: .wavy
                default: .single
                }
                let color = style.underline?.color
                style.underline = pattern.map { TextDecoration(pattern: $0, color: color) } ?? TextDecoration.none
            case PANGO_ATTR_UNDERLINE_COLOR:
                var underline = style.underline ?? TextDecoration()
                underline.color = color(attribute)
                style.underline = underline
            case PANGO_ATTR_STRIKETHROUGH:
                let color = style.strikethrough?.color
                style.strikethrough = int() != 0 ? TextDecoration(color: color) : TextDecoration.none
            case PANGO_ATTR_STRIKETHROUGH_COLOR:
                var strikethrough = style.strikethrough ?? TextDecoration()
                strikethrough.color = color(attribute)
                style.strikethrough = strikethrough
            case PANGO_ATTR_RISE:
                style.baselineOffset = Double(pangoUnits: int())
            case PANGO_ATTR_LETTER_SPACING:
                style.kerning = Double(pangoUnits: int())
            default:
                break
            }
        }
        // A color attribute may come after its decoration's, or never (the text's color is used).
        if style.underline?.color != nil, style.underline?.isVisible == true, attributes.contains(where: { $0.pointee.klass.pointee.type == PANGO_ATTR_UNDERLINE }) == false {
            style.underline = nil
        }
        if style.strikethrough?.color != nil, attributes.contains(where: { $0.pointee.klass.pointee.type == PANGO_ATTR_STRIKETHROUGH }) == false {
            style.strikethrough = nil
        }
        if let alpha = foregroundAlpha {
            let base: Color = if case .color(let c)? = style.color { c } else { .black }
            style.color = .color(base.opacity(alpha))
        }
        if let alpha = backgroundAlpha, let background = style.backgroundColor { style.backgroundColor = background.opacity(alpha) }
        if scale != 1 {
            // <big>, <small>, <sup>, <sub>: relative to the size in force here. On a text style the
            // scaled size stays relative to it, so it still follows Dynamic Type.
            let base = baseStyle.font ?? FontDescriptor()
            let size = font.size ?? base.size ?? (base.textStyle ?? .body).pointSize(for: .large)
            font.size = size * scale
        }
        if font != FontDescriptor() { style.font = font }
        return style
    }
}
