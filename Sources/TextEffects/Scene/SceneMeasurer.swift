/// Measures every block of a scene, with and without truncation, drawing and copying out nothing.
package struct SceneMeasurer {
    /// The scene measured, its stacks resolved into blocks at their frames.
    public let scene: Scene
    let fonts: FontLibrary

    public init(scene: Scene) throws {
        try self.init(scene: scene, fonts: FontLibrary.forScene(addingDirectories: scene.fontDirectories))
    }

    /// Measures `scene` with `fonts`, its fonts already loaded (and checked).
    package init(scene: Scene, fonts: FontLibrary) {
        self.scene = scene.resolvingStacks(fonts: fonts)
        self.fonts = fonts
    }

    /// One measurement per block, in scene order.
    public func measurements() -> [TextMeasurement] {
        scene.blocks.map { block in
            let options = block.layoutOptions(in: scene.environment)
            let measured = block.markdown == nil ? block.text.measure(options: options, fonts: fonts)
                : TextMeasurement(block.layout(in: scene.environment, fonts: fonts))
            guard !block.effects.isEmpty else { return measured }
            let text = block.textProxy(in: scene.environment, fonts: fonts, knownSize: measured.size)
            return measured.drawn(by: block.renderer, proposal: block.proposal, text: text)
        }
    }
}
