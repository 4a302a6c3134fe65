import Foundation

extension Image {
    /// The image file named `name` among a bundle's resources, as SwiftUI's `Image(_:bundle:)`
    /// reads an image of an asset catalog: for a package's own pictures, `Image("logo", bundle: .module)`.
    ///
    /// `name` may carry its extension (`"logo.svg"`); without one, `png`, `jpg`, `jpeg`, `webp`
    /// and `svg` are tried in that order. Without a bundle the main bundle is searched. A name no
    /// file answers to, or a file that does not decode, gives an empty image, drawn as nothing
    /// and taking no room in text, as SwiftUI shows a name its catalog lacks.
    public init(_ name: String, bundle: Bundle? = nil) {
        let file = Self.resourceFile(named: name, in: bundle ?? .main)
        source = file.flatMap { try? ImageSource(contentsOfFile: $0.path) }
    }

    /// The file of `bundle`'s resources that `name` names, if any.
    static func resourceFile(named name: String, in bundle: Bundle) -> URL? {
        let given = (name as NSString).pathExtension
        if !given.isEmpty, let url = bundle.url(forResource: (name as NSString).deletingPathExtension, withExtension: given) {
            return url
        }
        for ext in ["png", "jpg", "jpeg", "webp", "svg"] {
            if let url = bundle.url(forResource: name, withExtension: ext) { return url }
        }
        return nil
    }
}
