import Foundation

/// Where the files a scene names (images, font folders, caption files, string tables) may be
/// read from.
///
/// By default a scene reads only inside its own folder: an absolute path, a `..` that climbs
/// out, or a symbolic link that leads out is refused before anything outside is looked at, so a
/// scene from someone else cannot draw `~/.ssh/id_rsa` into a frame or tell whether a file
/// exists. Files named on the command line are the user's choice and are not confined; what
/// they name is.
package struct AssetPolicy: Hashable, Sendable {
    /// The folder every named file must be inside; `nil`: the scene file's folder. Relative
    /// paths still resolve against the scene's folder, which must be inside this one.
    public var root: URL?
    /// Reads any path a scene names, as before confinement (the files must still be regular
    /// files: a FIFO or a device is never read).
    public var allowsAnyPath: Bool
    /// Where every path the scene names is noted as it is resolved (the preview's watch list).
    package var accessLog: AssetAccessLog?
    /// Whether a Markdown image that cannot be shown (unreadable, remote) rejects the scene
    /// (`--strict-images`) instead of showing its alt text with a warning.
    package var strictImages = false

    public init(root: URL? = nil, allowsAnyPath: Bool = false) {
        self.root = root
        self.allowsAnyPath = allowsAnyPath
    }
}
