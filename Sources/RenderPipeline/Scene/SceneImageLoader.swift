import Foundation

/// Loads the images a scene names, relative to the scene file's folder, each file once.
///
/// Spans that name the same file share one decoded `Image`, so a logo repeated in many
/// blocks (and drawn in every frame) is read and decoded a single time.
public final class SceneImageLoader {
    /// The folder relative paths resolve against; `nil` for the current folder.
    public let baseDirectory: URL?
    private var cache: [String: Result<Image, ImageError>] = [:]

    public init(baseDirectory: URL?) {
        self.baseDirectory = baseDirectory
    }

    /// The image at `path` (relative to the scene's folder), decoded on first use.
    public func image(at path: String) -> Result<Image, ImageError> {
        let url = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
        if let known = cache[url.path] { return known }
        let result: Result<Image, ImageError>
        do { result = .success(try Image(contentsOfFile: url.path)) } catch { result = .failure(error) }
        cache[url.path] = result
        return result
    }
}
