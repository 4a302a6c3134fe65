import Foundation

extension Scene {
    /// The scene with every `stack` block replaced by the blocks it lays out, at their resolved
    /// frames (``StackLayout``): what renderers, measure and link reports see. A scene without
    /// stacks is returned as it is.
    package func resolvingStacks(fonts: FontLibrary) -> Scene {
        resolvingStacks(fonts: fonts, countingFirst: 0).scene
    }

    /// The scene with its stacks laid out (``resolvingStacks(fonts:)``), and how many of its
    /// blocks come from its first `leading` blocks.
    package func resolvingStacks(fonts: FontLibrary, countingFirst leading: Int) -> (scene: Scene, leadingBlocks: Int) {
        guard blocks.contains(where: { $0.stack != nil }) else { return (self, min(leading, blocks.count)) }
        let layout = StackLayout(fonts: fonts, environment: environment)
        var scene = self
        scene.blocks = []
        var leadingBlocks = 0
        for (index, block) in blocks.enumerated() {
            scene.blocks += block.stack.map { layout.blocks(for: block, stack: $0) } ?? [block]
            if index < leading { leadingBlocks = scene.blocks.count }
        }
        return (scene, leadingBlocks)
    }
}
