import Effects
import Foundation
import RenderPipeline

/// The scene as the preview shows it: the last good load, and what is wrong with the file now.
///
/// `reload()` reads the file again. A good read becomes the next generation; a bad one keeps
/// the last good generation on show and records the problems, so the page can list them over
/// the last render that worked.
package final class PreviewSession: @unchecked Sendable {
    package let source: PreviewSource
    private let lock = NSLock()
    private var loaded: LoadedScene?
    private var problems: [SceneProblem] = []
    private var watched: Set<String> = []
    private var loads = 0

    package init(source: PreviewSource) {
        self.source = source
    }

    /// The last good load, if any.
    var current: LoadedScene? { lock.withLock { loaded } }

    /// The files the scene read or looked for on its last read (its own file included).
    package var watchedPaths: Set<String> { lock.withLock { watched } }

    /// The problems of the file on disk now (empty when it loaded).
    package var currentProblems: [SceneProblem] { lock.withLock { problems } }

    /// What the page is told of the state now.
    var info: SceneInfo {
        lock.withLock { makeInfo() }
    }

    /// The event that describes the state now: the page's first event on connecting.
    var currentEvent: PreviewEvent {
        lock.withLock { problems.isEmpty ? .reload(makeInfo()) : .problems(makeInfo()) }
    }

    /// Reads the scene file again and returns what changed, as the event to send. Not called
    /// on two threads at once (the watcher's thread, or start-up).
    @discardableResult
    func reload() -> PreviewEvent {
        let log = AssetAccessLog()
        var decoder = SceneDecoder(effects: .builtIn)
        decoder.locale = source.locale
        decoder.assetPolicy = source.assetPolicy
        decoder.assetPolicy.accessLog = log
        decoder.templateValues = source.templateValues
        let outcome: Result<LoadedScene, any Error> = Result {
            let scene = try decoder.decode(contentsOf: source.url, displayName: source.displayName)
            let renderer = try SceneRenderer(scene: scene)
            return try LoadedScene(generation: lock.withLock { loads + 1 }, renderer: renderer)
        }
        return lock.withLock {
            // What a broken read looked for counts too: creating a missing image must reload.
            watched = log.paths.union([source.url.path])
            switch outcome {
            case .success(let scene):
                loads += 1
                loaded = scene
                problems = []
                return .reload(makeInfo())
            case .failure(let error as SceneError):
                problems = error.problems
            case .failure(let error):
                problems = [SceneProblem(path: "", message: "\(error)")]
            }
            return .problems(makeInfo())
        }
    }

    /// Called with the lock held.
    private func makeInfo() -> SceneInfo {
        let scene = loaded?.renderer.scene
        let size = loaded?.renderer.frameSize ?? (width: 0, height: 0)
        return SceneInfo(
            name: source.url.lastPathComponent, generation: loaded?.generation ?? 0,
            frameCount: loaded?.frameCount ?? 0, fps: scene?.fps ?? 0, duration: scene?.duration ?? 0,
            width: size.width, height: size.height, scale: scene?.canvas.scale ?? 1,
            hasLinks: !(loaded?.links.links.isEmpty ?? true),
            problems: problems.map { SceneInfo.Problem(path: $0.path, message: $0.message.oneMessageLine()) })
    }
}
