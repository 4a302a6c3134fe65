/// One thing wrong with a scene, at a JSON path such as `blocks[2].text[0].color`.
package struct SceneProblem: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message` on one line: control characters escaped, an overlong line cut.
    public var description: String {
        (path.isEmpty ? message : "\(path.cutForMessages(after: 200)): \(message)").oneMessageLine()
    }
}

/// A scene that cannot be rendered, with every problem found (not just the first).
public struct SceneError: Error, CustomStringConvertible {
    /// The scene file's name as the user gave it, prefixed to every line.
    public var file: String
    package var problems: [SceneProblem]

    package init(file: String, problems: [SceneProblem]) {
        self.file = file
        self.problems = problems
    }

    /// One line per problem: `scene.json: blocks[2].text[0].color: "#12G" is not a color`.
    public var description: String {
        problems.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}

/// Collects problems while a scene is read, so one run reports them all, and the font families
/// it names, which can be problems only once its fonts are loaded.
package final class SceneProblems {
    public private(set) var items: [SceneProblem] = []
    /// Every font family the scene names, in the order read (see `FontFamilyUse`).
    public private(set) var fontFamilies: [FontFamilyUse] = []
    /// Reads the file an image paint names (`{"image": {"source": …}}`) as the scene reads its
    /// image blocks' (same folder, asset rules and limits, each file once); set by the scene
    /// decoder, since any paint (a colour's field, an effect's parameter) may be one.
    package var images: ((String) -> Result<Image, ImageError>)?

    public init() {}

    public func add(_ path: String, _ message: String) {
        items.append(SceneProblem(path: path, message: message))
    }

    /// Records that the value at `path` asks for `family`, to be checked against the fonts.
    public func noteFontFamily(_ family: String, at path: String) {
        fontFamilies.append(FontFamilyUse(path: path, family: family))
    }

    public var isEmpty: Bool { items.isEmpty }
}
