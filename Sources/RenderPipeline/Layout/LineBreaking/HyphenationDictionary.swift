import CHyphen
import Foundation

/// One language's hyphenation patterns, loaded by libhyphen from Debian's `hyphen-*` packages
/// (`/usr/share/hyphen/hyph_<language>.dic`, the dictionaries LibreOffice uses).
final class HyphenationDictionary: @unchecked Sendable {
    /// Where Debian installs the patterns.
    static let directory = "/usr/share/hyphen"

    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// Whether the patterns are UTF-8 (else ISO 8859-1, as the German ones are).
    private let isUTF8: Bool
    /// libhyphen keeps per-call state inside the dictionary: one caller at a time.
    private let lock = NSLock()

    private init?(path: String) {
        guard let loaded = hnj_hyphen_load(path) else { return nil }
        dictionary = loaded
        isUTF8 = loaded.pointee.utf8 != 0
    }

    deinit { hnj_hyphen_free(dictionary) }

    nonisolated(unsafe) private static var loaded: [String: HyphenationDictionary?] = [:]
    private static let cacheLock = NSLock()

    /// The dictionary for a BCP 47 language tag (`en-US`, `de`, `de-CH`): the most specific file
    /// present (`hyph_de_CH.dic`, then `hyph_de.dic`), or nil when none is installed.
    static func forLanguage(_ tag: String) -> HyphenationDictionary? {
        let parts = tag.replacingOccurrences(of: "-", with: "_").split(separator: "_").map(String.init)
        guard let language = parts.first?.lowercased(), !language.isEmpty,
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var candidates: [String] = []
        if parts.count > 1, let region = parts.last, region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            candidates.append("hyph_\(language)_\(region.uppercased()).dic")
        }
        candidates.append("hyph_\(language).dic")
        cacheLock.lock()
        defer { cacheLock.unlock() }
        for name in candidates {
            if let known = loaded[name] {
                if let known { return known }
                continue
            }
            let path = directory + "/" + name
            let dictionary = FileManager.default.fileExists(atPath: path) ? HyphenationDictionary(path: path) : nil
            loaded[name] = .some(dictionary)
            if let dictionary { return dictionary }
        }
        return nil
    }

    /// Where `word` may break with a hyphen: the number of characters (Swift `Character`s)
    /// before each break, in order, at least `leftMinimum` from the start and `rightMinimum`
    /// from the end. Empty when the word cannot be written in the patterns' encoding or has no
    /// pattern point.
    func breaks(in word: Substring, leftMinimum: Int = 2, rightMinimum: Int = 3) -> [Int] {
        let characters = Array(word)
        // libhyphen's patterns are lowercase; a character whose lowercase is several (İ → i̇)
        // keeps its own form, so positions stay one to one.
        let lowered = characters.map { character -> Character in
            let lower = character.lowercased()
            return lower.count == 1 ? Character(lower) : character
        }
        // The encoded bytes, and for each the index of the character it belongs to.
        var bytes: [CChar] = []
        var owner: [Int] = []
        for (index, character) in lowered.enumerated() {
            if isUTF8 {
                for byte in String(character).utf8 { bytes.append(CChar(bitPattern: byte)); owner.append(index) }
            } else {
                guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                      scalar.value < 0x100 else { return [] }
                bytes.append(CChar(bitPattern: UInt8(scalar.value)))
                owner.append(index)
            }
        }
        guard !bytes.isEmpty, bytes.count < 1000 else { return [] }
        let length = bytes.count
        // libhyphen takes a length but still reads the word as a C string (strstr over it for
        // compound words): without the terminator it read past the buffer (found by make fuzz).
        bytes.append(0)
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        lock.lock()
        let failed = hnj_hyphen_hyphenate3(dictionary, bytes, Int32(length), &hyphens, nil,
                                           &replacements, &positions, &cuts,
                                           Int32(leftMinimum), Int32(rightMinimum), Int32(leftMinimum), Int32(rightMinimum))
        lock.unlock()
        // Non-standard breaks (Dutch "omaatje" → "omaat-je", old German "ck" → "k-k") change
        // letters; they are skipped, since the text itself cannot change.
        var changesLetters = Set<Int>()
        if let replacements {
            for i in 0..<length where replacements[i] != nil {
                changesLetters.insert(i)
                free(replacements[i])
            }
            free(replacements)
        }
        free(positions)
        free(cuts)
        guard failed == 0 else { return [] }
        var result: [Int] = []
        for i in 0..<(length - 1) where hyphens[i] & 1 == 1 && !changesLetters.contains(i) {
            // Only between characters: the last byte of one, before the first of the next.
            guard owner[i] != owner[i + 1] else { continue }
            result.append(owner[i] + 1)
        }
        return result
    }
}
