import Foundation

extension Scene {
    /// The scene with every `stack` block replaced by the blocks it lays out, at their resolved
    /// frames (``StackLayout``): what renderers, measure and link reports see. A scene without
    /// stacks is returned as it is.
    package func resolvingStacks(fonts: FontLibrary) -> Scene {
        resolvingStacks(fonts: fonts, countingFirst: 0).scene
    }

    /// The scene with its stacks laid out (``resolvingStacks(fonts:)``), how many of its blocks
    /// come from its first `leading` blocks, and, by index in the new scene's blocks, the layouts
    /// of texts that sizing their stacks laid out at their frames already.
    package func resolvingStacks(fonts: FontLibrary, countingFirst leading: Int)
        -> (scene: Scene, leadingBlocks: Int, layouts: [Int: TextLayout]) {
        guard blocks.contains(where: { $0.stack != nil }) else { return (self, min(leading, blocks.count), [:]) }
        let stacks = StackLayout(fonts: fonts, environment: environment)
        var scene = self
        scene.blocks = []
        // Stacks size their texts by block id, which the decoder keeps unique in a scene: a
        // layout sizing made is that block's own.
        var layouts: [Int: TextLayout] = [:]
        var leadingBlocks = 0
        for (index, block) in blocks.enumerated() {
            if let stack = block.stack {
                for placed in stacks.placedBlocks(for: block, stack: stack) {
                    if let layout = placed.layout { layouts[scene.blocks.count] = layout }
                    scene.blocks.append(placed.block)
                }
            } else {
                scene.blocks.append(block)
            }
            if index < leading { leadingBlocks = scene.blocks.count }
        }
        return (scene, leadingBlocks, layouts)
    }
}
