import CPreviewPage

/// The page's files, built into the binary (CPreviewPage's `#embed` of `Page/`): nothing is
/// fetched from elsewhere, and an installed binary needs no folder beside it.
enum PageAssets {
    /// `(content type, bytes)` by the path the page asks for.
    static let byPath: [String: (type: String, bytes: [UInt8])] = [
        "/": ("text/html; charset=utf-8", bytes(te_preview_index_html)),
        "/assets/preview.js": ("text/javascript; charset=utf-8", bytes(te_preview_js)),
        "/assets/preview.css": ("text/css; charset=utf-8", bytes(te_preview_css)),
    ]

    /// A compiled-in file's bytes.
    private static func bytes(_ file: (UnsafeMutablePointer<UInt>?) -> UnsafePointer<UInt8>?) -> [UInt8] {
        var count: UInt = 0
        guard let start = file(&count) else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: Int(count)))
    }
}
