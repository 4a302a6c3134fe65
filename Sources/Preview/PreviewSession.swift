import Effects
import Foundation
import TextEffects

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
    /// What the watched files looked like just before the last read.
    private var readState: [String: FileState] = [:]

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
        let before = Self.states(of: watchedPaths.union([source.url.path]))
        let log = AssetAccessLog()
        var decoder = SceneDecoder(effects: source.effects)
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
            readState = before.merging(Self.states(of: watched.subtracting(before.keys))) { first, _ in first }
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

    /// Reads the scene again unless no watched file changed since the last read (a save whose
    /// events came in two bursts, a file saved with the same bytes).
    func reloadIfChanged() -> PreviewEvent? {
        let (paths, seen) = lock.withLock { (watched, readState) }
        guard Self.states(of: paths) != seen else { return nil }
        return reload()
    }

    /// What a version of a file is: its bytes (hashed), or for a folder its entries' names,
    /// sizes and times. Times alone would miss two saves of one size within the file system's
    /// clock tick (a few milliseconds).
    typealias FileState = Int

    /// Each path's state; a missing file has none (so its appearing is a change).
    static func states(of paths: Set<String>) -> [String: FileState] {
        var states: [String: FileState] = [:]
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            var hasher = Hasher()
            if info.st_mode & S_IFMT == S_IFDIR {
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                    var entry = stat()
                    guard stat(path + "/" + name, &entry) == 0 else { continue }
                    hasher.combine(name)
                    hasher.combine(entry.st_size)
                    hasher.combine(entry.st_mtim.tv_sec)
                    hasher.combine(entry.st_mtim.tv_nsec)
                }
            } else if info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) {
                // Files the scene reads are small enough to read (the decoder's limits bound them).
                // Every byte: `Data`'s own hash looks at its first 80 bytes only.
                while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                    chunk.withUnsafeBytes { hasher.combine(bytes: $0) }
                }
                try? handle.close()
            } else {
                hasher.combine(info.st_ino)
            }
            states[path] = hasher.finalize()
        }
        return states
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
