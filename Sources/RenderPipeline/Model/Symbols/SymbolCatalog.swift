import Foundation

/// The names symbols can have and the symbol font's code points for them.
///
/// Material Icons names come from the installed package's own name → code point map (Debian's
/// fonts-material-design-icons-iconfont, `scss/_variables.scss`), read once at first use, so the
/// names are always those of the font that draws them. SF Symbols names go through the committed
/// table `SFSymbolNames` first.
package struct SymbolCatalog: Sendable {
    /// The font family symbols are drawn in (fontconfig name).
    public static let fontFamily = "Material Icons"
    /// The Debian package that holds the font and its code point map.
    public static let package = "fonts-material-design-icons-iconfont"
    /// Where that package keeps the name → code point map.
    public static let codepointsPath = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"

    /// Material Icons name → private-use code point.
    public let materialCodepoints: [String: Unicode.Scalar]

    /// The catalog of the installed package, read once; a failure says what to install.
    public static let shared: Result<SymbolCatalog, SymbolError> = load(path: codepointsPath)

    static func load(path: String) -> Result<SymbolCatalog, SymbolError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SymbolError.packageMissing(package: package, path: path))
        }
        let catalog = SymbolCatalog(scss: String(decoding: data, as: UTF8.self))
        guard !catalog.materialCodepoints.isEmpty else {
            return .failure(SymbolError.noIcons(path: path))
        }
        return .success(catalog)
    }

    /// Reads the `"name": e87d,` lines of the package's SCSS map.
    init(scss: String) {
        var codepoints: [String: Unicode.Scalar] = [:]
        for line in scss.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard name.count > 2, name.first == "\"", name.last == "\"" else { continue }
            let hex = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,);"))
            guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
            codepoints[String(name.dropFirst().dropLast())] = scalar
        }
        materialCodepoints = codepoints
    }

    /// The Material Icons name a name stands for: an SF Symbols name from the table, a Material
    /// name as written, or a dotted name with underscores (`lock.open` → `lock_open`).
    public func materialName(for name: String) -> String? {
        if let mapped = SFSymbolNames.material[name], materialCodepoints[mapped] != nil { return mapped }
        if materialCodepoints[name] != nil { return name }
        let underscored = name.replacingOccurrences(of: ".", with: "_")
        return materialCodepoints[underscored] != nil ? underscored : nil
    }

    /// The code point of a symbol name, or nil when the name is unknown.
    public func codepoint(for name: String) -> Unicode.Scalar? {
        materialName(for: name).flatMap { materialCodepoints[$0] }
    }

    /// Up to `count` known names (SF Symbols names first) closest to `name`, for error messages.
    public func suggestions(for name: String, count: Int = 4) -> [String] {
        let query = Array(name.lowercased().unicodeScalars)
        guard !query.isEmpty, query.count <= 64 else { return [] }
        func score(_ candidate: String) -> Int {
            let c = Array(candidate.unicodeScalars)
            var distance = Self.editDistance(query, c)
            // A name that starts with or contains what was typed is closer than its edits say.
            if candidate.hasPrefix(name.lowercased()) { distance = min(distance, 1) }
            else if candidate.contains(name.lowercased()) { distance = min(distance, 2) }
            return distance
        }
        let sf = SFSymbolNames.material.keys.map { ($0, score($0), 0) }
        let material = materialCodepoints.keys.map { ($0, score($0), 1) }
        let limit = max(2, query.count / 2)
        return (sf + material)
            .filter { $0.1 <= limit }
            .sorted { ($0.1, $0.2, $0.0.count, $0.0) < ($1.1, $1.2, $1.0.count, $1.0) }
            .prefix(count).map(\.0)
    }

    /// Levenshtein distance between two short strings.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
