import Foundation
import Testing

/// RenderPipeline's folders use one another in one direction (Model → Input → Layout → Render →
/// Output → Scene → Links), so a reader can take them in that order; `scripts/folder-arrows.py`
/// names every use that runs backwards and the few it allows, each with its reason.
@Suite struct FolderArrowsTests {
    @Test("every use between RenderPipeline's folders runs one way")
    func usesRunOneWay() throws {
        let result = try CLI.runExecutable(URL(fileURLWithPath: "/usr/bin/python3"),
                                           [CLI.repoRoot.appendingPathComponent("scripts/folder-arrows.py").path],
                                           in: CLI.repoRoot, timeout: 60)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("every use runs Model → Input → Layout → Render → Output → Scene → Links"), "\(result)")
    }

    @Test("an extension member or a free function reached from an earlier folder is reported, naming no type")
    func membersAndFunctionsAreSeen() throws {
        // Tests/Fixtures/FolderArrows: Model/Swatch.swift reads `devicePixel`, declared in an
        // `extension Double` in Render/, and calls Render's free function `clearScratchSurface`.
        let result = try CLI.runExecutable(URL(fileURLWithPath: "/usr/bin/python3"),
                                           [CLI.repoRoot.appendingPathComponent("scripts/folder-arrows.py").path,
                                            CLI.repoRoot.appendingPathComponent("Tests/Fixtures/FolderArrows").path],
                                           in: CLI.repoRoot, timeout: 60)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("BACKWARD: Model/Swatch.swift (Model) uses devicePixel (Render)"), "\(result)")
        #expect(result.stdout.contains("BACKWARD: Model/Swatch.swift (Model) uses clearScratchSurface (Render)"), "\(result)")
        #expect(!result.stdout.contains("hidden"), "\(result)")
    }
}
