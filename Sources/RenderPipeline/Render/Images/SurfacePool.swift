import Foundation

/// Frame surfaces made and touched ahead of time, while the blocks are laid out, so that the
/// first frames do not wait for the system to map megabytes of fresh memory each.
final class SurfacePool: @unchecked Sendable {
    static let shared = SurfacePool()

    private var surfaces: [ImageSurface] = []
    private let lock = NSLock()

    /// Adds `count` cleared surfaces of `width` × `height` pixels.
    func prepare(width: Int, height: Int, count: Int) {
        for _ in 0..<count {
            guard let surface = try? ImageSurface(width: width, height: height) else { return }
            surface.clear()
            lock.withLock { surfaces.append(surface) }
        }
    }

    /// A prepared surface of this size, if one is left.
    func take(width: Int, height: Int) -> ImageSurface? {
        lock.withLock {
            surfaces.firstIndex { $0.width == width && $0.height == height }.map { surfaces.remove(at: $0) }
        }
    }
}
