import Foundation

/// Why an image file could not be used inline in text, one case per cause.
///
/// Every description reads `PATH cannot be read (REASON)`, one line.
package enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file was refused or could not be read: `reason` finishes "cannot be read (…)", e.g.
    /// "no such file" or "it is a device, not a regular file".
    case unreadable(path: String, reason: String)
    /// The image declares more pixels than `SceneLimits` allows (`width` × `height` as declared).
    case tooLarge(path: String, width: Double, height: Double)
    /// Decoding the image would take the scene's distinct images past
    /// `SceneLimits.maximumScenePixels`: `pixels` its own, `held` those decoded before it.
    case overSceneBudget(path: String, pixels: Double, held: Double)
    /// libpng (through Cairo) could not decode the PNG; `detail` names the usual cause.
    case invalidPNG(path: String, detail: String)
    /// libjpeg-turbo could not decode the JPEG (damaged, truncated…); `detail` is its message.
    case invalidJPEG(path: String, detail: String)
    /// A CMYK (or YCCK) JPEG, refused rather than converted without its colour profile.
    case cmykJPEG(path: String)
    /// libwebp could not decode the WebP; `detail` says why ("truncated", …).
    case invalidWebP(path: String, detail: String)
    /// An animated WebP, refused rather than drawn as its first frame.
    case animatedWebP(path: String)
    /// No surface could be made to hold the decoded PNG, JPEG or WebP.
    case noSurface(path: String, RenderError)
    /// SVG images need librsvg, which could not be loaded; `reason` says why.
    case svgUnavailable(path: String, reason: String)
    /// The SVG file has no bytes.
    case emptySVG(path: String)
    /// librsvg could not parse the SVG; `message` is its own (libxml2's) explanation.
    case invalidSVG(path: String, message: String)
    /// The SVG gives neither a width and height nor a viewBox.
    case svgWithoutSize(path: String)
    /// The file starts like none of PNG, JPEG, WebP and SVG.
    case unsupportedFormat(path: String)

    /// The path that was read, as the user wrote it (or as the scene shows it).
    public var path: String {
        switch self {
        case .unreadable(let path, _), .tooLarge(let path, _, _), .overSceneBudget(let path, _, _), .invalidPNG(let path, _), .noSurface(let path, _),
             .invalidJPEG(let path, _), .cmykJPEG(let path), .invalidWebP(let path, _), .animatedWebP(let path),
             .svgUnavailable(let path, _), .emptySVG(let path), .invalidSVG(let path, _), .svgWithoutSize(let path),
             .unsupportedFormat(let path):
            path
        }
    }

    /// What went wrong, e.g. "no such file" or "not a PNG, JPEG, WebP or SVG image", on one line.
    public var reason: String {
        let reason = switch self {
        case .unreadable(_, let reason), .svgUnavailable(_, let reason): reason
        case .tooLarge(_, let width, let height):
            "it declares \(JSONNode.format(width.rounded(.up)))×\(JSONNode.format(height.rounded(.up))) pixels; images are at most "
                + "\(SceneLimits.maximumImageSide) pixels a side and \(SceneLimits.maximumImagePixels) pixels in all"
        case .overSceneBudget(_, let pixels, let held):
            "its \(JSONNode.format(pixels)) pixels would bring the scene's images to \(JSONNode.format(pixels + held)); "
                + "the distinct images of one scene hold at most \(SceneLimits.maximumScenePixels) pixels in all"
        case .invalidPNG(_, let detail): "not a valid PNG: \(detail)"
        case .invalidJPEG(_, let detail): "not a valid JPEG: \(detail)"
        case .cmykJPEG: "a CMYK JPEG; only RGB and greyscale JPEGs are drawn (save it as RGB)"
        case .invalidWebP(_, let detail): "not a valid WebP: \(detail)"
        case .animatedWebP: "an animated WebP; only still WebP images are drawn (save one frame)"
        case .noSurface(_, let error): "\(error)"
        case .emptySVG: "not a readable SVG: the file is empty"
        case .invalidSVG(_, let message): "not a readable SVG: \(message)"
        case .svgWithoutSize: "the SVG has no size (give it width and height or a viewBox)"
        case .unsupportedFormat: "not a PNG, JPEG, WebP or SVG image"
        }
        // Library messages (libxml2's via librsvg) may span lines; errors are reported one per line.
        return reason.joiningLines
    }

    public var description: String { "\(path) cannot be read (\(reason))" }
}
