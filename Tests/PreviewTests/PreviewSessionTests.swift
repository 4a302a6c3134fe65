import Foundation
import TextEffects
import Testing
@testable import Preview

/// The session's generations: good reads count up, bad ones keep the last good render, and a
/// watcher's call with nothing changed reads nothing.
@Suite("preview session")
struct PreviewSessionTests {
    static let scene = """
    {"version": 1, "canvas": {"width": 120, "height": 40, "background": "#FFFFFF"},
     "blocks": [{"id": "t", "frame": {"x": 2, "y": 2, "width": 110}, "text": "Hi",
                 "style": {"font": {"family": "DejaVu Sans", "size": 16}, "color": "#101010"}}]}
    """

    @Test("a read with nothing changed is skipped; a change, a break and a fix are not")
    func generations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.json")
        try Data(Self.scene.utf8).write(to: file)
        let session = PreviewSession(source: PreviewSource(url: file))
        guard case .reload(let first) = session.reload() else {
            Issue.record("the scene did not load")
            return
        }
        // Nothing in the scene is animated: a still, one frame.
        #expect(first.generation == 1 && first.frameCount == 1 && first.width == 120)
        #expect(session.watchedPaths.contains(file.path))
        #expect(session.reloadIfChanged() == nil, "nothing changed, yet the scene was read again")

        try Data(Self.scene.replacingOccurrences(of: "Hi", with: "Hello").utf8).write(to: file)
        guard case .reload(let second)? = session.reloadIfChanged() else {
            Issue.record("a change was not read")
            return
        }
        #expect(second.generation == 2)
        // The same size, at once (within the file system's clock tick): still a change.
        try Data(Self.scene.replacingOccurrences(of: "Hi", with: "Hellp").utf8).write(to: file)
        #expect(session.reloadIfChanged()?.info.generation == 3, "a same-size save right after another was missed")
        try Data(Self.scene.replacingOccurrences(of: "Hi", with: "Hello").utf8).write(to: file)
        #expect(session.reloadIfChanged()?.info.generation == 4)

        try Data(Self.scene.replacingOccurrences(of: "#101010", with: "#12G").utf8).write(to: file)
        guard case .problems(let broken)? = session.reloadIfChanged() else {
            Issue.record("a broken file did not give problems")
            return
        }
        #expect(broken.generation == 4 && broken.problems.map(\.path) == ["blocks[0].style.color"])
        #expect(session.current?.generation == 4, "the last good render was dropped")
        #expect(session.reloadIfChanged() == nil)

        try Data(Self.scene.utf8).write(to: file)
        guard case .reload(let fixed)? = session.reloadIfChanged() else {
            Issue.record("the fix was not read")
            return
        }
        #expect(fixed.generation == 5 && fixed.problems.isEmpty)
    }
}

extension PreviewEvent: Equatable {
    public static func == (a: PreviewEvent, b: PreviewEvent) -> Bool {
        switch (a, b) {
        case (.reload(let x), .reload(let y)), (.problems(let x), .problems(let y)): x.generation == y.generation && x.problems.count == y.problems.count
        default: false
        }
    }
}
