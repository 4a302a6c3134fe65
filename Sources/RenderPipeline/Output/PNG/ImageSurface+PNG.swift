import Foundation

extension ImageSurface {
    /// Writes the surface as a PNG file at `url`, atomically (a temporary name, then a rename),
    /// byte for byte as `texteffects render` writes its frames.
    public func writePNG(to url: URL) throws {
        try PNGWriter.write(self, to: url)
    }
}
