import TextEffects

/// What the page knows of the scene: `GET /scene.json`, and the data of every event.
struct SceneInfo: Encodable, Sendable {
    /// The scene file's name.
    var name: String
    /// How many times the scene loaded: 1 after start, 0 while it never has.
    var generation: Int
    var frameCount: Int
    var fps: Double
    var duration: Double
    /// A frame's size in pixels.
    var width: Int
    var height: Int
    /// Pixels per point: the inspector's coordinates are points.
    var scale: Double
    var hasLinks: Bool
    /// What is wrong with the file on disk now; frames are the last good generation's meanwhile.
    var problems: [Problem]

    struct Problem: Encodable, Sendable {
        var path: String
        var message: String
    }
}
