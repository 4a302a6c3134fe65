import Foundation

extension JSONNode {
    /// Padding as SwiftUI's `EdgeInsets`: one number for every edge, `[horizontal, vertical]`,
    /// or `{"top", "leading", "bottom", "trailing"}` (edges not given are 0).
    func edgeInsets() -> EdgeInsets? {
        guard isPresent else { return nil }
        if case .object = value {
            guard object(known: ["top", "leading", "bottom", "trailing"]) != nil else { return nil }
            let edges = ["top", "leading", "bottom", "trailing"].map { self[$0].number(in: 0...10_000) }
            for (key, edge) in zip(["top", "leading", "bottom", "trailing"], edges) where self[key].isPresent && edge == nil { return nil }
            return EdgeInsets(top: edges[0] ?? 0, leading: edges[1] ?? 0, bottom: edges[2] ?? 0, trailing: edges[3] ?? 0)
        }
        guard let (horizontal, vertical) = padding() else { return nil }
        return EdgeInsets(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }
}
