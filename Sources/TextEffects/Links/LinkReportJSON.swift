import Foundation

/// The link report's JSON, piece by piece, so the streaming writer and the in-memory report
/// produce the same bytes: one link, frame or impression per line, keys in the contract's order.
///
/// Coordinates are rounded to 1/1000 pt, times to 1 µs, ratios to 1e-6 (a visible link never
/// rounds to 0).
enum LinkReportJSON {
    static func header(fps: Double, frameCount: Int, canvas: Scene.Canvas, viewport: Viewport, analytics: Analytics) -> String {
        let r = viewport.rect
        return """
        {
          "version": 1,
          "fps": \(JSONNode.format(fps)),
          "frameCount": \(frameCount),
          "canvas": {"width": \(JSONNode.format(canvas.width)), "height": \(JSONNode.format(canvas.height))},
          "viewport": {"x": \(JSONNode.format(r.minX)), "y": \(JSONNode.format(r.minY)), "width": \(JSONNode.format(r.width)), "height": \(JSONNode.format(r.height))},
          "analytics": {"impressionRatio": \(JSONNode.format(analytics.impressionRatio)), "impressionSeconds": \(JSONNode.format(analytics.impressionSeconds))},

        """
    }

    /// Opens an array member: `"name": [`.
    static func open(_ name: String) -> String { "  \"\(name)\": [" }

    /// Separates or starts array items: each item on its own line.
    static func item(_ body: String, first: Bool) -> String { (first ? "\n    " : ",\n    ") + body }

    /// Closes an array member opened with `open`.
    static func close(empty: Bool, last: Bool) -> String { (empty ? "]" : "\n  ]") + (last ? "\n}\n" : ",\n") }

    static func link(_ link: SceneLink) -> String {
        "{\"id\": \(link.id), \"block\": \(string(link.block)), \"url\": \(string(link.url)), \"text\": \(string(link.text)), \"rects\": \(rects(link.rects))}"
    }

    static func frame(_ frame: LinkFrame) -> String {
        let visible = frame.visible.map { "{\"id\": \($0.id), \"ratio\": \(ratio($0.ratio)), \"rects\": \(rects($0.rects))}" }
        return "{\"frame\": \(frame.frame), \"time\": \(number(frame.time, places: 6)), \"scroll\": {\"x\": \(point(frame.scroll.x)), \"y\": \(point(frame.scroll.y))}, \"visible\": [\(visible.joined(separator: ", "))]}"
    }

    static func impression(_ impression: LinkImpression) -> String {
        func optional(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        return "{\"id\": \(impression.id), \"url\": \(string(impression.url)), \"firstVisibleFrame\": \(optional(impression.firstVisibleFrame)), \"impressionFrame\": \(optional(impression.impressionFrame)), \"maxRatio\": \(ratio(impression.maxRatio)), \"visibleFrames\": \(impression.visibleFrames)}"
    }

    static func rects(_ rects: [CGRect]) -> String {
        "[" + rects.map { "{\"x\": \(point($0.minX)), \"y\": \(point($0.minY)), \"width\": \(point($0.width)), \"height\": \(point($0.height))}" }
            .joined(separator: ", ") + "]"
    }

    static func point(_ value: Double) -> String { number(value, places: 3) }

    static func ratio(_ value: Double) -> String {
        value > 0 ? number(max(value, 1e-6), places: 6) : "0.0"
    }

    /// `value` rounded to `places` decimals, in the shortest form that reads back the same.
    static func number(_ value: Double, places: Int) -> String {
        let scale = pow(10, Double(places))
        let rounded = (value * scale).rounded() / scale
        return (rounded == 0 ? 0.0 : rounded).description
    }

    /// A JSON string literal; non-ASCII characters are written as they are (UTF-8).
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
