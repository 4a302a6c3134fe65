import Foundation

extension Path {
    /// The part of the path between two fractions of its length, as SwiftUI's
    /// `trimmedPath(from:to:)`: `trimmedPath(from: 0, to: 0.5)` is the first half by length.
    ///
    /// Lengths run through the subpaths in order, a closed subpath counting its closing line;
    /// moves add nothing. Curves are cut exactly (de Casteljau) at the parameter where the arc
    /// length, measured on a polyline within a hundredth of a unit of the curve, reaches the cut,
    /// and stay curves of the same kind. A closed subpath wholly inside the range stays closed;
    /// a cut one becomes open. Fractions are clamped to 0...1; `from` at or past `to` gives an
    /// empty path, and 0...1 the path itself.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let from = min(max(Double(from), 0), 1), to = min(max(Double(to), 0), 1)
        if from <= 0 && to >= 1 { return self }
        guard from < to else { return Path() }
        let subpaths = subpaths()
        let tables = subpaths.map { $0.segments.map(\.lengthTable) }
        let total = tables.joined().reduce(0) { $0 + $1[$1.count - 1] }
        guard total > 0 else { return Path() }
        let low = from * total, high = to * total
        var result = Path()
        var position = 0.0
        for (subpath, lengths) in zip(subpaths, tables) {
            let subpathLength = lengths.reduce(0) { $0 + $1[$1.count - 1] }
            if subpath.isClosed && position >= low && position + subpathLength <= high {
                result.move(to: subpath.start)
                for segment in subpath.segments.dropLast(subpath.endsWithClosingLine ? 1 : 0) { result.append(segment) }
                result.closeSubpath()
                position += subpathLength
                continue
            }
            var open = false
            for (segment, table) in zip(subpath.segments, lengths) {
                let length = table[table.count - 1]
                defer { position += length }
                let cutStart = max(low, position), cutEnd = min(high, position + length)
                guard cutEnd > cutStart else { continue }
                let t0 = cutStart <= position ? 0 : PathSegment.parameter(atLength: cutStart - position, in: table)
                let t1 = cutEnd >= position + length ? 1 : PathSegment.parameter(atLength: cutEnd - position, in: table)
                let piece = segment.portion(from: t0, to: t1)
                if !open {
                    result.move(to: piece.start)
                    open = true
                }
                result.append(piece)
            }
            if position >= high { break }
        }
        return result
    }

    /// Appends `segment` from the current point.
    mutating func append(_ segment: PathSegment) {
        switch segment {
        case .line(_, let b): addLine(to: b)
        case .quad(_, let c, let b): elements.append(.quadCurve(to: b, control: c))
        case .cubic(_, let c1, let c2, let b): addCurve(to: b, control1: c1, control2: c2)
        }
    }
}
