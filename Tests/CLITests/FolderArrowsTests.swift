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
}
