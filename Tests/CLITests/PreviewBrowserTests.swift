// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Testing

/// `texteffects preview`'s page in a real browser: Tests/Browser/preview_page.py drives headless
/// Chromium (Debian's chromium, chromium-driver and python3-selenium, from scripts/install-deps.sh)
/// against the built binary. It scrubs to a frame and compares the page's bytes with `render`'s,
/// saves an edit, breaks and fixes the file, hovers for the inspector, reads the link table, and
/// stops the server with SIGINT. A browser that cannot start fails the test with the reason; it
/// is never skipped.
@Suite("Preview page in Chromium", .serialized)
struct PreviewBrowserTests {
    static let script = CLI.repoRoot.appendingPathComponent("Tests/Browser/preview_page.py")

    @Test("the page shows render's frames, follows saves and broken files, inspects, lists links")
    func previewPage() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
                     "no /usr/bin/chromium: run scripts/install-deps.sh (chromium, chromium-driver, python3-selenium)")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
                     "no /usr/bin/chromedriver: run scripts/install-deps.sh")

        let result = try CLI.runExecutable(URL(fileURLWithPath: "/usr/bin/python3"),
                                           [Self.script.path, "--bin", CLI.binary.path],
                                           in: dir.url, timeout: 240)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result)")
    }
}
#endif
