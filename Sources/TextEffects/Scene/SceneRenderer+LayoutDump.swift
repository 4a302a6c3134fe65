import Foundation

extension SceneRenderer {
    /// Every block's layout as `--dump-layout` prints it (and the preview's `/layout.json`):
    /// `{"blocks": [{"id", "plainText", "layout"}]}`, pretty, keys sorted.
    package func layoutDumpJSON() throws -> Data {
        struct Entry: Encodable {
            var id: String
            /// The text as copied to the clipboard: images and tags as their `alt`.
            var plainText: String
            var layout: LayoutDump
        }
        struct Dump: Encodable { var blocks: [Entry] }
        let entries = zip(scene.blocks, layouts).map { Entry(id: $0.id, plainText: $1.exportedText, layout: LayoutDump($1)) }
        return try LayoutDump.encode(Dump(blocks: entries))
    }
}
