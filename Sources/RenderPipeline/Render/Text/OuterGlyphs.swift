import Foundation

/// The glyph operations the outer renderers of a stack drew of one layout, which the text the
/// next renderer draws passes through: each with the layers of the outer list it was drawn in.
///
/// Built from an outer renderer's display list (whose text already passed through the renderers
/// before it). When the next renderer draws a glyph, it is drawn once for every operation here
/// that holds it, in that operation's state composed with the renderer's own.
final class OuterGlyphs {
    /// One glyph operation of the outer list, with the layers around it.
    struct Entry {
        var operation: GlyphsOperation
        /// Indices in `layers` of the layers it was drawn in, outermost first.
        var layers: [Int]
    }

    let storage: LayoutStorage
    private(set) var entries: [Entry] = []
    /// The outer list's layers that hold entries (their operations left out).
    private(set) var layers: [HeldLayers.Layer] = []

    /// For each glyph of the layout, the entries that hold it, in drawing order, in one flat
    /// array (`entryIndices[firstEntry[g]..<firstEntry[g + 1]]`), with three allocations
    /// whatever the number of glyphs.
    private var firstEntry: [Int32] = []
    private var entryIndices: [Int32] = []
    /// The last query each entry was found by, so a query lists an entry once without a set.
    private var seenBy: [Int32] = []
    private var query: Int32 = 0

    /// The glyph operations of `storage` in `list` (in drawing order, layers walked), and the
    /// list without them: what the outer renderer drew besides the text, drawn as it drew it.
    static func separating(_ list: DisplayList, storage: LayoutStorage) -> (glyphs: OuterGlyphs, rest: DisplayList) {
        let glyphs = OuterGlyphs(storage: storage)
        let rest = glyphs.collect(list.operations, inside: [])
        glyphs.buildIndex()
        return (glyphs, DisplayList(operations: rest))
    }

    init(storage: LayoutStorage) {
        self.storage = storage
    }

    /// Takes the glyph operations of the storage out of `operations` (in layers `path`), returning the rest.
    private func collect(_ operations: [DisplayList.Operation], inside path: [Int]) -> [DisplayList.Operation] {
        var rest: [DisplayList.Operation] = []
        for operation in operations {
            switch operation {
            case .glyphs(let glyphs) where glyphs.storage === storage:
                if !glyphs.glyphs.isEmpty { entries.append(Entry(operation: glyphs, layers: path)) }
            case .layer(var layer):
                let index = layers.count
                layers.append(HeldLayers.Layer(id: .outer(index), bounds: layer.bounds, state: layer.state))
                layer.operations = collect(layer.operations, inside: path + [index])
                if !layer.operations.isEmpty { rest.append(.layer(layer)) }
            default:
                rest.append(operation)
            }
        }
        return rest
    }

    /// Indices of the entries that hold any glyph of `range`, in drawing order.
    func entries(intersecting range: Range<Int>) -> [Int] {
        if entries.count == 1 { return entries[0].operation.glyphs.overlaps(range) ? [0] : [] }
        guard !entries.isEmpty else { return [] }
        query &+= 1
        let stamp = query, first = firstEntry, indices = entryIndices
        var result: [Int] = []
        // One access to the seen stamps for the whole query, not one per glyph.
        seenBy.withUnsafeMutableBufferPointer { seen in
            for glyph in range.clamped(to: 0..<(first.count - 1)) {
                for k in Int(first[glyph])..<Int(first[glyph + 1]) {
                    let entry = Int(indices[k])
                    if seen[entry] != stamp {
                        seen[entry] = stamp
                        result.append(entry)
                    }
                }
            }
        }
        // Glyph by glyph, entries come out of order only where they overlap.
        if result.count > 1, zip(result, result.dropFirst()).contains(where: { $0 > $1 }) { result.sort() }
        return result
    }

    private func buildIndex() {
        guard entries.count > 1 else { return }
        let glyphs = 0..<storage.glyphs.count
        var counts = [Int32](repeating: 0, count: glyphs.count + 1)
        for entry in entries {
            for glyph in entry.operation.glyphs.clamped(to: glyphs) { counts[glyph + 1] += 1 }
        }
        for i in glyphs { counts[i + 1] += counts[i] }
        var next = counts
        var flat = [Int32](repeating: 0, count: Int(counts[glyphs.count]))
        for (i, entry) in entries.enumerated() {
            for glyph in entry.operation.glyphs.clamped(to: glyphs) {
                flat[Int(next[glyph])] = Int32(i)
                next[glyph] += 1
            }
        }
        firstEntry = counts
        entryIndices = flat
        seenBy = [Int32](repeating: 0, count: entries.count)
        query = 0
    }
}
