import Foundation
import Testing
@testable import Preview

@Suite("card query")
struct CardQueryTests {
    @Test("form encoding: + is a space, %XX a UTF-8 byte, a name without = is the empty text")
    func decoding() throws {
        let values = try CardQuery.values("title=Hej+d%C3%A5+%26+tack&price=12.5&empty&plus=%2B")
        #expect(values == ["title": "Hej då & tack", "price": "12.5", "empty": "", "plus": "+"])
        #expect(try CardQuery.values(nil) == [:])
        #expect(try CardQuery.values("") == [:])
        #expect(try CardQuery.values("a=1&&b=2") == ["a": "1", "b": "2"])
    }

    @Test("a name twice, a bad escape, NUL, no name, and the limits are refused with their status")
    func refusals() {
        func status(_ query: String) -> (Int, String?)? {
            do { _ = try CardQuery.values(query); return nil } catch { return (error.status, error.parameter) }
        }
        #expect(status("a=1&a=2")! == (400, "a"))
        #expect(status("a=%ZZ")! == (400, "a"))
        #expect(status("a=%C3")! == (400, "a"))
        #expect(status("a=%00")! == (400, "a"))
        #expect(status("=x")! == (400, nil))
        #expect(status("a=" + String(repeating: "x", count: CardQuery.maximumValueBytes + 1))! == (400, "a"))
        #expect(status("a=" + String(repeating: "x", count: CardQuery.maximumValueBytes)) == nil)
        #expect(status(String(repeating: "x", count: CardQuery.maximumBytes + 1))?.0 == 414)
        #expect(status((0...CardQuery.maximumParameters).map { "p\($0)=1" }.joined(separator: "&"))?.0 == 400)
    }
}
