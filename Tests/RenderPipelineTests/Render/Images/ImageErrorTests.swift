import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `ImageError` case says what it said when it was a path and a reason string.
@Suite struct ImageErrorTests {
    static let messages: [(ImageError, String)] = [
        (.unreadable(path: "logo.png", reason: "no such file"), "logo.png cannot be read (no such file)"),
        (.tooLarge(path: "huge.png", width: 20000, height: 10), "huge.png cannot be read (it declares 20000×10 pixels; "
            + "images are at most 16384 pixels a side and 67108864 pixels in all)"),
        (.tooLarge(path: "big.svg", width: 9000.2, height: 9000), "big.svg cannot be read (it declares 9001×9000 pixels; "
            + "images are at most 16384 pixels a side and 67108864 pixels in all)"),
        (.invalidPNG(path: "cut.png", detail: "damaged or truncated"), "cut.png cannot be read (not a valid PNG: damaged or truncated)"),
        (.noSurface(path: "a.png", .sizeOutOfRange(width: 0, height: 1)),
         "a.png cannot be read (image size 0×1 is out of range (1–32767 pixels a side))"),
        (.svgUnavailable(path: "a.svg", reason: SVGLibraryError.tooOld(library: "librsvg-2.so.2").description),
         "a.svg cannot be read (librsvg-2.so.2 is older than 2.52, which SVG images need)"),
        (.svgUnavailable(path: "a.svg", reason: SVGLibraryError.missing(library: "librsvg-2.so.2", reason: "not found").description),
         "a.svg cannot be read (SVG images need librsvg-2.so.2 (Debian package librsvg2-2): not found)"),
        (.emptySVG(path: "e.svg"), "e.svg cannot be read (not a readable SVG: the file is empty)"),
        // libxml2's messages span lines; the report is one line.
        (.invalidSVG(path: "b.svg", message: "Error domain 1 code 4 on line 1:\n  Start tag expected\n"),
         "b.svg cannot be read (not a readable SVG: Error domain 1 code 4 on line 1: Start tag expected)"),
        (.svgWithoutSize(path: "s.svg"), "s.svg cannot be read (the SVG has no size (give it width and height or a viewBox))"),
        (.invalidJPEG(path: "cut.jpg", detail: "Premature end of JPEG file"), "cut.jpg cannot be read (not a valid JPEG: Premature end of JPEG file)"),
        (.cmykJPEG(path: "print.jpg"), "print.jpg cannot be read (a CMYK JPEG; only RGB and greyscale JPEGs are drawn (save it as RGB))"),
        (.invalidWebP(path: "cut.webp", detail: "truncated"), "cut.webp cannot be read (not a valid WebP: truncated)"),
        (.animatedWebP(path: "a.webp"), "a.webp cannot be read (an animated WebP; only still WebP images are drawn (save one frame))"),
        (.unsupportedFormat(path: "a.gif"), "a.gif cannot be read (not a PNG, JPEG, WebP or SVG image)"),
    ]

    @Test(arguments: messages) func message(_ error: ImageError, _ expected: String) {
        #expect(error.description == expected)
        #expect(error.description == "\(error.path) cannot be read (\(error.reason))")
    }

    @Test func aTooLargeHeaderIsRefusedWithItsCase() {
        #expect(ImageSource.sizeProblem(width: 100, height: 100, path: "ok.png") == nil)
        #expect(ImageSource.sizeProblem(width: 16385, height: 1, path: "wide.png") == .tooLarge(path: "wide.png", width: 16385, height: 1))
    }
}
