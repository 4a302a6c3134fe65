import Effects
import Foundation
import TextEffects

/// One good load of the scene: its renderer and what the routes derive from it, made once.
final class LoadedScene: Sendable {
    /// Which load this is (1 for the first).
    let generation: Int
    let renderer: SceneRenderer
    let links: LinkTracker
    /// Each block's layout as `--dump-layout` prints it, for the inspector.
    let dumps: [LayoutDump]
    /// `GET /layout.json`: exactly what `render --dump-layout` prints.
    let layoutJSON: Data
    /// The same scene with the debug effect last on every block, laid out when first asked for.
    private let debugScene: Lazy<SceneRenderer>

    init(generation: Int, renderer: SceneRenderer) throws {
        self.generation = generation
        self.renderer = renderer
        links = LinkTracker(renderer)
        dumps = renderer.layouts.map(LayoutDump.init)
        layoutJSON = try renderer.layoutDumpJSON() + Data("\n".utf8)
        debugScene = Lazy {
            var scene = renderer.scene
            for index in scene.blocks.indices { scene.blocks[index].effects.append(DebugEffect()) }
            return try SceneRenderer(scene: scene, cutsCaptions: true, fonts: renderer.fonts)
        }
    }

    var frameCount: Int { renderer.scene.frameCount }

    /// The renderer for frames with or without the line, run and glyph boxes.
    func renderer(showingBoxes: Bool) throws -> SceneRenderer {
        showingBoxes ? try debugScene.value() : renderer
    }
}

/// A value made on first use, once, whichever thread asks first; a failure is kept too.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Result<Value, any Error>?
    private let make: @Sendable () throws -> Value

    init(_ make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    func value() throws -> Value {
        try lock.withLock {
            if let made { return try made.get() }
            let result = Result { try make() }
            made = result
            return try result.get()
        }
    }
}
