import CPango
import Foundation

/// One `PangoLayout` with the text and run-style table it was built from; lives under the Pango lock.
struct PangoTextLayout {
    let layout: PangoLayoutObject
    let text: String
    let styles: [RunStyle]
    let baseStyle: Style

    var lineCount: Int { layout.withUnsafeMutablePangoLayout { Int(pango_layout_get_line_count($0)) } }

    private var logicalExtents: PangoRectangle {
        var ink = PangoRectangle(), logical = PangoRectangle()
        layout.withUnsafeMutablePangoLayout { pango_layout_get_extents($0, &ink, &logical) }
        return logical
    }

    /// Where glyphs put ink, in points: Pango's ink extents of the whole layout.
    var inkRect: CGRect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        layout.withUnsafeMutablePangoLayout { pango_layout_get_extents($0, &ink, &logical) }
        return CGRect(x: Double(pangoUnits: ink.x), y: Double(pangoUnits: ink.y),
                      width: Double(pangoUnits: ink.width), height: Double(pangoUnits: ink.height))
    }

    /// The baseline of the first line below the top, in points.
    var baseline: Double { layout.withUnsafeMutablePangoLayout { Double(pangoUnits: pango_layout_get_baseline($0)) } }

    /// Height in Pango units.
    var heightUnits: Int32 { logicalExtents.height }

    /// Width of the last line in Pango units.
    var lastLineWidthUnits: Int32 {
        layout.withUnsafeMutablePangoLayout { layout in
            let count = pango_layout_get_line_count(layout)
            guard count > 0, let line = pango_layout_get_line_readonly(layout, count - 1) else { return 0 }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_line_get_extents(line, &ink, &logical)
            return logical.width
        }
    }

    /// The widest line by the height of all lines, in Pango units.
    var textSizeUnits: (width: Int32, height: Int32) {
        let extents = logicalExtents
        return (extents.width, extents.height)
    }

    /// The widest line by the height of all lines, in points.
    var textSize: CGSize {
        let extents = logicalExtents
        return CGSize(width: Double(pangoUnits: extents.width), height: Double(pangoUnits: extents.height))
    }

    /// For each line: its first byte, byte length, left edge and bottom, in Pango units.
    var lines: [(start: Int, length: Int, x: Int32, bottom: Int32, isRightToLeft: Bool)] {
        var result: [(Int, Int, Int32, Int32, Bool)] = []
        layout.withUnsafeMutablePangoLayout { layout in
            let iter = pango_layout_get_iter(layout)!
            defer { pango_layout_iter_free(iter) }
            repeat {
                let line = pango_layout_iter_get_line_readonly(iter)!
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iter, &ink, &logical)
                result.append((Int(line.pointee.start_index), Int(line.pointee.length), logical.x, logical.y &+ logical.height,
                               line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue))
            } while pango_layout_iter_next_line(iter) != 0
        }
        return result
    }

    /// The x of the leading edge of the character at byte `index`, in Pango units.
    func x(ofIndex index: Int) -> Int32 {
        var rect = PangoRectangle()
        layout.withUnsafeMutablePangoLayout { pango_layout_index_to_pos($0, Int32(index), &rect) }
        return rect.x
    }

    /// Each character's break attributes with the byte offset they apply at (and the end of the text's).
    var characterBreaks: [(offset: Int, breaks: CharacterBreaks)] {
        var result: [(offset: Int, breaks: CharacterBreaks)] = []
        result.reserveCapacity(text.unicodeScalars.count + 1)
        layout.forEachCharacterBreak(in: text) { offset, _, breaks in result.append((offset, breaks)) }
        return result
    }
}
