import CPango
import Foundation

/// Coloured snippets on disk, so that later documents, batch rows, frames and processes reuse
/// them: one small JSON file per snippet, named by the SHA-256 of Pygments' version, the
/// language and the code. The theme is not part of the key: the files hold token types, and
/// the theme turns types into colours when the code is laid out, so one entry serves both.
///
/// Files are written whole under a temporary name and renamed into place, so processes
/// sharing the folder never read half an entry; an entry that cannot be read is colouring
/// not yet done. Nothing is ever evicted: entries are a few kilobytes, and the folder may be
/// deleted at any time.
struct HighlightCache: Sendable {
    let directory: URL

    /// The file name for `snippet` as Pygments `version` colours it.
    func key(for snippet: CodeSnippet, version: String) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        // Each field ends with a byte no UTF-8 text holds, so ("ab", "c") and ("a", "bc") differ.
        for field in ["pygments", version, snippet.language, snippet.code] {
            var bytes = Array(field.utf8)
            bytes.append(0xFF)
            g_checksum_update(checksum, bytes, bytes.count)
        }
        return String(cString: g_checksum_get_string(checksum))
    }

    /// The stored result for `key`: tokens, or a language Pygments does not know.
    func read(_ key: String) -> HighlightResult? {
        guard let data = try? Data(contentsOf: file(key)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        if object["unknownLanguage"] as? Bool == true { return .unknownLanguage }
        guard let types = object["types"] as? [String], let numbers = object["tokens"] as? [Int], numbers.count % 2 == 0,
              numbers.enumerated().allSatisfy({ $0.offset % 2 == 1 ? $0.element >= 0 : types.indices.contains($0.element) })
        else { return nil }
        return .highlighted(HighlightedCode(compact: numbers, types: types))
    }

    /// Stores a result worth keeping (tokens, an unknown language); failures are not stored,
    /// so they are tried again once Pygments is there.
    func write(_ result: HighlightResult, for key: String) {
        let object: [String: Any]
        switch result {
        case .highlighted(let code): object = ["types": code.types, "tokens": code.compact]
        case .unknownLanguage: object = ["unknownLanguage": true]
        case .unavailable: return
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file(key), options: .atomic)
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent(key + ".json") }
}
