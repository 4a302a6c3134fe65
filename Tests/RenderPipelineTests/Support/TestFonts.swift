import Foundation

/// Points fontconfig at the pinned test fonts before anything lays text out.
///
/// Every test that lays out or draws text calls `TestFonts.pin()` first; the environment is
/// set once, before fontconfig's first use in this process.
enum TestFonts {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let configFile = repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts.conf").path

    private static let pinned: Void = {
        setenv("FONTCONFIG_FILE", configFile, 1)
    }()

    static func pin() { _ = pinned }
}
