import Foundation

extension Scene.Canvas {
    /// Why pages `pageHeight` points tall cannot be cut from this canvas into `format`, after
    /// the option's name (`--page-height: …`), or nil: a height above 0, a page of this width
    /// and that height within the canvas limits and the format's, and a format that takes
    /// pages (PNG, JPEG or WebP files, or one PDF). Render and batch ask this one question.
    package func pageProblem(pageHeight: Double, format: AnimationFormat) -> String? {
        guard pageHeight.isFinite, pageHeight > 0 else {
            return "\(pageHeight) is not a page height: give the height of a page in points, above 0"
        }
        var page = self
        page.height = pageHeight
        page.isHeightAuto = false
        if let problem = page.pixelSizeProblem(format: format) {
            return "a page of \(JSONNode.format(pageHeight)) points \(problem)"
        }
        guard [.png, .jpg, .webp, .pdf].contains(format) else {
            return "--format \(format.rawValue) does not take pages; pages are PNG, JPEG or WebP files, or one PDF (--format pdf)"
        }
        return nil
    }
}
