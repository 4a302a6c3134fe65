/// Measures every block of a scene, with and without truncation, drawing and copying out nothing.
public struct SceneMeasurer {
    public let scene: Scene
    let fonts: FontLibrary

    public init(scene: Scene) throws {
        self.scene = scene
        fonts = try FontLibrary.forScene(addingDirectories: scene.fontDirectories)
    }

    /// One measurement per block, in scene order.
    public func measurements() -> [TextMeasurement] {
        scene.blocks.map { $0.text.measure(options: $0.layoutOptions(in: scene.environment), fonts: fonts) }
    }
}
