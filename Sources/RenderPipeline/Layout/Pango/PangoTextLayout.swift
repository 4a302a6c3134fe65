import CPango
import Foundation

/// One `PangoLayout` with the text and run-style table it was built from; lives under the Pango lock.
struct PangoTextLayout {
    let layout: GObjectReference
    let text: String
    let styles: [RunStyle]
    let baseStyle: Style

    var lineCount: Int { Int(pango_layout_get_line_count(layout.opaque)) }

    private var logicalExtents: PangoRectangle {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout.opaque, &ink, &logical)
        return logical
    }

    /// Where glyphs put ink, in points: Pango's ink extents of the whole layout.
    var inkRect: CGRect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout.opaque, &ink, &logical)
        return CGRect(x: PangoLayoutBuilder.points(ink.x), y: PangoLayoutBuilder.points(ink.y),
                      width: PangoLayoutBuilder.points(ink.width), height: PangoLayoutBuilder.points(ink.height))
    }

    /// Height in Pango units.
    var heightUnits: Int32 { logicalExtents.height }

    /// Width of the last line in Pango units.
    var lastLineWidthUnits: Int32 {
        let count = pango_layout_get_line_count(layout.opaque)
        guard count > 0, let line = pango_layout_get_line_readonly(layout.opaque, count - 1) else { return 0 }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_line_get_extents(line, &ink, &logical)
        return logical.width
    }

    /// The widest line by the height of all lines, in Pango units.
    var textSizeUnits: (width: Int32, height: Int32) {
        let extents = logicalExtents
        return (extents.width, extents.height)
    }

    /// The widest line by the height of all lines, in points.
    var textSize: CGSize {
        let extents = logicalExtents
        return CGSize(width: PangoLayoutBuilder.points(extents.width), height: PangoLayoutBuilder.points(extents.height))
    }

    /// For each line: its first byte, byte length, left edge and bottom, in Pango units.
    var lines: [(start: Int, length: Int, x: Int32, bottom: Int32, isRightToLeft: Bool)] {
        var result: [(Int, Int, Int32, Int32, Bool)] = []
        let iter = pango_layout_get_iter(layout.opaque)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            let line = pango_layout_iter_get_line_readonly(iter)!
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, &ink, &logical)
            result.append((Int(line.pointee.start_index), Int(line.pointee.length), logical.x, logical.y &+ logical.height,
                           line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue))
        } while pango_layout_iter_next_line(iter) != 0
        return result
    }

    /// The x of the leading edge of the character at byte `index`, in Pango units.
    func x(ofIndex index: Int) -> Int32 {
        var rect = PangoRectangle()
        pango_layout_index_to_pos(layout.opaque, Int32(index), &rect)
        return rect.x
    }

    /// Character-level break attributes with the byte offset each applies at (one past the last character too).
    var logAttributes: [(offset: Int, attributes: PangoLogAttr)] {
        var count: Int32 = 0
        let attributes = pango_layout_get_log_attrs_readonly(layout.opaque, &count)!
        var offsets: [Int] = []
        offsets.reserveCapacity(Int(count))
        var offset = 0
        for scalar in text.unicodeScalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        return (0..<min(Int(count), offsets.count)).map { (offsets[$0], attributes[$0]) }
    }
}
