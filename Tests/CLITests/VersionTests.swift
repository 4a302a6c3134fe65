import Foundation
import Testing

/// One version, said the same everywhere: `texteffects --version` (from `TextEffectsCLI.version`),
/// the README, the DocC catalog's "Getting started" and the newest release in CHANGELOG.md.
@Suite struct VersionTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: CLI.repoRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyPlaceGivesTheBinarysVersion() throws {
        let run = try CLI.run(["--version"], in: CLI.repoRoot)
        #expect(run.status == 0)
        let version = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(version)")

        let changelog = try Self.read("CHANGELOG.md")
        let released = changelog.components(separatedBy: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(released?.hasPrefix("## [\(version)] - ") == true, "CHANGELOG.md's newest release is \(released ?? "missing")")

        #expect(try Self.read("README.md").contains("**Version \(version)**"), "README.md names version \(version)")
        #expect(try Self.read("Sources/RenderPipeline/RenderPipeline.docc/GettingStarted.md").contains("version \(version)"))
        #expect(try Self.read("Sources/RenderPipeline/RenderPipeline.docc/GettingStarted.md").contains(#"from: "\#(version)""#))
    }
}
