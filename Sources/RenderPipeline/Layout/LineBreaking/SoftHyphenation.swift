/// Dictionary hyphenation as Pango understands it: a soft hyphen (U+00AD) at every point the
/// language's patterns allow, where Pango may break the line and then draws a hyphen in the
/// run's font and colour. Exported text leaves them out again.
enum SoftHyphenation {
    static let softHyphen: Character = "\u{AD}"

    /// Words shorter than this stay whole, as browsers' `hyphenate-limit-chars: auto` keeps them.
    static let shortestWord = 5

    /// `text` with soft hyphens inserted into its text spans' words, or the same text when no
    /// dictionary for `language` is installed. Monospaced spans (code) and URLs keep their words whole.
    static func hyphenated(_ text: RichText, language: String) -> RichText {
        guard let dictionary = HyphenationDictionary.forLanguage(language) else { return text }
        var result = text
        for i in result.spans.indices {
            guard case .text(let string) = result.spans[i].content,
                  text.baseStyle.overridden(by: result.spans[i].style).effectiveFont.monospaced != true else { continue }
            result.spans[i].content = .text(hyphenated(string, with: dictionary))
        }
        return result
    }

    /// `string` with soft hyphens in its prose words; URLs and e-mail addresses (see
    /// `URLRanges`) stay as written.
    static func hyphenated(_ string: String, with dictionary: HyphenationDictionary) -> String {
        var output = ""
        output.reserveCapacity(string.utf8.count + string.utf8.count / 8)
        var index = string.startIndex
        while index < string.endIndex {
            guard !string[index].isWhitespace else {
                output.append(string[index])
                index = string.index(after: index)
                continue
            }
            var end = index
            while end < string.endIndex, !string[end].isWhitespace { end = string.index(after: end) }
            let token = string[index..<end]
            if URLRanges.isURL(token) { output += token } else { output += hyphenatedWords(token, with: dictionary) }
            index = end
        }
        return output
    }

    /// The words of a stretch without white space, each with its break points.
    private static func hyphenatedWords(_ string: Substring, with dictionary: HyphenationDictionary) -> Substring {
        var output = Substring()
        var index = string.startIndex
        while index < string.endIndex {
            guard isWordPart(string[index]) else {
                output.append(string[index])
                index = string.index(after: index)
                continue
            }
            var end = index
            while end < string.endIndex, isWordPart(string[end]) { end = string.index(after: end) }
            let word = string[index..<end]
            output += hyphenatedWord(word, with: dictionary)
            index = end
        }
        return output
    }

    /// Letters, and an author's soft hyphens, which keep their word one word (left as written).
    private static func isWordPart(_ character: Character) -> Bool { character.isLetter || character == softHyphen }

    /// One word with its break points; acronyms (all capitals), words that already carry a soft
    /// hyphen, and short words stay as they are.
    private static func hyphenatedWord(_ word: Substring, with dictionary: HyphenationDictionary) -> Substring {
        guard word.count >= shortestWord, !word.contains(softHyphen), !word.allSatisfy({ $0.isUppercase }) else { return word }
        let breaks = dictionary.breaks(in: word)
        guard !breaks.isEmpty else { return word }
        var result = Substring()
        var position = 0
        var next = breaks.makeIterator(), upcoming = next.next()
        for character in word {
            if position == upcoming {
                result.append(softHyphen)
                upcoming = next.next()
            }
            result.append(character)
            position += 1
        }
        return result
    }
}
