import Foundation

/// Cairo's SVG surface names surfaces, images and patterns after process-wide counters
/// (`surface37`, `image12`), so the same frame drawn after other work (a batch's later rows, a
/// server's later requests) would come out with other names. Renumbering them in order of
/// appearance makes an SVG depend on its drawing alone: the same scene, the same bytes.
enum SVGIdentifiers {
    /// The identifier families Cairo numbers; `glyphF-G` is numbered per document already.
    private static let pattern = try! NSRegularExpression(
        pattern: #"(?<=id="|#)(surface|image|pattern|linear|radial|clip|mask|alpha)(\d+)(?!\d)"#)

    /// `svg` with every numbered identifier and reference to it renumbered from 1, per family,
    /// in the order the identifiers are first named.
    static func renumbered(_ svg: Data) -> Data {
        let text = String(decoding: svg, as: UTF8.self)
        let whole = NSRange(text.startIndex..., in: text)
        var next: [String: Int] = [:]
        var names: [String: String] = [:]
        let matches = pattern.matches(in: text, range: whole)
        for match in matches {
            let name = (text as NSString).substring(with: match.range)
            guard names[name] == nil else { continue }
            let family = (text as NSString).substring(with: match.range(at: 1))
            let number = (next[family] ?? 0) + 1
            next[family] = number
            names[name] = family + String(number)
        }
        guard names.contains(where: { $0.key != $0.value }) else { return svg }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var position = text.startIndex
        for match in matches {
            guard let range = Range(match.range, in: text) else { continue }
            result += text[position..<range.lowerBound]
            result += names[String(text[range])] ?? String(text[range])
            position = range.upperBound
        }
        result += text[position...]
        return Data(result.utf8)
    }
}
