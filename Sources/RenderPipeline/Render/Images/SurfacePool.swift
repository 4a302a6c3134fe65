import Foundation

/// Frame surfaces made and touched ahead of time, while the blocks are laid out, so that the
/// first frames do not wait for the system to map megabytes of fresh memory each; and surfaces
/// a render is done with, so that the next render of that size (a batch's next row) draws into
/// memory already mapped instead of clearing a fresh one.
package final class SurfacePool: @unchecked Sendable {
    package static let shared = SurfacePool()

    /// A kept surface, and whether it is still all transparent (prepared) or holds the pixels
    /// of the last frame drawn into it (given back).
    private struct Kept {
        var surface: ImageSurface
        var isClear: Bool
    }

    private var surfaces: [Kept] = []
    private let lock = NSLock()

    /// The most surfaces given back that are kept: one for each worker of a batch on every core.
    /// Older ones are let go, so memory does not grow with the number of renders or their sizes.
    let givenBackLimit: Int

    init(givenBackLimit: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.givenBackLimit = givenBackLimit
    }

    /// Adds `count` cleared surfaces of `width` × `height` pixels.
    package func prepare(width: Int, height: Int, count: Int) {
        for _ in 0..<count {
            guard let surface = try? ImageSurface(width: width, height: height) else { return }
            surface.clear()
            lock.withLock { surfaces.append(Kept(surface: surface, isClear: true)) }
        }
    }

    /// A prepared or given-back surface of this size, if one is left, and whether it is all
    /// transparent (a given-back one holds its last frame, which the caller must draw over or clear).
    package func take(width: Int, height: Int) -> (surface: ImageSurface, isClear: Bool)? {
        lock.withLock {
            surfaces.firstIndex { $0.surface.width == width && $0.surface.height == height }.map {
                let kept = surfaces.remove(at: $0)
                return (kept.surface, kept.isClear)
            }
        }
    }

    /// Keeps `surface`, which its renderer is done with (no sink holds it any more), for the next
    /// ``take(width:height:)`` of its size; the oldest given-back surface goes beyond `givenBackLimit`.
    package func giveBack(_ surface: ImageSurface) {
        lock.withLock {
            surfaces.append(Kept(surface: surface, isClear: false))
            if let oldest = surfaces.firstIndex(where: { !$0.isClear }), surfaces.count(where: { !$0.isClear }) > givenBackLimit {
                surfaces.remove(at: oldest)
            }
        }
    }
}
