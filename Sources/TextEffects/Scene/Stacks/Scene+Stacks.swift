import Foundation

extension Scene {
    /// The scene with every `stack` block replaced by the blocks it lays out, at their resolved
    /// frames (``StackLayout``): what renderers, measure and link reports see. A scene without
    /// stacks is returned as it is.
    package func resolvingStacks(fonts: FontLibrary) -> Scene {
        guard blocks.contains(where: { $0.stack != nil }) else { return self }
        let layout = StackLayout(fonts: fonts, environment: environment)
        var scene = self
        scene.blocks = blocks.flatMap { block in block.stack.map { layout.blocks(for: block, stack: $0) } ?? [block] }
        return scene
    }
}
