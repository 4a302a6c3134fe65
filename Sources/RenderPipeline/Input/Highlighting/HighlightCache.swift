import Foundation

/// Coloured snippets on disk, so that later documents, batch rows, frames and processes reuse
/// them: one small JSON file per snippet, named by a 64-bit FNV-1a hash of Pygments' version,
/// the language and the code, and holding all three, so an entry is used only for exactly its
/// snippet (two snippets of one name take turns in the file: a miss, never wrong colours).
/// The theme is not part of the key: the files hold token types, and the theme turns types into
/// colours when the code is laid out, so one entry serves both themes.
///
/// Files are written whole under a temporary name and renamed into place, so processes
/// sharing the folder never read half an entry; an entry that cannot be read is colouring
/// not yet done. Nothing is ever evicted: entries are a few kilobytes, and the folder may be
/// deleted at any time.
struct HighlightCache: Sendable {
    let directory: URL

    /// The file name for `snippet` as Pygments `version` colours it.
    func key(for snippet: CodeSnippet, version: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        // Each field ends with a byte no UTF-8 text holds, so ("ab", "c") and ("a", "bc") differ.
        for field in ["pygments", version, snippet.language, snippet.code] {
            for byte in field.utf8 + [0xFF] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The stored result for `snippet` under `key`: tokens, or a language Pygments does not know.
    func read(_ key: String, for snippet: CodeSnippet, version: String) -> HighlightResult? {
        guard let data = try? Data(contentsOf: file(key)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["version"] as? String == version, object["language"] as? String == snippet.language,
              object["code"] as? String == snippet.code else { return nil }
        if object["unknownLanguage"] as? Bool == true { return .unknownLanguage }
        guard let types = object["types"] as? [String], let numbers = object["tokens"] as? [Int], numbers.count % 2 == 0,
              numbers.enumerated().allSatisfy({ $0.offset % 2 == 1 ? $0.element >= 0 : types.indices.contains($0.element) })
        else { return nil }
        return .highlighted(HighlightedCode(compact: numbers, types: types))
    }

    /// Stores a result worth keeping (tokens, an unknown language); failures are not stored,
    /// so they are tried again once Pygments is there.
    func write(_ result: HighlightResult, for key: String, snippet: CodeSnippet, version: String) {
        var object: [String: Any] = ["version": version, "language": snippet.language, "code": snippet.code]
        switch result {
        case .highlighted(let code):
            object["types"] = code.types
            object["tokens"] = code.compact
        case .unknownLanguage: object["unknownLanguage"] = true
        case .unavailable: return
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file(key), options: .atomic)
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent(key + ".json") }
}
