import Foundation

/// GitHub's emoji shortcodes (`:tada:` → 🎉), from gemoji, GitHub's own emoji table (MIT
/// licence), as Debian's python3-pymdownx ships it (`pymdownx/gemoji_db.py`, generated from
/// gemoji; `version` there names gemoji's release). The file is read once, at first use, so the
/// names are always those of the installed table; without the package, shortcodes stay as written.
package struct EmojiShortcodes: Sendable {
    /// The Debian package that holds the table.
    public static let package = "python3-pymdownx"
    /// Where that package keeps it.
    public static let path = "/usr/lib/python3/dist-packages/pymdownx/gemoji_db.py"

    /// Shortcode name (without colons) → the emoji's characters.
    public let emoji: [String: String]
    /// gemoji's release the table was made from (`"v3.0.1"`), or empty.
    public let version: String

    /// The installed table, read once; nil when the package is missing or unreadable.
    public static let shared: EmojiShortcodes? = FileManager.default.contents(atPath: path).flatMap {
        EmojiShortcodes(database: String(decoding: $0, as: UTF8.self))
    }

    /// Reads the module's `emoji = {…}` and `aliases = {…}` assignments, which pymdownx writes as
    /// JSON objects (`json.dumps`), with Foundation's JSON parser; nil when neither is there.
    init?(database: String) {
        // Byte searches: the table is a few hundred kilobytes, which NSString's `range(of:)`
        // would convert to UTF-16 for each search.
        func object(after assignment: StaticString) -> [String: Any]? {
            guard let start = database.firstASCIIRange(of: assignment) else { return nil }
            // The object starts at the assignment's `{` and ends at the first `}` alone at the start of a line.
            let body = database.utf8.dropFirst(start.upperBound - 1)
            guard let end = Substring(body).firstASCIIRange(of: "\n}") else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(body.prefix(end.upperBound)))) as? [String: Any]
        }
        guard let table = object(after: "\nemoji = {") else { return nil }
        var emoji: [String: String] = [:]
        for (code, value) in table {
            guard let entry = value as? [String: Any],
                  let hex = (entry["unicode_alt"] ?? entry["unicode"]) as? String else { continue }
            // `1f468-200d-1f469`: code points in hex; GitHub's own images (`:octocat:`) have none.
            let scalars = hex.split(separator: "-").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard !scalars.isEmpty else { continue }
            emoji[Self.name(code)] = String(String.UnicodeScalarView(scalars))
        }
        for (alias, target) in object(after: "\naliases = {") ?? [:] {
            if let target = target as? String, let characters = emoji[Self.name(target)] { emoji[Self.name(alias)] = characters }
        }
        guard !emoji.isEmpty else { return nil }
        self.emoji = emoji
        let version = database.firstASCIIRange(of: "\nversion = \"").flatMap { start in
            let rest = database.utf8.dropFirst(start.upperBound)
            return rest.firstIndex(of: UInt8(ascii: "\"")).map { String(decoding: rest[..<$0], as: UTF8.self) }
        }
        self.version = version ?? ""
    }

    /// `:tada:` → `tada`.
    private static func name(_ code: String) -> String {
        code.hasPrefix(":") && code.hasSuffix(":") && code.count > 1 ? String(code.dropFirst().dropLast()) : code
    }

    /// `text` with every known `:name:` replaced by its emoji; unknown names stay as written.
    public func replacingShortcodes(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: ":") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ":") else { break }
            let name = rest[afterOpen..<close]
            if !name.isEmpty, name.count <= 64, name.allSatisfy(Self.isNameCharacter), let characters = emoji[String(name)] {
                result += rest[..<open]
                result += characters
                rest = rest[rest.index(after: close)...]
            } else {
                // The closing colon may open the next shortcode (`10:30:tada:`).
                result += rest[..<close]
                rest = rest[close...]
            }
        }
        return result + rest
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "+" || character == "-")
    }
}
