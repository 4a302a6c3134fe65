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
        var layouts: [Int: TextLayout] = [:]
        var stacked: [String: Int] = [:]
        var leadingBlocks = 0
        for (index, block) in blocks.enumerated() {
            if let stack = block.stack {
                for placed in stacks.placedBlocks(for: block, stack: stack) {
                    if let layout = placed.layout { layouts[scene.blocks.count] = layout }
                    stacked[placed.block.id, default: 0] += 1
                    scene.blocks.append(placed.block)
                }
            } else {
                scene.blocks.append(block)
            }
            if index < leading { leadingBlocks = scene.blocks.count }
        }
        // Stacks size their texts by id: a layout is the block's own only when no other block
        // placed from a stack has its id.
        layouts = layouts.filter { stacked[scene.blocks[$0.key].id] == 1 }
        return (scene, leadingBlocks, layouts)
    }
}
