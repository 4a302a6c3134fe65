extension TextSelector.Unit {
    /// Which unit of this kind a glyph belongs to, counted in logical order: its first grapheme
    /// cluster, its word or its line. Effects that animate unit by unit stagger by it.
    public func index(of glyph: Text.Layout.RunSlice) -> Int {
        switch self {
        case .glyph: glyph.graphemeRange.lowerBound
        case .word: glyph.wordIndex
        case .line: glyph.lineIndex
        }
    }
}
