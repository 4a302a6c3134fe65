/// Completes or holds back the unfinished end of a Markdown answer that is still arriving, so
/// that each frame shows it as it will settle (as chat apps do, and as `remend` does for
/// streamdown): cmark-gfm still parses the result; only the tail is changed.
///
/// - An unclosed code fence is closed, so its code shows in a code box as it arrives (plain,
///   ``Settled/hasOpenFence``: coloured once its closing fence arrives); a fence line still
///   arriving, and an unclosed ```` ```math ```` fence, are held back.
/// - Half-arrived display math (`$$` or `\[` without its end) and inline math (`$…`, `\(…`)
///   are held back, so TeX never sees half a formula.
/// - A table is held back until its delimiter row (`|---|---|`) has arrived whole.
/// - In the last paragraph: unclosed `**`, `*`, `__`, `_`, `~~` and `` ` `` are closed; a
///   marker with nothing after it yet is held back; a half-written link `[text](ur` shows its
///   text; a half-written image is held back; a last line of only markers (`#`, `-`, `>`, `1.`)
///   is held back, so it does not turn the paragraph above into a heading for a frame.
package enum MarkdownSettler {
    /// The text to parse, and whether it ends in a code block whose fence is still open.
    package struct Settled: Hashable, Sendable {
        package var text: String
        /// Whether the text's last block is a fenced code block still arriving (its closing
        /// fence was added here): shown without colouring until the real one arrives.
        package var hasOpenFence: Bool
    }

    package static func settle(_ text: String) -> Settled {
        var bytes = Array(text.utf8)
        let endsWithNewline = bytes.last == UInt8(ascii: "\n")
        let lines = lineStarts(of: bytes)
        // Block level: fences and display math, scanned from the start (their state carries over blank lines).
        var fence: (char: UInt8, count: Int, line: Int, isMath: Bool)?
        var displayMath: Int?
        var blockStart = 0
        for (index, start) in lines.enumerated() {
            let end = index + 1 < lines.count ? lines[index + 1] : bytes.count
            let line = bytes[start..<end]
            let isLast = index == lines.count - 1
            if let open = fence {
                if let close = fenceRun(in: line), close.char == open.char, close.count >= open.count, close.info.isEmpty {
                    fence = nil
                    blockStart = end
                }
                continue
            }
            if let run = fenceRun(in: line), !(run.char == UInt8(ascii: "`") && run.info.contains(UInt8(ascii: "`"))) {
                if displayMath != nil { continue }
                if isLast && !endsWithNewline {
                    // The fence line is still arriving (its language may be half written).
                    return finish(Array(bytes[..<start]), hasOpenFence: false)
                }
                let info = String(decoding: run.info, as: UTF8.self).lowercased()
                fence = (run.char, run.count, start, info == "math")
                continue
            }
            if isBlank(line) { blockStart = end; continue }
            // `$$` toggles display math, outside code spans of its line.
            var position = line.startIndex
            while position + 1 < line.endIndex {
                if line[position] == UInt8(ascii: "\\") {
                    if line[position + 1] == UInt8(ascii: "[") { displayMath = displayMath ?? position }
                    if line[position + 1] == UInt8(ascii: "]") { displayMath = nil }
                    position += 2
                    continue
                }
                if line[position] == UInt8(ascii: "$"), line[position + 1] == UInt8(ascii: "$") {
                    displayMath = displayMath == nil ? position : nil
                    position += 2
                    continue
                }
                position += 1
            }
        }
        if let open = fence {
            if open.isMath { return finish(Array(bytes[..<open.line]), hasOpenFence: false) }
            if !endsWithNewline { bytes.append(UInt8(ascii: "\n")) }
            bytes += Array(repeating: open.char, count: open.count)
            bytes.append(UInt8(ascii: "\n"))
            return Settled(text: String(decoding: bytes, as: UTF8.self), hasOpenFence: true)
        }
        if let start = displayMath { bytes.removeSubrange(start...) }
        blockStart = Swift.min(blockStart, bytes.count)
        var tail = Array(bytes[blockStart...])
        bytes.removeSubrange(blockStart...)
        tail = settleLastBlock(tail, endsWithNewline: endsWithNewline && displayMath == nil)
        return finish(bytes + tail, hasOpenFence: false)
    }

    private static func finish(_ bytes: [UInt8], hasOpenFence: Bool) -> Settled {
        Settled(text: String(decoding: bytes, as: UTF8.self), hasOpenFence: hasOpenFence)
    }

    /// The byte offset each line starts at.
    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && index + 1 < bytes.count { starts.append(index + 1) }
        return bytes.isEmpty ? [] : starts
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// A fence line's marker (three or more backticks or tildes after any indent) and info string.
    private static func fenceRun(in line: ArraySlice<UInt8>) -> (char: UInt8, count: Int, info: ArraySlice<UInt8>)? {
        var index = line.startIndex
        while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 || line[index] == UInt8(ascii: ">") { index += 1 }
        guard index < line.endIndex, line[index] == UInt8(ascii: "`") || line[index] == UInt8(ascii: "~") else { return nil }
        let char = line[index]
        var count = 0
        while index < line.endIndex, line[index] == char { count += 1; index += 1 }
        guard count >= 3 else { return nil }
        var info = line[index...]
        while let first = info.first, first == 0x20 || first == 0x09 { info = info.dropFirst() }
        while let last = info.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { info = info.dropLast() }
        return (char, count, info)
    }

    // MARK: The last block

    /// The last block (the text after the last blank line), settled.
    private static func settleLastBlock(_ block: [UInt8], endsWithNewline: Bool) -> [UInt8] {
        var block = block
        var lines = lineStarts(of: block)
        // A last line of markers alone: a heading, list or quote about to start, or a setext underline.
        if !endsWithNewline, let last = lines.last, isMarkersOnly(block[last...]) {
            block.removeSubrange(last...)
            lines.removeLast()
        }
        // A table is shown from its complete delimiter row on; before that its rows are held back.
        if let firstPipe = lines.firstIndex(where: { startsWithPipe(block[$0...]) }) {
            let hasDelimiter = lines.indices.contains { index in
                let end = index + 1 < lines.count ? lines[index + 1] : block.count
                let complete = index + 1 < lines.count || endsWithNewline
                return index > firstPipe && complete && isDelimiterRow(block[lines[index]..<end])
            }
            if !hasDelimiter { block.removeSubrange(lines[firstPipe]...) }
        }
        return settleInlines(settleLinks(block))
    }

    private static func isMarkersOnly(_ line: ArraySlice<UInt8>) -> Bool {
        let trimmed = line.filter { $0 != 0x20 && $0 != 0x09 }
        guard !trimmed.isEmpty else { return false }
        if trimmed.allSatisfy({ "#-=*+_>|`~".utf8.contains($0) }) { return true }
        // "1." or "12)": an ordered list item about to start.
        let digits = trimmed.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return !digits.isEmpty && digits.count >= trimmed.count - 1
            && (digits.count == trimmed.count || trimmed.last == UInt8(ascii: ".") || trimmed.last == UInt8(ascii: ")"))
    }

    private static func startsWithPipe(_ line: ArraySlice<UInt8>) -> Bool {
        line.first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "|")
    }

    /// `| --- | :---: |`: only pipes, dashes, colons and spaces, with at least one dash.
    private static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        line.contains(UInt8(ascii: "-")) && line.allSatisfy { "|-: \t\r\n".utf8.contains($0) }
    }

    /// Half-written links, images and inline math: a link whose target is still arriving shows
    /// its text; an image or formula still arriving is held back; a bracket not yet closed is
    /// held back, its text shown.
    private static func settleLinks(_ bytes: [UInt8]) -> [UInt8] {
        var brackets: [(position: Int, isImage: Bool)] = []
        var index = 0
        var code = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                // `\(` inline math: held back until its `\)` arrives.
                if code == 0, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
                    let rest = bytes[(index + 2)...]
                    guard let close = rest.indices.first(where: { bytes[$0] == UInt8(ascii: "\\") && $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: ")") }) else {
                        return Array(bytes[..<index])
                    }
                    index = close + 2
                    continue
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "`") {
                var run = 0
                while index < bytes.count, bytes[index] == UInt8(ascii: "`") { run += 1; index += 1 }
                code = code == 0 ? run : (code == run ? 0 : code)
                continue
            }
            if code > 0 { index += 1; continue }
            switch byte {
            case UInt8(ascii: "$") where index + 1 < bytes.count && bytes[index + 1] != 0x20 && !isDigit(bytes[index + 1]):
                // Inline math: held back until its closing `$` arrives.
                guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "$")) else { return Array(bytes[..<index]) }
                index = close + 1
                continue
            case UInt8(ascii: "$") where index + 1 == bytes.count:
                return Array(bytes[..<index])
            case UInt8(ascii: "!") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "["):
                brackets.append((index, true))
                index += 2
                continue
            case UInt8(ascii: "["):
                brackets.append((index, false))
            case UInt8(ascii: "]"):
                guard let open = brackets.popLast() else { break }
                if index + 1 == bytes.count {
                    // `[text]` with its `(` perhaps next: the text alone for now (an image: nothing).
                    return open.isImage ? Array(bytes[..<open.position]) : removingBracket(bytes[..<index], at: open.position)
                }
                guard bytes[index + 1] == UInt8(ascii: "(") else { break }
                var depth = 0, cursor = index + 1
                while cursor < bytes.count {
                    if bytes[cursor] == UInt8(ascii: "(") { depth += 1 }
                    if bytes[cursor] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                    cursor += 1
                }
                guard cursor < bytes.count else {
                    // The target is still arriving: the link's text without its markup.
                    return open.isImage ? Array(bytes[..<open.position]) : removingBracket(bytes[..<index], at: open.position)
                }
                index = cursor + 1
                continue
            default: break
            }
            index += 1
        }
        // Brackets still open: an image is held back, a link's `[` is (its text shows).
        var result = bytes
        for open in brackets.reversed() {
            if open.isImage { result.removeSubrange(open.position...) } else if open.position < result.count { result.remove(at: open.position) }
        }
        return result
    }

    private static func removingBracket(_ bytes: ArraySlice<UInt8>, at position: Int) -> [UInt8] {
        var result = Array(bytes)
        result.remove(at: position)
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isSpace(_ byte: UInt8?) -> Bool { byte.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ?? true }
    private static func isWordByte(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= 0x80 || isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// Closes emphasis, strikethrough and code spans still open at the end, innermost first;
    /// an opener with nothing after it yet is held back instead.
    private static func settleInlines(_ bytes: [UInt8]) -> [UInt8] {
        var open: [(position: Int, char: UInt8, count: Int)] = []
        /// Where a closer still arriving starts (`**bold*`): held back, the whole closer added.
        var partialCloser: Int?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] == byte { index += 1 }
            let count = index - start
            let before = start > 0 ? bytes[start - 1] : nil
            let after = index < bytes.count ? bytes[index] : nil
            if byte == UInt8(ascii: "`") {
                // A code span closes only with a run of the same length; nothing inside it is markup.
                if let last = open.last, last.char == byte {
                    if last.count == count { open.removeLast() }
                } else {
                    open.append((start, byte, count))
                }
                continue
            }
            if open.last?.char == UInt8(ascii: "`") { continue }
            // Left- and right-flanking, as CommonMark decides; `_` does not open or close inside a word.
            var canOpen = !isSpace(after), canClose = !isSpace(before)
            if byte == UInt8(ascii: "_") {
                canOpen = canOpen && !isWordByte(before)
                canClose = canClose && !isWordByte(after)
            }
            if canClose, after == nil, open.contains(where: { $0.char == byte && $0.count > count }) {
                partialCloser = start
            } else if canClose, let match = open.lastIndex(where: { $0.char == byte && $0.count == count }) {
                open.removeSubrange(match...)
            } else if canOpen, after != nil {
                open.append((start, byte, count))
            } else if after == nil, isSpace(before) || !open.contains(where: { $0.char == byte }) {
                // A marker with nothing after it yet: held back.
                open.append((start, byte, count))
            }
        }
        guard !open.isEmpty else { return bytes }
        var result = bytes
        if let partialCloser { result.removeSubrange(partialCloser...) }
        // Markers with nothing but white space after them are held back; the rest are closed,
        // innermost first, before any trailing white space (a closer must follow a character).
        while let last = open.last, result[(last.position + last.count)...].allSatisfy({ isSpace($0) }) {
            result.removeSubrange(last.position...)
            open.removeLast()
        }
        while let last = result.last, isSpace(last) { result.removeLast() }
        for marker in open.reversed() { result += Array(repeating: marker.char, count: marker.count) }
        return result
    }
}
