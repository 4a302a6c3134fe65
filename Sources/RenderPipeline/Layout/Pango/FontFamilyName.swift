import Foundation

/// How fontconfig and Pango read a family name: lists, generic names and equality.
package enum FontFamilyName {
    /// Names that ask for a kind of font rather than a family (CSS's generic families, Pango's
    /// and fontconfig's aliases, the system font): any font the configuration gives them is
    /// what was asked for. Compared by `key`.
    static let generic: Set<String> = Set([
        "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "emoji", "math", "fangsong",
        "system-ui", "system", "ui-sans-serif", "ui-serif", "ui-monospace", "ui-rounded", "-apple-system",
    ].map(key))

    /// The names in `family`: Pango reads a comma-separated list, trying each in turn.
    static func names(in family: String) -> [String] {
        family.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// What fontconfig compares family names by: case and blanks ignored ("DejaVuSans" is
    /// "dejavu sans"), as its `FcStrCmpIgnoreBlanksAndCase` does.
    package static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" })
    }

    /// Whether `name` asks for a kind of font (see `generic`).
    static func isGeneric(_ name: String) -> Bool {
        generic.contains(key(name))
    }
}
