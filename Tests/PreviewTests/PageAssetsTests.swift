import Foundation
import Testing
@testable import Preview

/// The page's files compiled into the program (CPreviewPage's #embed) are Sources/Preview/Page's, byte for byte.
@Suite("page assets")
struct PageAssetsTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Preview/Page")

    @Test("each route serves its file of Sources/Preview/Page, whole", arguments: [
        ("/", "index.html"), ("/assets/preview.js", "preview.js"), ("/assets/preview.css", "preview.css"),
    ])
    func routeServesItsFile(path: String, file: String) throws {
        let asset = try #require(PageAssets.byPath[path])
        let expected = try Data(contentsOf: Self.page.appendingPathComponent(file))
        #expect(!expected.isEmpty)
        #expect(Data(asset.bytes) == expected)
    }
}
