import Foundation

/// Loads the images a scene names, relative to the scene file's folder, each file once.
///
/// Spans that name the same file share one decoded `Image`, so a logo repeated in many
/// blocks (and drawn in every frame) is read and decoded a single time. Paths are confined by
/// the decoder's `AssetPolicy` (see `AssetRoot`).
package final class SceneImageLoader {
    /// The folder relative paths resolve against; `nil` for the current folder.
    public let baseDirectory: URL?
    private let assets: AssetRoot
    private var cache: [String: Result<Image, ImageError>] = [:]
    /// Images kept across scenes (a batch's rows), consulted before reading a file.
    private let shared: SharedImageCache?
    /// The pixels of the distinct images this scene holds, against `SceneLimits.maximumScenePixels`.
    private(set) var heldPixels = 0.0
    /// Whether each image decoded here lets its pixels go once checked (see
    /// ``SceneDecoder/releasesImagePixels``). The budget still counts them: a render holds them all.
    private let releasesPixels: Bool

    /// - Parameter policy: where images may be read from (default: inside `baseDirectory`).
    public convenience init(baseDirectory: URL?, policy: AssetPolicy = AssetPolicy()) {
        self.init(baseDirectory: baseDirectory, policy: policy, shared: nil)
    }

    package init(baseDirectory: URL?, policy: AssetPolicy, shared: SharedImageCache?, releasesPixels: Bool = false) {
        self.baseDirectory = baseDirectory
        assets = AssetRoot(policy: policy, baseDirectory: baseDirectory)
        self.shared = shared
        self.releasesPixels = releasesPixels
    }

    /// The image at `path` (relative to the scene's folder), decoded on first use.
    public func image(at path: String) -> Result<Image, ImageError> {
        // Not URL(fileURLWithPath:relativeTo:), which takes "~/x.png" to the home folder: the
        // file is read inside the scene's folder, and cached and named by where it is read.
        let absolute = AssetRoot.lookedUpPath(path, relativeTo: baseDirectory)
        if let known = cache[absolute] { return known }
        let result: Result<Image, ImageError>
        do {
            if let image = shared?.image(at: absolute) {
                // Looked up again for the access log only: it records what the scene read, also
                // when the pixels come from the shared cache (`serve` notices a saved image by it).
                if assets.policy.accessLog != nil { _ = try? assets.resolve(path) }
                try hold(Self.pixels(of: image), path: absolute)
                result = .success(image)
            } else {
                let image = try load(path, shownAs: absolute)
                shared?.keep(image, at: absolute)
                result = .success(image)
            }
        } catch { result = .failure(error) }
        cache[absolute] = result
        return result
    }

    private func load(_ path: String, shownAs shown: String) throws(ImageError) -> Image {
        let data: Data
        do { data = try assets.read(path, limit: ImageSource.maximumFileSize) } catch {
            // A refusal names the path as written, not where it would have led.
            throw ImageError.unreadable(path: error.kind == .outside ? path : shown, reason: error.reason)
        }
        // A PNG, JPEG or WebP is counted from its header, before its decoder allocates it; an
        // SVG once parsed. One over the limit for a single image is refused as such, when decoded.
        let declared = ImageSource.declaredBitmapSize(data)
        if let declared, ImageSource.sizeProblem(width: declared.width, height: declared.height, path: shown) == nil {
            try hold(declared.width * declared.height, path: shown)
        }
        let image = try Image(data: data, path: shown)
        if declared == nil { try hold(Self.pixels(of: image), path: shown) }
        if releasesPixels { image.releasePixels() }
        return image
    }

    /// Counts `pixels` more against the scene's image budget, or throws if they do not fit.
    private func hold(_ pixels: Double, path: String) throws(ImageError) {
        guard heldPixels + pixels <= Double(SceneLimits.maximumScenePixels) else {
            throw .overSceneBudget(path: path, pixels: pixels, held: heldPixels)
        }
        heldPixels += pixels
    }

    private static func pixels(of image: Image) -> Double { Double(image.estimatedBytes / 4) }
}
