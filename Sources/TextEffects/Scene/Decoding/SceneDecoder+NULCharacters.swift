import Foundation

extension SceneDecoder {
    /// Reports every string (and key) in a scene that holds U+0000.
    ///
    /// Pango, Cairo and fontconfig read text up to its first NUL, so the rest of such a string
    /// would vanish without a word. JSON can only carry one escaped (`\u0000`), so the walk runs
    /// only when the file's bytes contain that escape.
    func reportNULCharacters(in root: JSONNode, data: Data) {
        guard Self.mayHoldNUL(data), let value = root.value else { return }
        var pending: [(JSONValue, String)] = [(value, root.path)]
        while let (value, path) = pending.popLast() {
            switch value {
            case .string(let string) where string.utf8.contains(0):
                root.problems.add(path, "contains U+0000 (NUL), which text cannot hold; remove it")
            case .array(let items):
                for (index, item) in items.enumerated().reversed() { pending.append((item, "\(path)[\(index)]")) }
            case .object(let fields):
                for (key, item) in fields.sorted(by: { $0.key > $1.key }) {
                    let child = path.isEmpty ? key : "\(path).\(key)"
                    if key.utf8.contains(0) { root.problems.add(child, "this key contains U+0000 (NUL); remove it") }
                    pending.append((item, child))
                }
            default:
                break
            }
        }
    }

    /// Whether `data` contains `\u0000` (any case of hex digits).
    private static func mayHoldNUL(_ data: Data) -> Bool {
        let pattern = Array(#"\u0000"#.utf8)
        return data.withUnsafeBytes { bytes in
            guard bytes.count >= pattern.count else { return false }
            for start in 0...(bytes.count - pattern.count) where bytes[start] == 0x5C && bytes[start + 1] | 0x20 == 0x75 {
                if bytes[start + 2] == 0x30, bytes[start + 3] == 0x30, bytes[start + 4] == 0x30, bytes[start + 5] == 0x30 { return true }
            }
            return false
        }
    }
}
