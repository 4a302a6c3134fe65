import Foundation
import Testing
@testable import RenderPipeline

/// An SVG on vector pages: librsvg draws it once at each size into a recording that every page
/// replays, so a document holds it once however many pages show it, and however many times the
/// same bytes were decoded; a page drawn from a kept recording is the page a fresh one makes.
@Suite struct ImageRecordingTests {
    static let svg = Data(#"""
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">
          <circle cx="20" cy="15" r="12" fill="#C0392B"/><rect x="2" y="2" width="10" height="6" fill="#2C3E50"/>
        </svg>
        """#.utf8)

    static func source() throws -> ImageSource { try ImageSource(data: svg, path: "mark.svg") }

    /// A PDF whose page `n` shows `sources[n % count]` at `rects[n % count]`.
    static func pdf(pages: Int, _ sources: [ImageSource], _ rects: [CGRect]) throws -> Data {
        let document = try CairoVectorSurface(document: .pdf, width: 100, height: 80)
        for page in 0..<pages {
            let cairo = document.makeContext()
            sources[page % sources.count].draw(in: rects[page % rects.count], on: cairo)
            cairo.showPage()
        }
        return try document.finish("writing the test PDF")
    }

    /// The Form XObjects of a PDF: what Cairo writes a painted recording as.
    static func forms(_ pdf: Data) -> Int {
        String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Subtype /Form").count - 1
    }

    static let place = CGRect(x: 10, y: 12.5, width: 60, height: 45)

    @Test("an SVG on every page of a PDF goes in once, decoded once or again; at another size once more")
    func onceADocument() throws {
        let one = Self.forms(try Self.pdf(pages: 1, [try Self.source()], [Self.place]))
        #expect(one >= 1, "the SVG as a form")
        #expect(Self.forms(try Self.pdf(pages: 6, [try Self.source()], [Self.place])) == one, "six pages, one form")
        #expect(Self.forms(try Self.pdf(pages: 6, [try Self.source(), try Self.source()], [Self.place])) == one,
                "two decodings of the same bytes, one form")
        let moved = Self.place.offsetBy(dx: 7.25, dy: -3)
        #expect(Self.forms(try Self.pdf(pages: 4, [try Self.source()], [Self.place, moved])) == one, "moved, the same form")
        let larger = CGRect(x: 5, y: 5, width: 80, height: 60)
        #expect(Self.forms(try Self.pdf(pages: 4, [try Self.source()], [Self.place, larger])) == one + 1, "another size, one more")
    }

    /// Two SVGs alike but for a colour past their first 80 bytes (as far as `Data`'s own hash
    /// reads) are two objects of a document, each drawn as itself.
    @Test("SVGs that differ only in a late byte are two objects of a PDF")
    func lateDifferencesAreSeen() throws {
        let other = try ImageSource(data: Data(String(decoding: Self.svg, as: UTF8.self).replacingOccurrences(of: "#2C3E50", with: "#2C3E51").utf8),
                                    path: "other.svg")
        #expect(other.contentName != (try Self.source()).contentName)
        let one = Self.forms(try Self.pdf(pages: 1, [try Self.source()], [Self.place]))
        #expect(Self.forms(try Self.pdf(pages: 2, [try Self.source(), other], [Self.place])) == 2 * one)
    }

    @Test("a page drawn from a kept recording is the bytes of one drawn from a fresh one")
    func keptIsFresh() throws {
        let source = try Self.source()
        let fresh = try Self.pdf(pages: 1, [source], [Self.place])
        #expect(try Self.pdf(pages: 1, [source], [Self.place]) == fresh)
        #expect(try Self.pdf(pages: 1, [try Self.source()], [Self.place]) == fresh)
    }
}
