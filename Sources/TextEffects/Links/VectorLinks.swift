import Foundation

/// A frame's links on a vector page: PDF link annotations through Cairo's tag API, and SVG
/// `<a>` elements, which Cairo's SVG surface does not write, added over the drawing.
///
/// The rectangles are the link report's (`LinkTracker`), so a link is where the report says,
/// in the page's units (the frame's pixels).
package struct VectorLinks: Sendable {
    /// Each visible link's URL and its rectangles on the page, in pixels.
    package var links: [(url: String, rects: [CGRect])]

    /// The links visible in `frame`, moved from viewport points to page pixels.
    package init(_ frame: LinkFrame, tracker: LinkTracker, scale: Double) {
        let origin = tracker.viewport.rect.origin
        let byID = Dictionary(tracker.links.map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
        links = frame.visible.compactMap { visibility in
            guard let url = byID[visibility.id] else { return nil }
            let rects = visibility.rects.map {
                CGRect(x: ($0.minX + origin.x) * scale, y: ($0.minY + origin.y) * scale, width: $0.width * scale, height: $0.height * scale)
            }
            return (url, rects)
        }
    }

    /// Adds a PDF link annotation per link, each covering its rectangles.
    func tagPDF(on cairo: CairoContext) {
        for link in links where !link.rects.isEmpty {
            let rects = link.rects.map { "\(Self.number($0.minX)) \(Self.number($0.minY)) \(Self.number($0.width)) \(Self.number($0.height))" }
            VectorDocument.tagLink(attributes: "uri='\(Self.escapedForCairo(link.url))' rect=[\(rects.joined(separator: " "))]", on: cairo)
        }
    }

    /// `svg` with an `<a>` per link (an invisible rectangle per line of it) before its closing
    /// tag: on top of the drawing, so a browser's click reaches them.
    func addingAnchors(to svg: Data) -> Data {
        guard !links.isEmpty, let close = svg.range(of: Data("</svg>".utf8), options: .backwards) else { return svg }
        var anchors = ""
        for link in links where !link.rects.isEmpty {
            let href = Self.escapedForXML(link.url)
            anchors += "<a xlink:href=\"\(href)\" href=\"\(href)\">"
            for rect in link.rects {
                anchors += "<rect x=\"\(Self.number(rect.minX))\" y=\"\(Self.number(rect.minY))\" width=\"\(Self.number(rect.width))\" height=\"\(Self.number(rect.height))\" fill=\"#000\" fill-opacity=\"0\"/>"
            }
            anchors += "</a>\n"
        }
        var result = svg.subdata(in: 0..<close.lowerBound)
        result.append(Data(anchors.utf8))
        result.append(svg.subdata(in: close.lowerBound..<svg.count))
        return result
    }

    /// A coordinate with at most three decimals, without an exponent.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A URL inside single quotes of Cairo's tag attributes: backslashes and quotes escaped.
    static func escapedForCairo(_ url: String) -> String {
        url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }

    /// A URL as an XML attribute value in double quotes.
    static func escapedForXML(_ url: String) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Control characters have no place in XML 1.0; a URL never needs them.
            case _ where scalar.value < 0x20: out += "%" + String(format: "%02X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
