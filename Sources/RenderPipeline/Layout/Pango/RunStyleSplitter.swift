import CPango

/// Splits a laid-out text's runs wherever the run style changes and tags each piece with its
/// `RunStyleAttribute`, exactly as Pango's own pass does for attributes that do not shape.
///
/// Pango applies such attributes after line breaking (`apply_attributes_to_runs`) by walking
/// the layout's whole attribute list from its start for every run: quadratic in a text of many
/// spans (80,000 spans took minutes). This does the same per run with a list of only the
/// segments that run overlaps, found by binary search, so the split is Pango's own
/// (`pango_glyph_item_apply_attrs`: cluster boundaries, a cluster that straddles two segments in
/// a run of its own) in time linear in runs plus segments.
enum RunStyleSplitter {
    /// A byte range of the text with one run style.
    struct Segment {
        var start: UInt32
        var end: UInt32
        var style: Int
    }

    /// Splits and tags the runs of every line of `layout`, which holds the text `segments`
    /// cover in order, without gaps; call with the Pango lock held, before anything reads runs.
    static func split(_ layout: PangoLayoutObject, segments: [Segment]) {
        guard !segments.isEmpty else { return }
        layout.withUnsafeMutablePangoLayout { split($0, segments: segments) }
    }

    private static func split(_ layout: OpaquePointer, segments: [Segment]) {
        guard let text = pango_layout_get_text(layout) else { return }
        var node = pango_layout_get_lines_readonly(layout)
        while let current = node {
            let line = current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self)
            // As apply_attributes_to_runs: each run's pieces, in the order Pango lists them.
            let old = g_slist_reverse(line.pointee.runs)
            line.pointee.runs = nil
            var runNode = old
            while let run = runNode {
                let glyphItem = run.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                let item = glyphItem.pointee.item.pointee
                let list = attributes(covering: UInt32(item.offset)..<UInt32(item.offset + item.length), in: segments)
                let pieces = pango_glyph_item_apply_attrs(glyphItem, text, list)
                pango_attr_list_unref(list)
                line.pointee.runs = g_slist_concat(pieces, line.pointee.runs)
                runNode = run.pointee.next
            }
            g_slist_free(old)
            node = current.pointee.next
        }
    }

    /// A new attribute list (the caller unrefs it) with a run-style attribute for each segment
    /// overlapping `range`, at the segments' own offsets.
    private static func attributes(covering range: Range<UInt32>, in segments: [Segment]) -> OpaquePointer {
        let list = pango_attr_list_new()!
        // The first segment ending after the range starts.
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].end > range.lowerBound { high = mid } else { low = mid + 1 }
        }
        var index = low
        // An empty run (a line's end) still takes the attributes at its offset.
        repeat {
            guard index < segments.count else { break }
            let segment = segments[index]
            let attribute = RunStyleAttribute.make(index: Int32(segment.style))
            attribute.pointee.start_index = segment.start
            attribute.pointee.end_index = segment.end
            pango_attr_list_insert(list, attribute)
            index += 1
        } while index < segments.count && segments[index].start < range.upperBound
        return list
    }
}
