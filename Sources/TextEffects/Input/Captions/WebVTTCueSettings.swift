/// The WebVTT specification's "parse the WebVTT cue settings" and "collect WebVTT region
/// settings", step by step: a setting that does not parse is skipped (the specification's
/// "jump to next setting") and reported back so the parser can warn about it.
enum WebVTTCueSettings {
    /// Applies the settings in `text` to `settings`, in order; returns the ones skipped.
    static func apply(_ text: String, regions: [CaptionRegion], to settings: inout CueSettings) -> [String] {
        var skipped: [String] = []
        for setting in split(text) {
            guard let (name, value) = nameAndValue(setting) else { skipped.append(setting); continue }
            var applied = true
            switch name {
            case "region":
                settings.region = regions.last(where: { $0.id == value })?.id
                applied = settings.region != nil
            case "vertical":
                if value == "rl" { settings.writingDirection = .verticalGrowingLeft }
                else if value == "lr" { settings.writingDirection = .verticalGrowingRight }
                else { applied = false }
                if settings.writingDirection != .horizontal { settings.region = nil }
            case "line":
                applied = applyLine(value, to: &settings)
            case "position":
                let (colpos, colalign) = splitAtComma(value)
                guard let number = percentage(colpos) else { applied = false; break }
                switch colalign {
                case nil: break
                case "line-left": settings.positionAlignment = .lineLeft
                case "center": settings.positionAlignment = .center
                case "line-right": settings.positionAlignment = .lineRight
                default: applied = false
                }
                if applied { settings.position = number }
            case "size":
                guard let number = percentage(value) else { applied = false; break }
                settings.size = number
                if number != 100 { settings.region = nil }
            case "align":
                guard let alignment = CueSettings.TextAlignment(rawValue: value) else { applied = false; break }
                settings.textAlignment = alignment
            default:
                applied = false
            }
            if !applied { skipped.append(setting) }
        }
        return skipped
    }

    private static func applyLine(_ value: String, to settings: inout CueSettings) -> Bool {
        let (linepos, linealign) = splitAtComma(value)
        guard linepos.contains(where: \.isASCIIDigit) else { return false }
        let line: CueSettings.Line
        if linepos.hasSuffix("%") {
            guard let number = percentage(linepos) else { return false }
            line = .percentage(number)
        } else {
            let chars = Array(linepos)
            guard chars.allSatisfy({ $0 == "-" || $0 == "." || $0.isASCIIDigit }),
                  !chars.dropFirst().contains("-"),
                  chars.filter({ $0 == "." }).count <= 1 else { return false }
            if let dot = chars.firstIndex(of: ".") {
                guard dot > 0, dot < chars.count - 1, chars[dot - 1].isASCIIDigit, chars[dot + 1].isASCIIDigit else { return false }
            }
            guard let number = Double(linepos), number.isFinite else { return false }
            line = .lineNumber(number)
        }
        switch linealign {
        case nil: break
        case "start": settings.lineAlignment = .start
        case "center": settings.lineAlignment = .center
        case "end": settings.lineAlignment = .end
        default: return false
        }
        settings.line = line
        settings.region = nil
        return true
    }

    /// Reads a `REGION` block's settings; returns the region and the settings skipped.
    static func region(_ text: String) -> (CaptionRegion, skipped: [String]) {
        var region = CaptionRegion()
        var skipped: [String] = []
        for setting in split(text) {
            guard let (name, value) = nameAndValue(setting) else { skipped.append(setting); continue }
            var applied = true
            switch name {
            case "id": region.id = value
            case "width":
                if let number = percentage(value) { region.width = number } else { applied = false }
            case "lines":
                if value.allSatisfy(\.isASCIIDigit), let number = Int(value) { region.lines = number } else { applied = false }
            case "regionanchor", "viewportanchor":
                let (x, y) = splitAtComma(value)
                guard let y, let px = percentage(x), let py = percentage(y) else { applied = false; break }
                if name == "regionanchor" { region.regionAnchor = (px, py) } else { region.viewportAnchor = (px, py) }
            case "scroll":
                if value == "up" { region.scrollsUp = true } else { applied = false }
            default: applied = false
            }
            if !applied { skipped.append(setting) }
        }
        return (region, skipped)
    }

    /// The specification's "parse a percentage string": `\d+(\.\d+)?%`, 0–100.
    static func percentage(_ text: String) -> Double? {
        guard text.hasSuffix("%") else { return nil }
        let number = text.dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let value = Double(number), value >= 0, value <= 100 else { return nil }
        return value
    }

    /// "Split on spaces": tokens between runs of ASCII whitespace.
    static func split(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: \.isASCIIWhitespace).map { String(String.UnicodeScalarView($0)) }
    }

    private static func nameAndValue(_ setting: String) -> (String, String)? {
        guard let colon = setting.firstIndex(of: ":"), colon != setting.startIndex,
              setting.index(after: colon) != setting.endIndex else { return nil }
        return (String(setting[..<colon]), String(setting[setting.index(after: colon)...]))
    }

    private static func splitAtComma(_ value: String) -> (String, String?) {
        guard let comma = value.firstIndex(of: ",") else { return (value, nil) }
        return (String(value[..<comma]), String(value[value.index(after: comma)...]))
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
