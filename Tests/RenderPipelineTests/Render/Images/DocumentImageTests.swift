import Foundation
import Testing
@testable import RenderPipeline

/// Bitmaps on vector pages: named for the document, so a PDF holds each once however many pages
/// show it, even after its pixels were released and decoded again; a JPEG stored upright goes in
/// as its own bytes, one turned by its EXIF orientation as the upright pixels.
@Suite struct DocumentImageTests {
    static let place = CGRect(x: 10, y: 10, width: 64, height: 48)

    static func count(_ word: String, in pdf: Data) -> Int {
        String(decoding: pdf, as: UTF8.self).components(separatedBy: word).count - 1
    }

    @Test("a JPEG stored upright goes into a PDF once, as its own bytes")
    func uprightJPEGAsItsBytes() throws {
        let jpeg = try ExifOrientationTests.quadrantJPEG()
        let pdf = try ImageRecordingTests.pdf(pages: 3, [try ImageSource(data: jpeg, path: "q.jpg")], [Self.place])
        #expect(Self.count("/DCTDecode", in: pdf) == 1)
        #expect(pdf.range(of: jpeg) != nil, "the file's bytes, unchanged")
    }

    @Test("a JPEG turned by its EXIF orientation goes in as the upright pixels")
    func turnedJPEGAsPixels() throws {
        let jpeg = ExifOrientationTests.inserting(ExifOrientationTests.app1(orientation: 6), into: try ExifOrientationTests.quadrantJPEG())
        let pdf = try ImageRecordingTests.pdf(pages: 2, [try ImageSource(data: jpeg, path: "six.jpg")], [Self.place])
        #expect(Self.count("/DCTDecode", in: pdf) == 0)
        #expect(Self.count("/Subtype /Image", in: pdf) == 1)
    }

    @Test("a bitmap whose pixels were released and decoded again is still one image of a PDF")
    func decodedAgainIsTheSameImage() throws {
        let source = try ImageSource(data: try ImageRasterTests.png(), path: "gradient.png")
        let document = try CairoVectorSurface(document: .pdf, width: 100, height: 80)
        for _ in 0..<3 {
            let cairo = document.makeContext()
            source.draw(in: Self.place, on: cairo)
            cairo.showPage()
            source.releasePixels()
        }
        #expect(Self.count("/Subtype /Image", in: try document.finish("writing the test PDF")) == 1)
    }
}
