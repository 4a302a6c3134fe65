import Foundation

/// The repository's pinned test fonts (`Tests/Fixtures/fonts.conf`), set for this process
/// before fontconfig is first used: every test that lays out text calls `PinnedFonts.use()`.
enum PinnedFonts {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let set: Void = {
        setenv("FONTCONFIG_FILE", repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }()

    static func use() { _ = set }
}
