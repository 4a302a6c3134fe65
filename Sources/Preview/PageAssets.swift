/// The page's files, built into the binary (SwiftPM's `embedInCode`): nothing is fetched from
/// elsewhere, and an installed binary needs no folder beside it.
enum PageAssets {
    /// `(content type, bytes)` by the path the page asks for.
    static let byPath: [String: (type: String, bytes: [UInt8])] = [
        "/": ("text/html; charset=utf-8", PackageResources.index_html),
        "/assets/preview.js": ("text/javascript; charset=utf-8", PackageResources.preview_js),
        "/assets/preview.css": ("text/css; charset=utf-8", PackageResources.preview_css),
    ]
}
