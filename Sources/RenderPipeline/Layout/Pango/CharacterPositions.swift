import CPango

/// The rectangle of every character of a run, exactly as `pango_layout_index_to_pos` gives it,
/// for a whole run at once.
///
/// `pango_layout_index_to_pos` walks the lines from the first and counts characters from the
/// start of the text on every call, so asking it for each character of a link made a long
/// linked text quadratic. This reads each run's clusters once and counts characters with
/// arrays built once per layout; a character inside a ligature of several graphemes (where
/// Pango consults the font's caret positions) and a grapheme that crosses runs are still asked
/// of Pango, so every rectangle is Pango's own.
struct CharacterPositions {
    /// Kept alive for the text and break attributes borrowed from it below.
    private let layout: PangoLayoutObject
    private let text: UnsafePointer<CChar>
    private let length: Int
    private let logAttributes: UnsafePointer<PangoLogAttr>
    private let characterCount: Int
    /// For each byte offset (and one past the end), the index of the character it belongs to.
    private let characterOf: [Int32]
    /// For each character index (and one past the end), how many cursor positions come before it.
    private let cursorsBefore: [Int32]

    /// Reads `layout`'s text and break attributes; call with the Pango lock held.
    init(layout: PangoLayoutObject) {
        self.layout = layout
        var count: Int32 = 0
        (text, logAttributes) = layout.withUnsafeMutablePangoLayout {
            (UnsafePointer(pango_layout_get_text($0)!), UnsafePointer(pango_layout_get_log_attrs_readonly($0, &count)!))
        }
        length = Int(strlen(text))
        characterCount = max(Int(count) - 1, 0)
        var characterOf = [Int32](repeating: 0, count: length + 1)
        var character: Int32 = -1
        for offset in 0..<length {
            if UInt8(bitPattern: text[offset]) & 0xC0 != 0x80 { character += 1 }
            characterOf[offset] = max(character, 0)
        }
        characterOf[length] = character + 1
        self.characterOf = characterOf
        var cursorsBefore = [Int32](repeating: 0, count: Int(count) + 1)
        for index in 0..<Int(count) {
            cursorsBefore[index + 1] = cursorsBefore[index] + (logAttributes[index].is_cursor_position != 0 ? 1 : 0)
        }
        self.cursorsBefore = cursorsBefore
    }

    /// The byte offset and logical rectangle (Pango units) of each character of `run`, in text
    /// order: x from the line's logical rectangle, y and height from the run's (as Pango 1.50
    /// does). `line` is the run's line as byte offsets, `lineX` the left of its logical rectangle,
    /// `runRect` the run's logical rectangle from a layout iterator, and `runX` the widths of the
    /// runs before this one on the line.
    func rectangles(of run: PangoLayoutRun, line: Range<Int>, lineX: Int32, runRect: PangoRectangle,
                    runX: Int32) -> [(index: Int, rect: PangoRectangle)] {
        let item = run.item.pointee
        let itemStart = Int(item.offset), itemEnd = Int(item.offset + item.length)
        var result: [(index: Int, rect: PangoRectangle)] = []
        guard let clusters = Clusters(run.glyphs.pointee, rightToLeft: item.analysis.level % 2 == 1,
                                      length: Int(item.length)) else {
            for index in itemStart..<itemEnd where isCharacterStart(index) { result.append((index, pangoRect(index))) }
            return result
        }
        for index in itemStart..<itemEnd where isCharacterStart(index) {
            guard let leading = x(of: index, trailing: false, run: run, clusters: clusters, line: line),
                  let trailing = x(of: index, trailing: true, run: run, clusters: clusters, line: line) else {
                result.append((index, pangoRect(index)))
                continue
            }
            let x = lineX &+ runX &+ leading
            result.append((index, PangoRectangle(x: x, y: runRect.y, width: (lineX &+ runX &+ trailing) &- x,
                                                 height: runRect.height)))
        }
        return result
    }

    private func isCharacterStart(_ index: Int) -> Bool { UInt8(bitPattern: text[index]) & 0xC0 != 0x80 }

    private func pangoRect(_ index: Int) -> PangoRectangle {
        var rect = PangoRectangle()
        layout.withUnsafeMutablePangoLayout { pango_layout_index_to_pos($0, Int32(index), &rect) }
        return rect
    }

    /// A run's clusters in text order: where each starts (bytes from the run's start) and the x
    /// of its leading and trailing edge, as `pango_glyph_string_index_to_x_full` finds them.
    private struct Clusters {
        var starts: [Int] = []
        var startX: [Int32] = []
        var endX: [Int32] = []
        let length: Int

        /// Nil when the cluster values do not rise along the text (then Pango is asked).
        init?(_ glyphs: PangoGlyphString, rightToLeft: Bool, length: Int) {
            self.length = length
            let count = Int(glyphs.num_glyphs)
            guard count > 0 else { return nil }
            var width: Int32 = 0
            if rightToLeft { for i in 0..<count { width &+= glyphs.glyphs[i].geometry.width } }
            for step in 0..<count {
                let i = rightToLeft ? count - 1 - step : step
                let cluster = Int(glyphs.log_clusters[i])
                if cluster != starts.last {
                    if let last = starts.last {
                        guard cluster > last else { return nil }
                        endX.append(width)
                    }
                    starts.append(cluster)
                    startX.append(width)
                }
                if rightToLeft { width &-= glyphs.glyphs[i].geometry.width } else { width &+= glyphs.glyphs[i].geometry.width }
            }
            endX.append(rightToLeft ? 0 : width)
        }

        /// The cluster holding byte `index` of the run: the last one starting at or before it.
        func cluster(holding index: Int) -> Int? {
            guard let first = starts.first, index >= first else { return nil }
            var low = 0, high = starts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if starts[mid] <= index { low = mid } else { high = mid - 1 }
            }
            return low
        }
    }

    /// `pango_layout_line_index_to_x` within the run: the x of the grapheme edge of the
    /// character at `index`, from the run's start; nil where Pango itself must be asked.
    private func x(of start: Int, trailing: Bool, run: PangoLayoutRun, clusters: Clusters,
                   line: Range<Int>) -> Int32? {
        let item = run.item.pointee
        let itemStart = Int(item.offset)
        // Snapped to the grapheme's first character, or its last for the trailing edge.
        var index = start
        var character = Int(characterOf[index])
        if trailing {
            while index < line.upperBound, character + 1 < characterCount,
                  logAttributes[character + 1].is_cursor_position == 0 {
                character += 1
                index = nextCharacter(after: index)
            }
        } else {
            while index > line.lowerBound, logAttributes[character].is_cursor_position == 0 {
                character -= 1
                index = previousCharacter(before: index)
            }
        }
        let relative = index - itemStart
        guard relative >= 0, relative < Int(item.length), let k = clusters.cluster(holding: relative) else { return nil }
        let clusterStart = itemStart + clusters.starts[k]
        let clusterEnd = itemStart + (k + 1 < clusters.starts.count ? clusters.starts[k + 1] : clusters.length)
        let first = Int(characterOf[clusterStart])
        let graphemes = Int(cursorsBefore[Int(characterOf[clusterEnd])] - cursorsBefore[first])
        var offset = Int(cursorsBefore[Int(characterOf[index])] - cursorsBefore[first])
        if trailing { offset = min(offset + 1, graphemes) }
        if graphemes == 0 || offset == 0 { return clusters.startX[k] }
        if offset == graphemes { return clusters.endX[k] }
        // Inside a ligature of several graphemes: the font's caret positions, as Pango reads them.
        var x: Int32 = 0
        var analysis = item.analysis
        pango_glyph_string_index_to_x_full(run.glyphs, text + itemStart, item.length, &analysis,
                                           UnsafeMutablePointer(mutating: logAttributes + Int(characterOf[itemStart])),
                                           Int32(relative), trailing ? 1 : 0, &x)
        return x
    }

    private func nextCharacter(after index: Int) -> Int {
        var next = index + 1
        while next < length, UInt8(bitPattern: text[next]) & 0xC0 == 0x80 { next += 1 }
        return next
    }

    private func previousCharacter(before index: Int) -> Int {
        var previous = index - 1
        while previous > 0, UInt8(bitPattern: text[previous]) & 0xC0 == 0x80 { previous -= 1 }
        return previous
    }
}
